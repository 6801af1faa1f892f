"""Ishido's how-to-play (games.core.tutorial): the first stones on a fixed, public deal."""

from django.utils.translation import gettext

from games.core.tutorial.steps import TutorialStep
from games.rules import ishido as rules

SEED = "cubiri-how-to-play-ishido-1"
STEPS = 4


def step(state: rules.State) -> TutorialStep:
    """The step for `state`: one step for each of the first three stones, then done."""
    placed = len(state.placements)
    if placed == 0 and not state.is_finished:
        text = gettext(
            "Place the stone next to one that matches its colour or its shape: tap a lit cell."
        )
        return TutorialStep(1, STEPS, text)
    if placed == 1 and not state.is_finished:
        text = gettext(
            "With two neighbours, match one by colour and the other by shape. Border cells "
            "score nothing."
        )
        return TutorialStep(2, STEPS, text)
    if placed == 2 and not state.is_finished:
        text = gettext(
            "Aim for a 4-way: four neighbours, two by colour, two by shape. It earns a bonus "
            "and doubles later points."
        )
        return TutorialStep(3, STEPS, text)
    text = gettext(
        "That is the game: place all 72 stones. Two or fewer left at the end earn a bonus."
    )
    return TutorialStep(4, STEPS, text, done=True)
