"""The preview picture of a finished game (see the package's docstring)."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from games.core.models import Game
from games.core.preview import drawing
from games.core.security import address_per_minute

# Part of every kept picture's key: a change of the drawing draws every picture anew.
DRAWING_VERSION = 1
KEEP_SECONDS = 60 * 60 * 24 * 30
TOO_MANY_MESSAGE = _(
    "Too many preview pictures were drawn for your address in a minute (at most %(limit)d). "
    "Please try again within a minute."
)


@require_safe
def preview(request: HttpRequest, game_id: int) -> HttpResponse:
    """The 1200×630 PNG of a finished game's final board; a daily challenge's only once its
    day is over (as its replay)."""
    game = get_object_or_404(Game, pk=game_id)
    if not game.seed_revealed:
        raise Http404("A game's preview is shown once its replay is.")
    key = f"preview:{DRAWING_VERSION}:{game.pk}"
    picture = cache.get(key)
    if picture is None:
        limit = settings.PREVIEW_LIMIT
        if retry := address_per_minute(request, "preview", limit):
            message = TOO_MANY_MESSAGE % {"limit": limit}
            response = render(request, "core/refused.html", {"message": message}, status=429)
            response["Retry-After"] = str(retry)
            return response
        picture = draw(game)
        cache.set(key, picture, KEEP_SECONDS)
    response = HttpResponse(picture, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"  # a finished game's board stays
    return response


def draw(game: Game) -> bytes:
    """The picture: the shared card, and the final board by the game's own hook."""
    kind = game.kind
    state = game.state
    with translation.override("en"):
        options = kind.options_from_dict(game.options)
        fields = kind.result(state, options)
        label = ""
        if fields is not None and fields.leaderboard in dict(kind.leaderboards):
            label = str(kind.leaderboard_label(fields.leaderboard))
        canvas = drawing.canvas()
        score = fields.score if fields is not None else None
        drawing.card(canvas, kind.name, label, score, f"game #{game.pk}")
        kind.draw_preview(canvas, state)
    return drawing.png(canvas)
