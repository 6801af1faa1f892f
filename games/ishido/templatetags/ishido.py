"""`{% ishido_board state game readonly as view %}`: the board partial's drawing data, for the
play page, the htmx swap and the replay page alike."""

from typing import Any

from django import template

from games.ishido.display import BoardView, board_view

register = template.Library()


@register.simple_tag
def ishido_board(state: Any, game: Any, readonly: bool = False) -> BoardView:
    playable = bool(game is not None and game.is_active and not readonly)
    return board_view(state, playable=playable)
