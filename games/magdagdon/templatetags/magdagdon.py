"""Filters of the MAGDAGDON pages: a score as the locale writes it, and a running game's score.
(The board's view model comes from the view; see games.magdagdon.display.)"""

from typing import Any

from django import template

from games.magdagdon.display import points_text
from games.magdagdon.panels import powers_panel as panel
from games.magdagdon.panels import stats_html
from games.rules import magdagdon

register = template.Library()


@register.filter
def points(value: int) -> str:
    """A score as the locale writes it, with a true minus sign: −15, 1 234."""
    return points_text(value)


@register.filter
def live_total(state: Any) -> int:
    return int(magdagdon.live_score(state).total)


@register.simple_tag
def powers_panel(board: Any, game: Any, csrf_field: object, opened: bool) -> str:
    """The Majda Powers panel (games.magdagdon.powers), built in Python: the board's one
    loop of forms."""
    return panel(board, game.pk, game.version, csrf_field, opened)


@register.simple_tag
def stats(board: Any, turns: int) -> str:
    """The stats line above the grid (games.magdagdon.panels)."""
    return stats_html(board, turns)
