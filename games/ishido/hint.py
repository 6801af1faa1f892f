"""HINT in Ishido: the coach's cell for the current stone, and the expected final score of the
best few cells. The coach samples orders of the pouch's known contents (never the real order);
a hint runs it on a smaller budget than the benchmark's, to answer in a small fraction of a
second."""

from __future__ import annotations

from django.utils.translation import gettext

from games.coach.ishido import Coach
from games.core.hints import Choice, Hint, number
from games.ishido.display import seen_place, spoken_name
from games.rules import ishido as rules

HINT_COACH = Coach(placements=6000)
SHOWN = 3  # cells listed with their values


def coach_hint(state: rules.State) -> Hint:
    values = HINT_COACH.action_values(state)
    best, _ = values[0]
    stone = state.current_stone
    assert stone is not None  # a running game always shows its current stone
    advice = seen_place(
        gettext("Place the %(stone)s on row %(row)d, column %(column)d."),
        best.cell,
        {"stone": spoken_name(stone)},
    )
    # The coach's cell first; the others by value (a cell the search dropped early has a
    # rougher value, so the list is sorted rather than taken in the search's order).
    others = sorted(values[1:], key=lambda item: -item[1])[: SHOWN - 1]
    choices = tuple(
        Choice(
            seen_place(gettext("Row %(row)d, column %(column)d"), place.cell),
            number(value, 0),
            index == 0,
        )
        for index, (place, value) in enumerate([values[0], *others])
    )
    note = gettext(
        "Expected final score, over sampled orders of the stones left in the pouch (never "
        "their real order):"
    )
    return Hint(best.text(), advice, choices, note, cells=frozenset({best.cell}))
