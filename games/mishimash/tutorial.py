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
            "Tap scoring dice to set them aside: a 1 scores 1, a 5 half a point, three 4s "
            "score 4. Then ROLL AGAIN."
        )
        return TutorialStep(2, STEPS, text)
    if state.turns[0] == 0 and state.phase == "choosing":
        text = gettext(
            "Roll %(k)d: what you set aside now counts ×%(k)d. A roll that scores nothing busts "
            "the whole turn: tap BANK."
        ) % {"k": state.k}
        return TutorialStep(3, STEPS, text)
    if state.banked_halves[0]:
        text = gettext(
            "Banked: those points are yours for good. Reach the target in as few turns as you can."
        )
    else:
        text = gettext(
            "Bust: this turn's points are lost, never those banked. Reach the target in as few "
            "turns as you can."
        )
    return TutorialStep(4, STEPS, text, done=True)
