"""The review page of a finished game: public like its replay. It only reads the stored review;
the first visit asks the background worker for it (games.core.review.store.request_review)."""

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from games.core.models import Game, Result
from games.core.play.response import HtmxHttpRequest
from games.core.review.display import page
from games.core.review.store import NotReviewable, check_reviewable, request_review


@require_GET
def review(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The page, or only its `#analysis` part for the page's own poll (htmx). It lists the
    flagged decisions, each with its picture and a "Try again"; `?show=all` every decision."""
    game = get_object_or_404(Game.objects.select_related("player"), pk=game_id)
    try:
        check_reviewable(game)
    except NotReviewable as refused:
        refusal = {"message": refused.message, "title": gettext("No review yet")}
        return render(request, "core/refused.html", refusal, status=404)
    number = request.GET.get("page", "")
    flagged_only = request.GET.get("show") != "all"  # the flagged decisions first
    shown = page(
        game,
        request_review(game, request),
        flagged_only=flagged_only,
        page_number=int(number) if number.isascii() and number.isdigit() and len(number) < 7 else 1,
    )
    context: dict[str, Any] = {
        "game": game,
        "kind": game.kind,
        "review": shown,
        "flagged_only": flagged_only,
        "result": Result.objects.filter(game=game).first(),
    }
    htmx = bool(request.htmx)
    response = render(
        request, "review/review.html#analysis" if htmx else "review/review.html", context
    )
    patch_vary_headers(response, ["HX-Request"])
    return response
