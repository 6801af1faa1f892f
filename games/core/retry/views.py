"""The "Try again" page of a flagged decision (games.core.retry.attempt): GET shows the position,
a POST of the player's new choice answers how it compares (a plain form; htmx swaps `#retry`).
Public like the review; one coach analysis of one position per request, kept in the cache, and
counted per visitor (settings.RETRY_LIMITS, else 429). It never writes the game."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games.coach import review as analysis
from games.core.models import Game
from games.core.play.response import HtmxHttpRequest
from games.core.retry.attempt import analysed, answer, kept, played
from games.core.review.digest import ROWS_PER_PAGE
from games.core.review.display import GRADE_LABELS
from games.core.review.models import DecisionPage, Review
from games.core.review.replays import NotPrepared, state_at
from games.core.review.store import NotReviewable, check_reviewable
from games.core.security import address_per_minute
from games.rules import IllegalMove

TOO_MANY = _(
    "Too many tries from your address in a minute (at most %(limit)d). Nothing was changed; "
    "please try again in %(seconds)d seconds."
)


def decision_of(review: Review, number: int) -> dict[str, Any] | None:
    """Decision `number` of a finished review, read from the one page that holds it."""
    rows = (
        DecisionPage.objects.filter(
            review=review, flagged=False, number=(number - 1) // ROWS_PER_PAGE + 1
        )
        .values_list("rows", flat=True)
        .first()
    )
    found: dict[str, Any] | None = next((d for n, d in rows or () if n == number), None)
    return found


@require_http_methods(["GET", "POST"])
def retry(request: HtmxHttpRequest, game_id: int, number: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        check_reviewable(game)
    except NotReviewable as refused:
        refusal = {"message": refused.message, "title": gettext("No review yet")}
        return render(request, "core/refused.html", refusal, status=404)
    review = (
        Review.objects.filter(game=game, format=analysis.FORMAT, done_at__isnull=False)
        .defer("decisions")
        .first()
    )
    decision = decision_of(review, number) if review is not None else None
    kind = game.kind
    if decision is None or not decision["grade"] or not kind.retry_template:
        raise Http404("no flagged decision of that number")
    try:
        state = state_at(game, decision["step"])
    except NotPrepared as missing:
        raise Http404("the replay is being prepared") from missing
    context: dict[str, Any] = {
        "game": game,
        "kind": kind,
        "number": number,
        "seen": kind.review_seen(decision["context"]),
        "grade_label": GRADE_LABELS.get(decision["grade"], ""),
        "position": kind.retry_view(state),
        "answer": None,
        "error": "",
    }
    status = 200
    if request.method == "POST":
        status = _try(request, game, number, state, decision, context)
    template = "retry/retry.html#retry" if request.htmx else "retry/retry.html"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    if status == 429:
        response["Retry-After"] = context["retry_after"]
    return response


def _try(
    request: HtmxHttpRequest,
    game: Game,
    number: int,
    state: Any,
    decision: dict[str, Any],
    context: dict[str, Any],
) -> int:
    """Read, check and value the new choice into `context`; the answer's status."""
    kind = game.kind
    try:
        actions = kind.retry_actions(state, request.POST)
        states = played(kind, game.pk, number, state, actions)
    except IllegalMove as error:
        context["error"] = kind.refusal_text(error)
        return 400
    found = kept(game.pk, number, actions)
    if found is None:  # coach work: counted
        limit = settings.RETRY_LIMITS["address"]
        if seconds := address_per_minute(request, "retry-address", limit):
            context["error"] = TOO_MANY % {"limit": limit, "seconds": seconds}
            context["retry_after"] = str(seconds)
            return 429
        found = analysed(kind, game.pk, number, states, actions)
    context["answer"] = answer(kind, found, decision, kind.review_position(state))
    return 200
