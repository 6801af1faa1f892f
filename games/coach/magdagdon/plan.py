"""The MAGDAGDON coach: which die where, when to CONFIRM, when a Majda Power pays, which RUIN.

Value unit: the expected final score (M21, power penalties included), higher is better.
Every board the roll showing can legally make (any staging order, M11), every RUIN cell of a
MAGDAGDON (M16) and every power (M12-M14) is valued by one learned afterstate network
(`value`: board, powers left, difficulty -> expected final score). The most promising
boards are then valued one roll deeper, exactly over the 126 rolls of the next turn (1-ply
expectimax, powers included); in NIGHTMARE the best three of them once more, with the boards
of three empty cells after that roll valued exactly (`fills`). The best is played.
The coach reads only the visible state: board, roll, staged dice, powers used and difficulty -
never a seed or a future roll.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from games.coach import Advice, NoDecision
from games.coach.magdagdon import calibration
from games.coach.magdagdon.boards import (
    ROLL_CHANCES,
    ROLLS,
    Codes,
    afterstates,
    cells_of,
    decode,
    empty_cells,
    encode,
    ruined,
)
from games.coach.magdagdon.search import (
    PowerOption,
    expected_value,
    power_values,
    required_for,
    reroll_chances,
)
from games.coach.magdagdon.value import exact_three, network
from games.rules.errors import gettext_noop
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
    powers_left,
    required_dice,
)

Staging = tuple[tuple[int, int], ...]  # (die index, cell) in staging order
# How many of the best boards (by the network) are valued one roll deeper, by the number of
# empty cells they leave: boards with many empty cells have many next boards to look at. Three
# times the first schedule (1, 1, 2, 2, ...) added about 2 points a NIGHTMARE game (1000 paired
# seeded games) for a decision p95 still under 40 ms of CPU.
DEEPER = {16: 3, 15: 3, 14: 6, 13: 6, 12: 9, 11: 9, 10: 12, 9: 12, 8: 15, 7: 18}
DEEPER_AT_MOST = 24
# In NIGHTMARE the best few of those are valued once more, with the boards of three empty cells
# that the next roll can leave valued exactly (the network's guess there is some 12 points off,
# RMS): 1000 paired seeded games gained 0.5 points with every board looked at this way, at a
# cost (30 us a board) that fits the decision budget for the best three only.
RECHECKED = 3
LEAVES_THREE = {4, 6, 7}  # empty cells of a board whose next roll may leave three (M6, M16)


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


def staging_for(board: Board, roll: tuple[int, ...], target: Board) -> Staging:
    """A legal staging order (M9-M11) of dice of `roll` that turns `board` into `target`."""
    cells = [c for c in range(CELLS) if board[c] != target[c]]
    for order in itertools.permutations(cells):
        current, free, staging = board, list(range(len(roll))), []
        for cell in order:
            value = target[cell]
            die = next((d for d in free if roll[d] == value), None)
            if die is None or cell not in legal_cells(current, roll[die]):
                break
            free.remove(die)
            staging.append((die, cell))
            current = current[:cell] + (value,) + current[cell + 1 :]
        else:
            return tuple(staging)
    raise ValueError("The target board cannot be staged from this roll.")


@dataclass(frozen=True)
class Plan:
    """The coach's turn: a staging to CONFIRM, a RUIN cell to accept, or a power to use."""

    value: float
    staging: Staging = ()
    ruin: int | None = None
    power: Action | None = None


def _penalty(difficulty: Difficulty, used: int) -> int:
    return sum(PENALTIES[difficulty][:used])


def _power_action(option: PowerOption) -> Action:
    if option.name == "decrease":
        return Decrease(option.dice[0])
    if option.name == "increase":
        return Increase(option.dice[0])
    return Reroll(option.dice)


@dataclass(frozen=True)
class _Turn:
    """Everything the coach knows about a roll: its boards (or ruins) valued, its powers."""

    codes: Codes  # the boards the roll can confirm, or the ruined boards of a MAGDAGDON
    values: np.ndarray  # their values (expected final score less future penalties)
    deep: np.ndarray  # which of them were valued one roll deeper (the rest: by the network)
    exact: np.ndarray  # which of those, the boards of three empty cells after them exact
    ruin: bool
    powers: dict[PowerOption, float]


@lru_cache(maxsize=256)
def _turn(board: Board, roll: tuple[int, ...], difficulty: Difficulty, used: int) -> _Turn:
    net = network(difficulty)
    left = len(PENALTIES[difficulty]) - used
    code = encode(board)
    _, codes = afterstates(code, np.array([roll], dtype=np.int8), required_for(code, difficulty))
    ruin = len(codes) == 0
    if ruin:
        codes = ruined(code)
    values = net.values(cells_of(codes), left)
    order = np.argsort(-values, kind="stable")
    codes, values = codes[order], values[order]
    deeper = min(DEEPER.get(empty_cells(code), DEEPER_AT_MOST), len(codes))
    values = values.copy()
    for i in range(deeper):
        values[i] = _deeper(difficulty, int(codes[i]), left, False)
    if deeper:
        # Only boards looked at one roll deeper may be played: the rest, ranked below them by
        # the network, are worth at most the best of those.
        values[deeper:] = np.minimum(values[deeper:], values[:deeper].max())
    exact = np.zeros(len(codes), dtype=bool)
    best = np.argsort(-values[:deeper], kind="stable")[:RECHECKED]
    rechecked = [i for i in best if _exact_after(difficulty, int(codes[i]))]
    for i in rechecked:
        values[i] = _deeper(difficulty, int(codes[i]), left, True)
        exact[i] = True
    if rechecked:
        # As above: only the boards valued most exactly may be played.
        values[~exact] = np.minimum(values[~exact], values[exact].max())
    deep = np.arange(len(codes)) < deeper
    order = np.argsort(-values, kind="stable")
    powers = power_values(net, difficulty, code, roll, left)
    return _Turn(codes[order], values[order], deep[order], exact[order], ruin, powers)


@lru_cache(maxsize=65536)
def _deeper(difficulty: Difficulty, code: int, left: int, exact: bool) -> float:
    """A board valued one roll deeper (`search.expected_value`; `exact`: with the boards of
    three empty cells after that roll valued exactly), once: the rolls of a turn, and the 126
    next turns a review averages over, make many of the same boards."""
    net = network(difficulty)
    return expected_value(exact_three(net) if exact else net, difficulty, code, left)


def _exact_after(difficulty: Difficulty, code: int) -> bool:
    """Whether the next roll on the board `code` may leave three empty cells to value exactly."""
    return difficulty == Difficulty.NIGHTMARE and empty_cells(code) in LEAVES_THREE


def turn_plan(state: State) -> Plan:
    """The coach's plan for the roll showing, from the confirmed board and the whole roll."""
    return _turn_plan(state.board, state.roll, state.difficulty, len(state.powers_used))


@lru_cache(maxsize=1024)
def _turn_plan(board: Board, roll: tuple[int, ...], difficulty: Difficulty, used: int) -> Plan:
    turn = _turn(board, roll, difficulty, used)
    sunk = _penalty(difficulty, used)
    value = float(turn.values[0])
    best = decode(int(turn.codes[0]))
    if turn.ruin:
        cell = next(c for c in range(CELLS) if board[c] != best[c])
        plan = Plan(value - sunk, ruin=cell)
    else:
        plan = Plan(value - sunk, staging=staging_for(board, roll, best))
    for option, worth in turn.powers.items():
        if worth - sunk > plan.value + 1e-9:
            plan = Plan(worth - sunk, power=_power_action(option))
    return plan


def advise(state: State) -> Action:
    """The action the coach plays now; NoDecision once the game is over."""
    if state.phase == ROLLING:
        return Roll()
    if state.is_finished:
        raise NoDecision(gettext_noop("The game is over: there is nothing to advise."))
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


def _power_option(action: Decrease | Increase | Reroll) -> PowerOption:
    if isinstance(action, Decrease):
        return PowerOption("decrease", (action.die,))
    if isinstance(action, Increase):
        return PowerOption("increase", (action.die,))
    return PowerOption("reroll", tuple(sorted(action.dice)))


def action_values(state: State) -> list[tuple[Action, float]]:
    """Every legal action with the expected final score it leads to, best first (the advice
    first, carrying the best value)."""
    actions = legal_actions(state)
    if not actions:
        return []
    used = len(state.powers_used)
    sunk = _penalty(state.difficulty, used)
    if state.phase == ROLLING:
        left = len(PENALTIES[state.difficulty]) - used
        net = network(state.difficulty)
        return [(Roll(), expected_value(net, state.difficulty, encode(state.board), left) - sunk)]
    advice = advise(state)
    turn = _turn(state.board, state.roll, state.difficulty, used)
    now = current_board(state)

    def best_extending(partial: Board) -> float:
        """The best valued board of the roll that keeps `partial`, else `partial` itself."""
        code = encode(partial)
        mask = sum(7 << (3 * c) for c in range(CELLS) if partial[c] is not None)
        fits = (turn.codes & mask) == code
        if fits.any():
            return float(turn.values[fits].max())
        left = len(PENALTIES[state.difficulty]) - used
        cells = cells_of(np.array([code], dtype=np.int64))
        return float(network(state.difficulty).values(cells, left)[0])

    values: list[tuple[Action, float]] = []
    for action in actions:
        if isinstance(action, Decrease | Increase | Reroll):
            value = turn.powers[_power_option(action)]
        elif isinstance(action, AcceptMagdagdon):
            cell = action.cell
            value = best_extending(state.board[:cell] + (RUIN,) + state.board[cell + 1 :])
        elif isinstance(action, Confirm):
            value = best_extending(now)
        else:
            value = best_extending(_after(state, action, now))
        values.append((action, value - sunk))
    best = max(value for _, value in values)
    ranked = sorted(values, key=lambda item: (item[0] != advice, -item[1]))
    if ranked[0][1] < best:  # the advice is the plan's first step: it carries the plan's value
        ranked[0] = (ranked[0][0], best)
    return ranked


def board_value(state: State, board: Board) -> float:
    """The expected final score (penalties included) of ending the turn showing with `board`: a
    board its roll can confirm, or the confirmed board with one RUIN (M16), valued one roll
    deeper, as the coach values the boards it may play. (By the network alone, a board the
    coach would not make is valued some 20-50 points low on average: its patterns are rarer in
    self-play. A review comparing it with the coach's choice would overstate the loss.) In
    NIGHTMARE the boards of three empty cells its next roll may leave are valued exactly, as
    for the boards the coach may play."""
    used = len(state.powers_used)
    turn = _turn(state.board, state.roll, state.difficulty, used)
    code = encode(board)
    exact = _exact_after(state.difficulty, code)
    found = (turn.codes == code) & turn.deep & (turn.exact | (not exact))
    if found.any():
        value = float(turn.values[found].max())
    else:
        left = len(PENALTIES[state.difficulty]) - used
        value = _deeper(state.difficulty, code, left, exact)
    return value - _penalty(state.difficulty, used)


def next_turn_value(board: Board, difficulty: Difficulty, used: int) -> float:
    """The expected final score (penalties included) of ending a turn with `board` and `used`
    powers used, as the coach will value the next turn: the exact average, over the 126 rolls
    of that turn, of the value of the coach's plan for each (`turn_plan`'s, uncalibrated); a
    full board, its score. A review values a player's choice so (games.coach.magdagdon.review):
    whatever the board, the next turn's value then differs from it by the roll's luck only."""
    if None not in board:
        code = encode(board)
        return float(network(difficulty).values(cells_of(np.array([code])), 0)[0]) - _penalty(
            difficulty, used
        )
    return float(
        sum(
            chance * _turn_plan(board, roll, difficulty, used).value
            for roll, chance in zip(ROLLS, ROLL_CHANCES, strict=True)
        )
    )


def next_power_value(state: State, power: Decrease | Increase | Reroll) -> float:
    """The expected final score (penalties included) of using `power` on the roll showing, as
    the coach will value the roll it gives: the value of the coach's plan for that roll, one
    power fewer left (a REROLL: the exact average over its new faces)."""
    board, used = state.board, len(state.powers_used) + 1
    if isinstance(power, Reroll):
        kept = tuple(sorted(v for d, v in enumerate(state.roll) if d not in power.dice))
        chances = reroll_chances(kept, len(state.roll) - len(kept))
        return float(
            sum(
                chance * _turn_plan(board, roll, state.difficulty, used).value
                for roll, chance in zip(ROLLS, chances, strict=True)
                if chance
            )
        )
    step = 1 if isinstance(power, Increase) else -1
    roll = list(state.roll)
    roll[power.die] += step
    return _turn_plan(board, tuple(roll), state.difficulty, used).value


def board_ranking(state: State) -> list[Board]:
    """The boards the roll showing can confirm (or ruin), best first as the coach ranks them."""
    turn = _turn(state.board, state.roll, state.difficulty, len(state.powers_used))
    return [decode(int(code)) for code in turn.codes]


def power_value(state: State, power: Decrease | Increase | Reroll) -> float:
    """The expected final score (penalties included) of using `power` on the roll showing."""
    used = len(state.powers_used)
    turn = _turn(state.board, state.roll, state.difficulty, used)
    return turn.powers[_power_option(power)] - _penalty(state.difficulty, used)


def _after(state: State, action: Action, now: Board) -> Board:
    if isinstance(action, Stage):
        return now[: action.cell] + (state.roll[action.die],) + now[action.cell + 1 :]
    assert isinstance(action, Unstage)
    cell = dict(state.staged)[action.die]
    return now[:cell] + (None,) + now[cell + 1 :]


def advice(state: State) -> Advice:
    """The coach's one answer: its next action, the plan of the roll showing (`plan`, what the
    hint draws) with its expected final score (calibrated to the coach's play: its `Plan`s
    keep the raw values), and the best few other whole plans (each a
    `Plan`: the best other board to CONFIRM, every other RUIN cell, the best other power),
    best first. Before a roll: ROLL, valued one roll deeper. NoDecision once the game is over."""
    action = advise(state)
    difficulty, empty = state.difficulty.value, state.board.count(None)

    def expected(value: float) -> float:  # what the coach's play realises (calibration)
        return calibration.value(difficulty, empty, value)

    if state.phase == ROLLING:
        value = expected(action_values(state)[0][1])
        return Advice(action, value, "points", False, ((action, value),))
    plan = turn_plan(state)
    others = sorted(_other_plans(state, plan), key=lambda other: -other.value)
    ranked = ((plan, expected(plan.value)), *((other, expected(other.value)) for other in others))
    return Advice(action, expected(plan.value), "points", False, ranked, plan)


def _other_plans(state: State, plan: Plan) -> list[Plan]:
    """The best other board the roll can confirm, every other RUIN cell of a MAGDAGDON, and the
    best power other than the plan's (before any die is staged: M14)."""
    others: list[Plan] = []
    plan_board = None
    if plan.staging:
        plan_board = list(state.board)
        for die, cell in plan.staging:
            plan_board[cell] = state.roll[die]
    boards = reachable_boards(state.board, state.roll, required_dice(state.board, state.difficulty))
    other = next(
        (
            b
            for b in board_ranking(state)
            if b in boards and (plan_board is None or list(b) != plan_board)
        ),
        None,
    )
    if other is not None:
        others.append(Plan(board_value(state, other), staging=boards[other]))
    wanted = not boards or (powers_left(state) > 0 and not state.staged)
    values = action_values(state) if wanted else []
    if not boards:  # a MAGDAGDON: the other RUIN cells
        others += [
            Plan(v, ruin=a.cell)
            for a, v in values
            if isinstance(a, AcceptMagdagdon) and a.cell != plan.ruin
        ]
    if powers_left(state) > 0 and not state.staged:
        powers = [
            (a, v)
            for a, v in values
            if isinstance(a, Decrease | Increase | Reroll) and a != plan.power
        ]
        if powers:
            action, value = max(powers, key=lambda item: item[1])
            others.append(Plan(value, power=action))
    return others
