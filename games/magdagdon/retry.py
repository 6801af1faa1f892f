"""MAGDAGDON's "Try again" from a review (MagdagdonKind.retry_view and retry_actions): the same
roll and board; a cell for each die then CONFIRM, a power, or (MAGDAGDON) the cell to ruin
(templates/magdagdon/_retry.html). The rules refuse what the game would."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn

from django.http import QueryDict
from django.utils.translation import gettext, gettext_noop, pgettext

from games.coach import Advice
from games.coach.magdagdon.plan import Plan
from games.magdagdon.display import where
from games.rules import InvalidMove, magdagdon

UNREADABLE = gettext_noop("Choose a cell for the dice you place, then CONFIRM.")


@dataclass(frozen=True)
class Position:
    ruin: bool  # MAGDAGDON: a cell to ruin
    dice: tuple[tuple[int, int], ...]  # (index in the roll, face)
    board: tuple[str, ...]  # the 16 cells: "", "1"-"6" or "X"
    empty: tuple[tuple[int, str], ...]  # (cell, its name) of every empty cell
    required: int  # dice to place at least
    powers: tuple[tuple[str, str], ...]  # (field value, label) of each DECREASE and INCREASE
    reroll: bool  # REROLL is open


def view(state: magdagdon.State) -> Position:
    name = pgettext("a MAGDAGDON cell", "row %(row)d, column %(column)d")
    legal = magdagdon.legal_actions(state)
    powers = []
    for action in legal:
        if isinstance(action, magdagdon.Decrease):
            text = gettext("DECREASE die %(face)d to %(new)d")
            values = {"face": state.roll[action.die], "new": state.roll[action.die] - 1}
            powers.append((f"decrease-{action.die}", text % values))
        elif isinstance(action, magdagdon.Increase):
            text = gettext("INCREASE die %(face)d to %(new)d")
            values = {"face": state.roll[action.die], "new": state.roll[action.die] + 1}
            powers.append((f"increase-{action.die}", text % values))
    return Position(
        ruin=state.phase == magdagdon.MAGDAGDON,
        dice=tuple(enumerate(state.roll)),
        board=tuple("" if c is None else str(c) for c in state.board),
        empty=tuple((c, name % where(c)) for c in range(16) if state.board[c] is None),
        required=magdagdon.required(state),
        powers=tuple(powers),
        reroll=any(isinstance(a, magdagdon.Reroll) for a in legal),
    )


def actions(state: magdagdon.State, data: QueryDict) -> list[Any]:
    if "ruin" in data:
        return [magdagdon.AcceptMagdagdon(_number(data.get("ruin", ""), 16))]
    power = data.get("power", "")
    if power == "reroll":
        dice = tuple(sorted({_number(d, len(state.roll)) for d in data.getlist("reroll")}))
        if not dice:
            _refused()
        return [magdagdon.Reroll(dice)]
    if power:
        word, _, which = power.partition("-")
        if word == "decrease":
            return [magdagdon.Decrease(_number(which, len(state.roll)))]
        if word == "increase":
            return [magdagdon.Increase(_number(which, len(state.roll)))]
        _refused()
    stages = []
    for die in range(len(state.roll)):
        cell = data.get(f"die{die}", "")
        if cell:
            stages.append(magdagdon.Stage(die, _number(cell, 16)))
    return [*stages, magdagdon.Confirm()]


def _number(text: str, below: int) -> int:
    if not (text.isascii() and text.isdigit() and int(text) < below):
        _refused()
    return int(text)


def _refused() -> NoReturn:
    raise InvalidMove(UNREADABLE)


def runner_up(advice: Advice) -> list[Any] | None:
    """The coach's best other whole plan of the roll (a board to CONFIRM, a RUIN cell or a
    power) as rules actions, for a puzzle's second-best choice; None before a roll."""
    for plan, _value in advice.alternatives[1:]:
        assert isinstance(plan, Plan)
        if plan.power is not None:
            return [plan.power]
        if plan.ruin is not None:
            return [magdagdon.AcceptMagdagdon(plan.ruin)]
        return [*(magdagdon.Stage(die, cell) for die, cell in plan.staging), magdagdon.Confirm()]
    return None
