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
            "Place the stone next to one that matches its colour or its shape: tap a "
            "highlighted cell."
        )
        return TutorialStep(1, STEPS, text)
    if placed == 1 and not state.is_finished:
        text = gettext(
            "A stone must match every stone it touches: with two neighbours, one by colour and "
            "the other by shape. Inside the grey border it scores 1, 2, 4 or 8 points for 1 to "
            "4 neighbours; on the border nothing."
        )
        return TutorialStep(2, STEPS, text)
    if placed == 2 and not state.is_finished:
        text = gettext(
            "Aim for a 4-way: a stone with four neighbours, two matched by colour and two by "
            "shape. It earns a bonus and doubles the points of every later stone."
        )
        return TutorialStep(3, STEPS, text)
    text = gettext(
        "That is the game: place all 72 stones. It ends when the pouch is empty or a stone "
        "fits nowhere; with two stones or fewer left you earn an end bonus."
    )
    return TutorialStep(4, STEPS, text, done=True)
