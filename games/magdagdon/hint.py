"""HINT in MAGDAGDON: the coach's advice for the roll on show (games.coach.magdagdon.COACH, its
plan: games.coach.magdagdon.plan): the dice it stages and where, the RUIN it accepts, or the
Majda Power it uses. The list beside it compares whole plans (a staging is one board, however
it is ordered) by the expected final score, powers' penalties included."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext, pgettext

from games.coach import Advice
from games.coach.magdagdon.plan import Plan
from games.core.play.hint_panel import Hint, HintLine, number
from games.magdagdon.display import where
from games.rules import magdagdon as rules

SHOWN = 3  # lines in the list


def note() -> str:
    return gettext("Expected final score of each plan, powers' penalties included:")


def points(value: float) -> str:
    return number(value)


def place(cell: int) -> str:
    return gettext("row %(row)d, column %(column)d") % where(cell)


def staging_text(state: rules.State, staging: Iterable[tuple[int, int]]) -> str:
    """ "5 on row 2, column 1; 4 on row 3, column 1": the values say which dice."""
    steps = [
        gettext("%(value)d on %(cell)s") % {"value": state.roll[die], "cell": place(cell)}
        for die, cell in staging
    ]
    return "; ".join(steps)


def power_name(action: rules.Action) -> str:
    if isinstance(action, rules.Decrease):
        return gettext("DECREASE −1 on die %(die)d") % {"die": action.die + 1}
    if isinstance(action, rules.Increase):
        return gettext("INCREASE +1 on die %(die)d") % {"die": action.die + 1}
    assert isinstance(action, rules.Reroll)
    dice = ", ".join(str(die + 1) for die in action.dice)
    return gettext("REROLL dice %(dice)s") % {"dice": dice}


def power_dice(action: rules.Action) -> frozenset[int]:
    if isinstance(action, rules.Reroll):
        return frozenset(action.dice)
    return frozenset({getattr(action, "die", 0)})


def hint_for(state: rules.State, advice: Advice) -> Hint:
    """The hint in the visitor's words, from the coach's `advice` for `state`."""
    best = advice.action
    if state.phase == rules.ROLLING:
        text = gettext("ROLL the four dice.")
        choice = HintLine(gettext("ROLL"), points(advice.value), True)
        return Hint(best.text(), text, (choice,), note())
    plan: Plan = advice.plan
    alternatives = _alternatives(state, advice)
    first = ""
    if isinstance(best, rules.Unstage):
        first = gettext("Take die %(die)d back first.") % {"die": best.die + 1} + " "

    def answer(text: str, **marks: Any) -> Hint:
        """The hint: the advice in words (`first`, a take-back, before it) and what it marks."""
        return Hint(best.text(), first + text, alternatives, note(), **marks)

    if plan.power is not None:
        text = gettext("Use a Majda Power: %(power)s.") % {"power": power_name(plan.power)}
        return answer(text, dice=power_dice(plan.power))
    if plan.ruin is not None:
        text = gettext("Accept MAGDAGDON with the RUIN on %(cell)s.") % {"cell": place(plan.ruin)}
        return answer(text, cells=frozenset({plan.ruin}), labels=((plan.ruin, rules.RUIN),))
    staged = set(state.staged)
    todo = [(die, cell) for die, cell in plan.staging if (die, cell) not in staged]
    if isinstance(best, rules.Stage) and len(todo) > 1:
        text = gettext(
            "Stage die %(die)d (%(value)d) on %(cell)s first, then the other marked dice where "
            "they are drawn, and CONFIRM."
        )
    elif isinstance(best, rules.Stage):
        text = gettext("Stage die %(die)d (%(value)d) on %(cell)s, then CONFIRM.")
    else:
        text = gettext("CONFIRM: the staged dice are the coach's plan.")
    if isinstance(best, rules.Stage):
        text %= {"die": best.die + 1, "value": state.roll[best.die], "cell": place(best.cell)}
    labels = tuple((cell, str(state.roll[die])) for die, cell in todo)
    return answer(
        text,
        cells=frozenset(cell for _, cell in todo),
        dice=frozenset(die for die, _ in todo),
        labels=labels,
    )


def _alternatives(state: rules.State, advice: Advice) -> tuple[HintLine, ...]:
    """The coach's plan and the best few others, each a whole turn: a board to CONFIRM, a
    RUIN, or a power."""
    (plan, value), *others = advice.alternatives[:SHOWN]
    if plan.power is not None:
        label = power_name(plan.power)
    elif plan.ruin is not None:
        label = gettext("RUIN on %(cell)s") % {"cell": place(plan.ruin)}
    else:
        label = pgettext("hint", "The marked staging")
    shown = [HintLine(label, points(value), True)]
    shown += [HintLine(_other_label(state, other), points(v)) for other, v in others]
    return tuple(shown)


def _other_label(state: rules.State, other: Plan) -> str:
    if other.power is not None:
        return power_name(other.power)
    if other.ruin is not None:
        return gettext("RUIN on %(cell)s") % {"cell": place(other.ruin)}
    return pgettext("hint", "Or: %(steps)s") % {"steps": staging_text(state, other.staging)}
