"""The MAGDAGDON coach: which die where, when to CONFIRM, when a Majda Power pays, which RUIN.

Value unit: the expected final score (M21, power penalties included), higher is better.
`advise(state)` plays the best turn plan found from the confirmed board and the whole roll
(`turn_plan`): every board the roll can legally make (any staging order, M11) is valued by
`magdagdon_eval.expected_final` (the score so far, what the open cells and lines can still earn,
and the exact chance that the next roll is a MAGDAGDON); powers are weighed against their
penalty (M5), DECREASE/INCREASE exactly, REROLL as an expectation over the new faces. The coach
reads only the visible state: board, roll, staged dice and powers used.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from games.coach.magdagdon_eval import expected_final
from games.rules.magdagdon import (
    CELLS,
    PENALTIES,
    ROLLING,
    RUIN,
    AcceptMagdagdon,
    Action,
    Board,
    Confirm,
    Decrease,
    Difficulty,
    Increase,
    Reroll,
    Roll,
    Stage,
    State,
    Unstage,
    available_dice,
    current_board,
    legal_actions,
    legal_cells,
    required_dice,
)

RISK_CHECKED = 6  # plans whose next-roll MAGDAGDON chance is computed exactly, best first
Staging = tuple[tuple[int, int], ...]  # (die index, cell) in staging order


@lru_cache(maxsize=4096)
def reachable_boards(board: Board, roll: tuple[int, ...], required: int) -> dict[Board, Staging]:
    """Every board that stages at least `required` dice of `roll` legally, with one staging
    order that reaches it (M9-M11); empty when the roll is a MAGDAGDON."""
    found: dict[Board, Staging] = {}
    seen: set[tuple[Board, int]] = set()

    def grow(current: Board, used: int, staging: Staging) -> None:
        if (current, used) in seen:
            return
        seen.add((current, used))
        if len(staging) >= required and current not in found:
            found[current] = staging
        tried: set[int] = set()
        for die, value in enumerate(roll):
            if used >> die & 1 or value in tried:
                continue
            tried.add(value)
            for cell in legal_cells(current, value):
                placed = current[:cell] + (value,) + current[cell + 1 :]
                grow(placed, used | 1 << die, (*staging, (die, cell)))

    grow(board, 0, ())
    return found


@dataclass(frozen=True)
class Plan:
    """The coach's turn: a staging to CONFIRM, a RUIN cell to accept, or a power to use."""

    value: float
    staging: Staging = ()
    ruin: int | None = None
    power: Action | None = None


def _penalty(difficulty: Difficulty, used: int) -> int:
    return sum(PENALTIES[difficulty][:used])


@lru_cache(maxsize=4096)
def _place_or_ruin(
    board: Board, roll: tuple[int, ...], difficulty: Difficulty, left: int, risk: bool
) -> Plan:
    """The best plan without (more) powers: the best board to confirm, else the best RUIN."""
    boards = reachable_boards(board, roll, required_dice(board, difficulty))
    if not boards:
        return _best_ruin(board, difficulty, left)
    rough = sorted(
        ((expected_final(b, difficulty, left, risk=False), b) for b in boards),
        key=lambda item: -item[0],
    )
    if risk:
        checked = [(expected_final(b, difficulty, left), b) for _, b in rough[:RISK_CHECKED]]
        value, best = max(checked, key=lambda item: item[0])
    else:
        value, best = rough[0]
    return Plan(value, staging=boards[best])


def _best_ruin(board: Board, difficulty: Difficulty, left: int) -> Plan:
    options = []
    for cell in range(CELLS):
        if board[cell] is None:
            ruined = board[:cell] + (RUIN,) + board[cell + 1 :]
            options.append((expected_final(ruined, difficulty, left), cell))
    value, cell = max(options, key=lambda item: (item[0], -item[1]))
    return Plan(value, ruin=cell)


def _rerolled(roll: tuple[int, ...], dice: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
    """The rolls a REROLL of `dice` can give, with their chances (faces kept in place)."""
    outcomes = []
    for faces in itertools.product(range(1, 7), repeat=len(dice)):
        new = list(roll)
        for die, face in zip(dice, faces, strict=True):
            new[die] = face
        outcomes.append((tuple(new), 1 / 6 ** len(dice)))
    return outcomes


def power_value(state: State, power: Action) -> float:
    """The expected final score after using `power` now and then playing the best plan."""
    return _power_value(state.board, state.roll, state.difficulty, len(state.powers_used), power)


def _power_value(
    board: Board,
    roll: tuple[int, ...],
    difficulty: Difficulty,
    used: int,
    power: Action,
    risk: bool = True,
) -> float:
    left = len(PENALTIES[difficulty]) - used - 1
    cost = _penalty(difficulty, used + 1)
    if isinstance(power, Decrease | Increase):
        step = 1 if isinstance(power, Increase) else -1
        new = roll[: power.die] + (roll[power.die] + step,) + roll[power.die + 1 :]
        return _place_or_ruin(board, new, difficulty, left, risk).value - cost
    assert isinstance(power, Reroll)
    total = 0.0
    for new, chance in _rerolled(roll, power.dice):
        total += chance * _place_or_ruin(board, tuple(sorted(new)), difficulty, left, False).value
    return total - cost


def _powers_left(state: State) -> int:
    return len(PENALTIES[state.difficulty]) - len(state.powers_used)


def _considered_powers(roll: tuple[int, ...], rescue: bool) -> list[Action]:
    """The powers `advise` weighs (the whole roll available): every DECREASE/INCREASE; REROLL
    of one die or of all four only to rescue a MAGDAGDON (`action_values` values the rest)."""
    dice = range(len(roll))
    powers: list[Action] = [Decrease(d) for d in dice if roll[d] > 1]
    powers += [Increase(d) for d in dice if roll[d] < 6]
    if rescue:
        powers += [Reroll((d,)) for d in dice]
        powers.append(Reroll(tuple(dice)))
    return powers


def turn_plan(state: State) -> Plan:
    """The coach's plan for the roll showing, from the confirmed board and the whole roll."""
    return _turn_plan(state.board, state.roll, state.difficulty, len(state.powers_used))


@lru_cache(maxsize=1024)
def _turn_plan(board: Board, roll: tuple[int, ...], difficulty: Difficulty, used: int) -> Plan:
    left = len(PENALTIES[difficulty]) - used
    plan = _place_or_ruin(board, roll, difficulty, left, True)
    best = Plan(plan.value - _penalty(difficulty, used), plan.staging, plan.ruin)
    if left <= 0:
        return best
    # Powers are screened with the quick look (no next-roll risk) against the quick look of
    # the plan without them; only those that pass are valued exactly.
    rough = _place_or_ruin(board, roll, difficulty, left, False).value - _penalty(difficulty, used)
    for power in _considered_powers(roll, rescue=plan.ruin is not None):
        if _power_value(board, roll, difficulty, used, power, risk=False) <= rough:
            continue
        value = _power_value(board, roll, difficulty, used, power)
        if value > best.value + 1e-9:
            best = Plan(value, power=power)
    return best


def advise(state: State) -> Action:
    """The action the coach plays now; ValueError once the game is over."""
    if state.phase == ROLLING:
        return Roll()
    if state.is_finished:
        raise ValueError("The game is over: there is nothing to advise.")
    plan = turn_plan(state)
    if plan.power is not None:
        if state.staged:  # M14: powers apply to available dice; take the staged ones back
            return Unstage(state.staged[-1][0])
        return plan.power
    if plan.ruin is not None:
        return AcceptMagdagdon(plan.ruin)
    return _next_staging_step(state, plan.staging)


def _next_staging_step(state: State, staging: Staging) -> Action:
    """Follow the plan's staging: undo what departs from it, stage the next die, CONFIRM."""
    cells = {cell: state.roll[die] for die, cell in staging}
    for die, cell in reversed(state.staged):
        if cells.get(cell) != state.roll[die]:
            return Unstage(die)
    placed = {cell for _, cell in state.staged}
    free = list(available_dice(state))
    for _, cell in staging:
        if cell in placed:
            continue
        for die in free:
            if state.roll[die] == cells[cell] and Stage(die, cell) in legal_actions(state):
                return Stage(die, cell)
        return Unstage(state.staged[-1][0]) if state.staged else Confirm()
    return Confirm()


def action_values(state: State) -> list[tuple[Action, float]]:
    """Every legal action with the expected final score it leads to, best first."""
    actions = legal_actions(state)
    if not actions:
        return []
    if state.phase == ROLLING:
        return [(Roll(), expected_final(state.board, state.difficulty, _powers_left(state)))]
    advice = advise(state)
    sunk = _penalty(state.difficulty, len(state.powers_used))
    left = _powers_left(state)
    boards = reachable_boards(state.board, state.roll, required_dice(state.board, state.difficulty))
    valued: dict[Board, float] = {}

    def board_value(b: Board) -> float:
        if b not in valued:
            valued[b] = expected_final(b, state.difficulty, left) - sunk
        return valued[b]

    now = current_board(state)
    values: list[tuple[Action, float]] = []
    for action in actions:
        if isinstance(action, Decrease | Increase | Reroll):
            value = power_value(state, action)
        elif isinstance(action, AcceptMagdagdon):
            cell = action.cell
            value = (
                expected_final(
                    state.board[:cell] + (RUIN,) + state.board[cell + 1 :], state.difficulty, left
                )
                - sunk
            )
        elif isinstance(action, Confirm):
            value = board_value(now)
        else:
            after = _after(state, action, now)
            value = max(
                (board_value(b) for b in boards if _extends(b, after)), default=board_value(now)
            )
        values.append((action, value))
    best = max(value for _, value in values)
    ranked = sorted(values, key=lambda item: (item[0] != advice, -item[1]))
    if ranked[0][1] < best:  # the advice is the plan's first step: it carries the plan's value
        ranked[0] = (ranked[0][0], best)
    return ranked


def _after(state: State, action: Action, now: Board) -> Board:
    if isinstance(action, Stage):
        return now[: action.cell] + (state.roll[action.die],) + now[action.cell + 1 :]
    assert isinstance(action, Unstage)
    cell = dict(state.staged)[action.die]
    return now[:cell] + (None,) + now[cell + 1 :]


def _extends(board: Board, partial: Board) -> bool:
    return all(p is None or p == b for p, b in zip(partial, board, strict=True))
