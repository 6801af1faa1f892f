"""HINT in Ishido: the coach's cell for the current stone, and the expected final score of the
best few cells (its one answer, games.coach.ishido.COACH). The coach picks its cell by sampling
orders of the pouch's known contents (never the real order), on a smaller budget than the
benchmark's (games.coach.ishido.HINT), to answer in a small fraction of a second; every cell
listed is valued as the review values it (games.coach.ishido.value), so the hint and the review
give one cell one value, and a cell the search passed over may be valued above the coach's."""

from __future__ import annotations

from django.utils.translation import gettext

from games.coach import Advice
from games.core.play.hint_panel import Hint, HintLine, number
from games.ishido.display import seen_place, spoken_name
from games.rules import ishido as rules

SHOWN = 3  # cells listed with their values


def hint_for(state: rules.State, answer: Advice) -> Hint:
    """The hint in the visitor's words, from the coach's `answer` for `state`."""
    best = answer.action
    stone = state.current_stone
    assert stone is not None  # a running game always shows its current stone
    advice = seen_place(
        gettext("Place the %(stone)s on row %(row)d, column %(column)d."),
        best.cell,
        {"stone": spoken_name(stone)},
    )
    # The coach's cell first, then the others by value (the advice ranks them so).
    choices = tuple(
        HintLine(
            seen_place(gettext("Row %(row)d, column %(column)d"), place.cell),
            number(value, 0),
            index == 0,
        )
        for index, (place, value) in enumerate(answer.alternatives[:SHOWN])
    )
    note = gettext(
        "Expected final score if the coach plays every stone after it, as the review's chart "
        "values it (from the board and the stones left in the pouch, never their order); a "
        "cell the coach's search passed over is shown at most at the coach's cell's value:"
    )
    return Hint(best.text(), advice, choices, note, cells=frozenset({best.cell}))
