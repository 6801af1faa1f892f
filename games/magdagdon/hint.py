"""HINT in MAGDAGDON: the coach's plan for the roll on show (games.coach.magdagdon.turn_plan):
the dice it stages and where, the RUIN it accepts, or the Majda Power it uses. The list beside
it compares whole plans (a staging is one board, however it is ordered) by the expected final
score, powers' penalties included."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext, pgettext

from games.coach import magdagdon as coach
from games.core.hints import Choice, Hint, number
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


def power_text(action: rules.Action) -> str:
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


def coach_hint(state: rules.State) -> Hint:
    best = coach.advise(state)
    if state.phase == rules.ROLLING:
        value = coach.action_values(state)[0][1]
        advice = gettext("ROLL the four dice.")
        return Hint(best.text(), advice, (Choice(gettext("ROLL"), points(value), True),), note())
    plan = coach.turn_plan(state)
    alternatives = _alternatives(state, plan)
    first = ""
    if isinstance(best, rules.Unstage):
        first = gettext("Take die %(die)d back first.") % {"die": best.die + 1} + " "
    if plan.power is not None:
        advice = gettext("Use a Majda Power: %(power)s.") % {"power": power_text(plan.power)}
        return Hint(
            best.text(),
            first + advice,
            alternatives,
            note(),
            dice=power_dice(plan.power),
        )
    if plan.ruin is not None:
        advice = gettext("Accept MAGDAGDON with the RUIN on %(cell)s.") % {"cell": place(plan.ruin)}
        return Hint(
            best.text(),
            first + advice,
            alternatives,
            note(),
            cells=frozenset({plan.ruin}),
            labels=((plan.ruin, rules.RUIN),),
        )
    staged = set(state.staged)
    todo = [(die, cell) for die, cell in plan.staging if (die, cell) not in staged]
    if isinstance(best, rules.Stage) and len(todo) > 1:
        advice = gettext(
            "Stage die %(die)d (%(value)d) on %(cell)s first, then the other marked dice where "
            "they are drawn, and CONFIRM."
        )
    elif isinstance(best, rules.Stage):
        advice = gettext("Stage die %(die)d (%(value)d) on %(cell)s, then CONFIRM.")
    else:
        advice = gettext("CONFIRM: the staged dice are the coach's plan.")
    if isinstance(best, rules.Stage):
        advice %= {"die": best.die + 1, "value": state.roll[best.die], "cell": place(best.cell)}
    labels = tuple((cell, str(state.roll[die])) for die, cell in todo)
    return Hint(
        best.text(),
        first + advice,
        alternatives,
        note(),
        cells=frozenset(cell for _, cell in todo),
        dice=frozenset(die for die, _ in todo),
        labels=labels,
    )


def _alternatives(state: rules.State, plan: coach.Plan) -> tuple[Choice, ...]:
    """The coach's plan and the best few others, each a whole turn: a board to CONFIRM, a
    RUIN, or a power."""
    left = rules.powers_left(state)
    lines: list[tuple[float, str]] = []
    plan_board = None
    if plan.staging:
        plan_board = list(state.board)
        for die, cell in plan.staging:
            plan_board[cell] = state.roll[die]
    required = rules.required_dice(state.board, state.difficulty)
    boards = coach.reachable_boards(state.board, state.roll, required)
    other = next(
        (
            b
            for b in coach.board_ranking(state)
            if b in boards and (plan_board is None or list(b) != plan_board)
        ),
        None,
    )
    if other is not None:
        label = pgettext("hint", "Or: %(steps)s") % {"steps": staging_text(state, boards[other])}
        lines.append((coach.board_value(state, other), label))
    if not boards:  # a MAGDAGDON: the best other RUIN cells
        ruins = [
            (a, v) for a, v in coach.action_values(state) if isinstance(a, rules.AcceptMagdagdon)
        ]
        lines += [
            (v, gettext("RUIN on %(cell)s") % {"cell": place(a.cell)})
            for a, v in ruins
            if a.cell != plan.ruin
        ][:2]
    if left > 0 and not state.staged:
        powers = [
            (a, v)
            for a, v in coach.action_values(state)
            if isinstance(a, rules.Decrease | rules.Increase | rules.Reroll) and a != plan.power
        ]
        if powers:
            action, value = max(powers, key=lambda item: item[1])
            lines.append((value, power_text(action)))
    lines.sort(key=lambda item: -item[0])
    if plan.power is not None:
        label = power_text(plan.power)
    elif plan.ruin is not None:
        label = gettext("RUIN on %(cell)s") % {"cell": place(plan.ruin)}
    else:
        label = pgettext("hint", "The marked staging")
    shown = [Choice(label, points(plan.value), True)]
    shown += [Choice(label, points(value)) for value, label in lines[: SHOWN - 1]]
    return tuple(shown)
