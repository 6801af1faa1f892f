"""MAGDAGDON's how-to-play (games.core.tutorial): the first turn on a fixed, public deal.

Its first roll is 5 4 2 3: every die fits beside another (M9), so whatever die the player
starts with, a second one lights up, and all four can go down in a chain.
"""

from django.utils.translation import gettext, ngettext

from games.core.tutorial.steps import TutorialStep
from games.rules import magdagdon as rules

SEED = "cubiri-how-to-play-magdagdon-33"
STEPS = 5


def step(state: rules.State) -> TutorialStep:
    """The step for `state`: roll, place a first die, a second beside it, confirm, done."""
    if state.turns == 0 and state.phase == rules.ROLLING:
        return TutorialStep(1, STEPS, gettext("Tap ROLL: the server rolls your four dice."))
    if state.turns == 0 and state.phase == rules.PLACING:
        staged = len(state.staged)
        if staged == 0:
            text = gettext(
                "Tap a die, then a highlighted cell. The board is empty, so your first die "
                "may go on any cell."
            )
            return TutorialStep(2, STEPS, text)
        if staged == 1:
            text = gettext(
                "Now a second die: it must touch a number (diagonals do not count) and differ "
                "by at most 1 from every number it touches. Only those cells light up."
            )
            return TutorialStep(3, STEPS, text)
        required = rules.required(state)
        text = ngettext(
            "That is the %(required)d die this turn needs. Stage another if it fits, or tap "
            "CONFIRM: unused dice are discarded.",
            "That is the %(required)d dice this turn needs. Stage another if one fits, or tap "
            "CONFIRM: unused dice are discarded.",
            required,
        ) % {"required": required}
        return TutorialStep(4, STEPS, text)
    text = gettext(
        "Your first turn is done: confirmed dice stay for good. Every row and column adds up "
        "its numbers, and a full line earns a bonus (a straight +60). The game ends when all "
        "16 cells are filled."
    )
    return TutorialStep(5, STEPS, text, done=True)
