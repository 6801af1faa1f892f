"""MISHIMASH's how-to-play (games.core.tutorial): the first turn on a fixed, public deal.

Its first roll is 3 4 4 5 1 4 (three 4s, a 1 and a 5 score), and the next roll's first die is
a 1, so rolling again once never busts, however many dice are set aside.
"""

from django.utils.translation import gettext

from games.core.tutorial.steps import TutorialStep
from games.rules import mishimash as rules

SEED = "cubiri-how-to-play-mishimash-26"
STEPS = 4


def step(state: rules.State) -> TutorialStep:
    """The step for `state`: roll, set aside and roll again, set aside and bank, done."""
    if state.turns[0] == 0 and state.phase == "rolling":
        return TutorialStep(1, STEPS, gettext("Tap ROLL: the server rolls six dice."))
    if state.turns[0] == 0 and state.phase == "choosing" and state.k == 1:
        text = gettext(
            "Tap the dice that score to set them aside: a single 1 scores 1, a single 5 half a "
            "point, three of a kind its face (three 4s: 4, but three 1s: 10). Then tap ROLL "
            "AGAIN."
        )
        return TutorialStep(2, STEPS, text)
    if state.turns[0] == 0 and state.phase == "choosing":
        text = gettext(
            "This is roll %(k)d: what you set aside now counts ×%(k)d. A roll with nothing "
            "that scores is a bust and loses the whole turn: set aside what scores, then tap "
            "BANK to keep your points."
        ) % {"k": state.k}
        return TutorialStep(3, STEPS, text)
    if state.banked_halves[0]:
        text = gettext(
            "Banked: those points are yours for good. Play turn after turn until your bank "
            "reaches the target; the fewer turns, the higher you rank."
        )
    else:
        text = gettext(
            "A bust: this turn's points are lost, never those banked before. Play turn after "
            "turn until your bank reaches the target; the fewer turns, the higher you rank."
        )
    return TutorialStep(4, STEPS, text, done=True)
