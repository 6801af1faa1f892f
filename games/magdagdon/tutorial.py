"""MAGDAGDON's how-to-play (games.core.tutorial): the first turn on a fixed, public deal.

Its first roll is 5 4 2 3: every die fits beside another (M9), so whatever die the player
starts with, a second one lights up, and all four can go down in a chain.
"""

from django.utils.translation import gettext

from games.core.tutorial.steps import TutorialStep
from games.rules import magdagdon as rules

SEED = "cubiri-how-to-play-magdagdon-33"
STEPS = 5


def step(state: rules.State) -> TutorialStep:
    """The step for `state`: roll, place a first die, more beside it until the turn's minimum
    (M6: two on PEACEFUL) is staged, confirm, done."""
    if state.turns == 0 and state.phase == rules.ROLLING:
        return TutorialStep(1, STEPS, gettext("Tap ROLL: the server rolls your four dice."))
    if state.turns == 0 and state.phase == rules.PLACING:
        if not state.staged:
            text = gettext("Tap a die, then a lit cell. The board is empty: any cell will do.")
            return TutorialStep(2, STEPS, text)
        if not rules.can_confirm(state):
            text = gettext(
                "Next die: beside a number (not diagonally), at most 1 away from each one it "
                "touches."
            )
            return TutorialStep(3, STEPS, text)
        text = gettext("Enough for this turn: place more, or tap CONFIRM.")
        return TutorialStep(4, STEPS, text)
    text = gettext(
        "Turn done! Rows and columns add up their numbers; a full line earns a bonus (a "
        "straight +60). Fill all 16 cells."
    )
    return TutorialStep(5, STEPS, text, done=True)
