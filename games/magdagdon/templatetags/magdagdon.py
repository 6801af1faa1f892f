"""`{% magdagdon_board state game readonly die ruin as view %}`: the board partial's drawing
data, for the play page, the htmx swap and the replay page alike."""

from typing import Any

from django import template
from django.utils.formats import number_format

from games.magdagdon.display import BoardView, board_view
from games.rules import magdagdon

register = template.Library()


@register.simple_tag
def magdagdon_board(
    state: Any, game: Any, readonly: bool = False, die: int | None = None, ruin: bool = False
) -> BoardView:
    playable = bool(game is not None and game.is_active and not readonly)
    return board_view(state, playable=playable, die=die, ruin=ruin)


@register.filter
def points(value: int) -> str:
    """A score as the locale writes it, with a true minus sign: −15, 1 234."""
    text = number_format(abs(int(value)), force_grouping=True)
    return f"−{text}" if int(value) < 0 else text


@register.filter
def live_total(state: Any) -> int:
    return int(magdagdon.live_score(state).total)
