"""`{% mishimash_board state game readonly as view %}`: what the board partial draws, for the
play page, the htmx swap and the replay page (read-only, no request state) alike."""

from typing import Any

from django import template

from games.mishimash.display import Board, board

register = template.Library()


@register.simple_tag(takes_context=True)
def mishimash_board(context: Any, state: Any, game: Any, readonly: bool = False) -> Board:
    playable = bool(game is not None and game.is_active and not readonly)
    selection = context.get("selection", ()) if playable else ()
    moved = bool(context.get("moved")) and playable
    return board(state, playable=playable, selection=selection, moved=moved)
