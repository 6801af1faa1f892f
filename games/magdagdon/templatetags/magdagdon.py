"""`{% magdagdon_board state game readonly die ruin as view %}`: the board partial's drawing
data, for the play page, the htmx swap and the replay page alike; and the tags that draw the
board's repetitive parts (grid, dice tray, REROLL ticks, unstage forms) from it in Python,
see games/magdagdon/display.py for why."""

from typing import Any

from django import template
from django.template.backends.utils import csrf_input
from django.template.context import Context
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.safestring import SafeString

from games.magdagdon.display import (
    BoardView,
    board_view,
    grid_html,
    reroll_html,
    tray_html,
    unstage_forms_html,
)
from games.rules import magdagdon

register = template.Library()


@register.simple_tag
def magdagdon_board(
    state: Any, game: Any, readonly: bool = False, die: int | None = None, ruin: bool = False
) -> BoardView:
    playable = bool(game is not None and game.is_active and not readonly)
    return board_view(state, playable=playable, die=die, ruin=ruin)


@register.simple_tag
def magdagdon_grid(view: BoardView) -> SafeString:
    return grid_html(view)


@register.simple_tag
def magdagdon_tray(view: BoardView, game: Any) -> SafeString:
    # The page's URL only matters when the dice are links (a game that can be played).
    play_url = reverse("magdagdon:play", args=[game.pk]) if view.can_play else ""
    return tray_html(view, play_url)


@register.simple_tag
def magdagdon_reroll(view: BoardView) -> SafeString:
    return reroll_html(view)


@register.simple_tag(takes_context=True)
def magdagdon_unstage_forms(context: Context, view: BoardView, game: Any) -> SafeString:
    if not view.staged_any:
        return SafeString("")
    url = reverse("magdagdon:unstage", args=[game.pk])
    request = getattr(context, "request", None)  # what {% csrf_token %} draws, for Python HTML
    token_field = csrf_input(request) if request is not None else ""
    return unstage_forms_html(view, url, token_field, game.version)


@register.filter
def points(value: int) -> str:
    """A score as the locale writes it, with a true minus sign: −15, 1 234."""
    text = number_format(abs(int(value)), force_grouping=True)
    return f"−{text}" if int(value) < 0 else text


@register.filter
def live_total(state: Any) -> int:
    return int(magdagdon.live_score(state).total)
