"""Filters of the MAGDAGDON pages: a score as the locale writes it, and a running game's score.
(The board's view model comes from the view; see games.magdagdon.display.)"""

from typing import Any

from django import template
from django.utils.formats import number_format

from games.rules import magdagdon

register = template.Library()


@register.filter
def points(value: int) -> str:
    """A score as the locale writes it, with a true minus sign: −15, 1 234."""
    text = number_format(abs(int(value)), force_grouping=True)
    return f"−{text}" if int(value) < 0 else text


@register.filter
def live_total(state: Any) -> int:
    return int(magdagdon.live_score(state).total)
