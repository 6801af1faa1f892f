"""HINT in MISHIMASH: the coach's dice to set aside and BANK or ROLL AGAIN (its one answer,
games.coach.mishimash.COACH), with the values of the alternatives in the unit the coach answers
in (games.coach.mishimash.policies.policy) and the chance that the next roll busts."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext, pgettext

from games.coach import Advice
from games.coach.mishimash import policies as coach
from games.core.play.hint_panel import Hint, HintLine, number, percent
from games.rules import mishimash as rules


def value_text(unit: str, value: float) -> str:
    """A value in the unit (the advice's) that `unit_note` names above the list."""
    return percent(value) if unit == "chance" else number(value)


def unit_note(unit: str) -> str:
    if unit == "turns":
        return gettext("Expected turns to reach the target, this one included (lower is better):")
    if unit == "chance":
        return gettext(
            "Chance to end this turn ahead of every other player's banked score (higher is better):"
        )
    return gettext(
        "Expected points this turn; the coach has no table for this target (higher is better):"
    )


def dice_text(dice: Sequence[int]) -> str:
    return ", ".join(str(die + 1) for die in dice)


def move_label(action: rules.Action) -> str:
    if isinstance(action, rules.SelectAndBank):
        return pgettext("hint", "BANK")
    if isinstance(action, rules.SelectAndRollAgain):
        return pgettext("hint", "ROLL AGAIN")
    return pgettext("hint", "ROLL")


def with_risk(state: rules.State, action: rules.Action, text: str) -> str:
    risk = coach.roll_risk(state, action)
    if risk is None:
        return text
    return gettext("%(value)s · bust %(chance)s") % {"value": text, "chance": percent(risk)}


def hint_for(state: rules.State, answer: Advice) -> Hint:
    """The hint for the player to move (solo or hot-seat; online tables offer none), from
    the coach's `answer` for `state`."""
    unit, values, best = answer.unit, answer.alternatives, answer.action
    if not isinstance(best, rules.SelectAndBank | rules.SelectAndRollAgain):
        risk = percent(coach.bust_chance(rules.DICE))
        advice = gettext("ROLL the six dice (a bust has a chance of %(chance)s).") % {
            "chance": risk
        }
        rolls = tuple(
            HintLine(move_label(a), value_text(unit, v), i == 0) for i, (a, v) in enumerate(values)
        )
        return Hint(best.text(), advice, rolls, unit_note(unit))
    same = [(a, v) for a, v in values if getattr(a, "dice", None) == best.dice]
    choices = [
        HintLine(move_label(a), with_risk(state, a, value_text(unit, v)), a == best)
        for a, v in same
    ]
    other = next(((a, v) for a, v in values if getattr(a, "dice", None) != best.dice), None)
    if other is not None:
        action, value = other
        label = gettext("Dice %(dice)s, then %(move)s") % {
            "dice": dice_text(getattr(action, "dice", ())),
            "move": move_label(action),
        }
        choices.append(HintLine(label, with_risk(state, action, value_text(unit, value))))
    count = len(best.dice)
    if isinstance(best, rules.SelectAndBank):
        advice = ngettext(
            "Set aside die %(dice)s, then BANK.", "Set aside dice %(dice)s, then BANK.", count
        )
    else:
        advice = ngettext(
            "Set aside die %(dice)s, then ROLL AGAIN.",
            "Set aside dice %(dice)s, then ROLL AGAIN.",
            count,
        )
    return Hint(
        best.text(),
        advice % {"dice": dice_text(best.dice)},
        tuple(choices),
        unit_note(unit),
        dice=frozenset(best.dice),
        button="bank" if isinstance(best, rules.SelectAndBank) else "roll-again",
    )
