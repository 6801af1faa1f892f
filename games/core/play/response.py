"""The one board response: every game page and every htmx swap of a board goes through it."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.backends.utils import csrf_input
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django_htmx.middleware import HtmxDetails

from games.core.daily.challenges import end_screen
from games.core.html import EMPTY
from games.core.kinds import GameKind
from games.core.models import Game
from games.core.play.ending import ending
from games.core.play.hint_panel import Hint, HintPanel, panel
from games.core.tutorial.steps import current_step


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (its docs' typing recipe)."""

    htmx: HtmxDetails


def board_response(
    request: HtmxHttpRequest,
    game: Game,
    *,
    error: str = "",
    status: int = 200,
    hint_panel: HintPanel | None = None,
    hint: Hint | None = None,
    **extra: Any,
) -> HttpResponse:
    """The game page, or only its `#board` partial for htmx: the same URL answers both, so the
    answer always says `Vary: HX-Request` (else Back shows a cached partial as the page).

    The view model comes from the game's kind; the UI state (a selected die, ticked dice, a
    display switch) from the request, checked against the state. After an htmx move the
    address bar drops UI state that no longer applies (`HX-Replace-Url`).

    `coach`: the HINT panel asking or showing a hint (games.core.play.hint), `hint` the hint the
    board marks. Such an answer follows no move, so the UI is read as for a page (status 0).
    """
    kind = game.kind
    state = game.state
    ui = kind.ui(request, state, status=0 if hint_panel is not None else status)
    drawn = kind.board_view(state, playable=game.is_active, ui=ui, hint=hint) if hint else None
    context: dict[str, Any] = {
        "game": game,
        "state": state,
        "board": drawn or kind.board_view(state, playable=game.is_active, ui=ui),
        "hint_panel": hint_panel or panel(game),
        "error": error,
        "daily_end": end_screen(request, game),  # None unless a daily challenge has ended
        "tutorial": current_step(game),  # a how-to-play's step (games.core.tutorial), or None
        **extra,
    }
    if game.status == Game.Status.FINISHED:
        context["ending"] = ending(request, game)
    htmx = bool(request.htmx)
    # A plain POST carries the CSRF token as a form field. A board that htmx swapped in is only
    # ever submitted by htmx, which sends the token in its header (hx-headers on <body>), so
    # the answer leaves the field out of its forms: 130 bytes each, and no template include.
    context["csrf_field"] = EMPTY if htmx else csrf_input(request)
    if not htmx:
        context["defs"] = defs(kind, context["board"])
    response = render(
        request, kind.board_partial if htmx else kind.template, context, status=status
    )
    patch_vary_headers(response, ["HX-Request"])
    if htmx and request.method == "POST" and status == 200:
        response["HX-Replace-Url"] = game_url(game, kind.ui_query(ui))
    return response


# Each kind's `defs` partial as rendered in each language: constant markup (GameKind.defs_partial),
# a good part of a page's render (Ishido's 36 stone symbols), the same for every visitor.
_DEFS: dict[tuple[str, str], SafeString] = {}


def defs(kind: GameKind, board: Any) -> SafeString:
    """The kind's `defs` partial in the visitor's language, rendered once and kept."""
    key = (kind.key, get_language() or "")
    kept = _DEFS.get(key)
    if kept is None:
        kept = _DEFS[key] = render_to_string(kind.defs_partial, {"board": board})
    return kept


def game_url(game: Game, query: str = "") -> str:
    """The game page's address, with the UI state worth keeping after a move."""
    url = game.get_absolute_url()
    return f"{url}?{query}" if query else url
