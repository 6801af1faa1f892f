"""The MAGDAGDON coach's engine against exact small cases: the boards a roll can make, the
score of coded boards, the network's symmetry, exact values of a last empty cell (with and
without a power), rescues worth their penalty and those that are not, reproducible training."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from games.coach.magdagdon import boards
from games.coach.magdagdon import plan as coach
from games.coach.magdagdon.search import choose, expected_value
from games.coach.magdagdon.value import Network, exact_three, network
from games.rules import magdagdon as mg
from games.rules.magdagdon import RUIN, Difficulty
from training.magdagdon_selfplay import copy, play_and_learn, train


def visited_states(seed: int, difficulty: Difficulty) -> list[mg.State]:
    rng = random.Random(seed)
    state = mg.new_game(mg.Options(difficulty), rng)
    seen = []
    while not state.is_finished:
        if state.phase != mg.ROLLING:
            seen.append(state)
        state = mg.apply(state, rng.choice(mg.legal_actions(state)), rng)
    return seen


STATES = [s for seed in range(6) for s in visited_states(seed, list(Difficulty)[seed % 3])]


@pytest.mark.parametrize("state", STATES[::4], ids=repr)
def test_the_boards_a_roll_can_make_match_a_staging_search(state):
    """M8-M11 and M15: the numpy enumeration finds exactly the boards some staging order makes,
    none for a MAGDAGDON; the scores of coded boards are M18-M20."""
    required = mg.required(state)
    expected = set(coach.reachable_boards(state.board, state.roll, required))
    _, codes = boards.afterstates(
        boards.encode(state.board), np.array([state.roll], dtype=np.int8), required
    )
    assert {boards.decode(int(c)) for c in codes} == expected
    assert (not expected) == (state.phase == mg.MAGDAGDON)
    for code, value in zip(codes, boards.scores(boards.cells_of(codes)), strict=True):
        assert value == mg.score(boards.decode(int(code)), state.difficulty, 0).total


def test_a_batch_of_rolls_finds_what_each_roll_finds_alone():
    board = (3, 4, None, None, None, 2) + (None,) * 9 + (RUIN,)
    code = boards.encode(board)
    which, codes = boards.afterstates(code, boards.ROLL_ARRAY, 2)
    for i in (0, 17, 60, 125):
        alone = boards.afterstates(code, boards.ROLL_ARRAY[i : i + 1], 2)[1]
        assert set(codes[which == i].tolist()) == set(alone.tolist())


def transformed(board: mg.Board, turn: int, mirror: bool) -> mg.Board:
    cells: list[object] = [None] * 16
    for cell, value in enumerate(board):
        row, column = divmod(cell, 4)
        if mirror:
            column = 3 - column
        for _ in range(turn):
            row, column = column, 3 - row
        cells[row * 4 + column] = value
    return tuple(cells)  # type: ignore[return-value]


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_the_value_of_a_board_is_the_same_in_every_rotation_and_reflection(difficulty):
    """The rules are symmetric (straights read both ways, adjacency is orthogonal): so is the
    shipped value of a board."""
    board = (1, 2, 3, None, 2, None, RUIN, None, 3, 3, None, None, None, None, None, 6)
    net = network(difficulty)
    values = {
        round(float(net.values(boards.cells_of(np.array([boards.encode(b)])), 0)[0]), 9)
        for b in (transformed(board, t, m) for t in range(4) for m in (False, True))
    }
    assert len(values) == 1


def test_every_difficulty_ships_learned_tables():
    for difficulty in Difficulty:
        assert np.abs(network(difficulty).weights).max() > 1.0


def exact_last_cell(board: mg.Board, difficulty: Difficulty, power: int | None) -> float:
    """The exact expected final score of a board with one empty cell over the 1296 rolls: the
    best value that fits, else a RUIN (M16); with `power` the penalty of one use, the best
    DECREASE/INCREASE/REROLL of the roll when it beats that."""
    cell = board.index(None)
    fits = {v: mg.score(mg.with_cell(board, cell, v), difficulty, 0).total for v in range(1, 7)}
    fits = {v: s for v, s in fits.items() if cell in mg.legal_cells(board, v)}
    ruin = mg.score(mg.with_cell(board, cell, RUIN), difficulty, 0).total

    def plain(roll: tuple[int, ...]) -> float:
        return max([fits[v] for v in roll if v in fits], default=ruin)

    total = 0.0
    for roll in itertools.product(range(1, 7), repeat=4):
        best = plain(roll)
        if power is not None:
            for die in range(4):
                for new in (roll[die] - 1, roll[die] + 1):
                    if 1 <= new <= 6:
                        best = max(best, plain(roll[:die] + (new,) + roll[die + 1 :]) - power)
            for size in range(1, 5):
                for dice in itertools.combinations(range(4), size):
                    outcomes = []
                    for faces in itertools.product(range(1, 7), repeat=size):
                        new_roll = list(roll)
                        for die, face in zip(dice, faces, strict=True):
                            new_roll[die] = face
                        outcomes.append(plain(tuple(new_roll)))
                    best = max(best, sum(outcomes) / len(outcomes) - power)
        total += best
    return total / 6**4


LAST_CELL = (1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, None)


@pytest.mark.parametrize(
    ("difficulty", "power"), [(Difficulty.NIGHTMARE, None), (Difficulty.SURVIVAL, 70)]
)
def test_a_board_with_one_empty_cell_is_valued_exactly(difficulty, power):
    """Before the last roll the coach's value of ROLL is the exact expectation (M19-M21)."""
    state = mg.State(difficulty, LAST_CELL, phase=mg.ROLLING)
    ((action, value),) = coach.action_values(state)
    assert action == mg.Roll()
    assert value == pytest.approx(exact_last_cell(LAST_CELL, difficulty, power))


def test_a_board_with_one_empty_cell_and_a_power_used_counts_the_penalty():
    state = mg.State(Difficulty.SURVIVAL, LAST_CELL, powers_used=("reroll",), phase=mg.ROLLING)
    ((_, value),) = coach.action_values(state)
    assert value == pytest.approx(exact_last_cell(LAST_CELL, Difficulty.NIGHTMARE, None) - 70)


def last_cell_boards() -> list[mg.Board]:
    """Boards with one empty cell: finished random games (ruins and all) with a cell cleared."""
    found = []
    for seed in range(8):
        rng = random.Random(seed)
        state = mg.new_game(mg.Options(Difficulty.NIGHTMARE), rng)
        while not state.is_finished:
            state = mg.apply(state, rng.choice(mg.legal_actions(state)), rng)
        found.append(mg.with_cell(state.board, (5 * seed) % 16, None))
    return [LAST_CELL, RESCUE, *found]


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_a_board_with_one_empty_cell_and_no_power_left_is_worth_its_exact_value(difficulty):
    """The network's table would guess; with one cell left the value is known (M15-M21)."""
    found = last_cell_boards()
    assert any(RUIN in board for board in found)
    cells = boards.cells_of(np.array([boards.encode(board) for board in found]))
    values = network(difficulty).values(cells, 0)
    exact = [exact_last_cell(board, difficulty, None) for board in found]
    assert values == pytest.approx(exact)


def test_training_learns_as_the_shipped_tables_were_learned_and_then_plays_exactly_again():
    """Training reads the tables' own guesses at the last cells (how the shipped tables were
    built, so a rebuild gives them again); a trained network then plays with exact values."""
    board = last_cell_boards()[2]
    cells = boards.cells_of(np.array([boards.encode(board)]))
    net = copy(network(Difficulty.NIGHTMARE))
    guessed = []
    learn = net.learn

    def spy(cells_: np.ndarray, left: int, error: float, rate: float) -> None:
        guessed.append(float(net.values(cells, 0)[0]))
        learn(cells_, left, error, rate)

    net.learn = spy  # type: ignore[method-assign]
    train(Difficulty.NIGHTMARE, 1, seed=1, rate=0.0, network=net)
    exact = exact_last_cell(board, Difficulty.NIGHTMARE, None)
    assert guessed and all(abs(value - exact) > 1e-6 for value in guessed)
    assert net.values(cells, 0)[0] == pytest.approx(exact)


def exact_two_cells(board: mg.Board, difficulty: Difficulty) -> float:
    """The exact expected final score of a board with two empty cells (no power left) over
    the 1296 rolls: both cells filled by two dice in some legal order (M6, M9, M11), the best
    such pair; else a MAGDAGDON, and the better cell to ruin (M16) before the last roll."""
    first, second = (c for c in range(16) if board[c] is None)
    ruin = max(
        exact_last_cell(mg.with_cell(board, cell, RUIN), difficulty, None)
        for cell in (first, second)
    )
    total = 0.0
    for roll in itertools.product(range(1, 7), repeat=4):
        best = None
        for i, j in itertools.permutations(range(4), 2):
            for a, b in ((first, second), (second, first)):
                if a in mg.legal_cells(board, roll[i]):
                    placed = mg.with_cell(board, a, roll[i])
                    if b in mg.legal_cells(placed, roll[j]):
                        full = mg.score(mg.with_cell(placed, b, roll[j]), difficulty, 0).total
                        best = full if best is None else max(best, full)
        total += ruin if best is None else best
    return total / 6**4


@pytest.mark.parametrize("difficulty", [Difficulty.NIGHTMARE, Difficulty.PEACEFUL])
def test_a_board_with_two_empty_cells_and_no_power_left_is_worth_its_exact_value(difficulty):
    """Two cells left: the next roll fills both or ruins one, then the last roll (M15-M21)."""
    found = [
        mg.with_cell(board, (3 * k + 6) % 16, None) for k, board in enumerate(last_cell_boards())
    ]
    found = [board for board in found if board.count(None) == 2]
    assert len(found) >= 8
    cells = boards.cells_of(np.array([boards.encode(board) for board in found]))
    values = network(difficulty).values(cells, 0)
    assert values == pytest.approx([exact_two_cells(board, difficulty) for board in found])


def exact_three_cells(board: mg.Board) -> float:
    """The exact NIGHTMARE expected final score of a board with three empty cells over the
    1296 rolls: three dice of the roll fill them in some legal order (M6, M9, M11), the best
    such filling; else a MAGDAGDON, and the best cell to ruin (M16) leaves two cells."""
    empty = [c for c in range(16) if board[c] is None]
    filled: dict[tuple[int, ...], float] = {}  # the best full board from three values, sorted
    for values in itertools.combinations_with_replacement(range(1, 7), 3):
        best = None
        for placed_values in set(itertools.permutations(values)):
            for cells in itertools.permutations(empty):
                current = board
                for value, cell in zip(placed_values, cells, strict=True):
                    if cell not in mg.legal_cells(current, value):
                        break
                    current = mg.with_cell(current, cell, value)
                else:
                    full = mg.score(current, "nightmare", 0).total
                    best = full if best is None else max(best, full)
        if best is not None:
            filled[values] = best
    ruin = max(
        exact_two_cells(mg.with_cell(board, cell, RUIN), Difficulty.NIGHTMARE) for cell in empty
    )
    total = 0.0
    for roll in itertools.product(range(1, 7), repeat=4):
        found = [
            filled[t]
            for t in map(tuple, map(sorted, itertools.combinations(roll, 3)))
            if t in filled
        ]
        total += max(found) if found else ruin
    return total / 6**4


def three_cell_boards() -> list[mg.Board]:
    """Boards with three empty cells: two more cells cleared on the boards with one (some next
    to each other: their agreement and staging order count, M9-M11), and one whose corner
    touches no number until the cell below it is filled (M10: a RUIN does not connect)."""
    found = [
        mg.with_cell(mg.with_cell(board, (3 * k + 6) % 16, None), (7 * k + 9) % 16, None)
        for k, board in enumerate(last_cell_boards())
    ]
    found.append((None, RUIN, 3, 4, None, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, None))
    return [board for board in found if board.count(None) == 3][:6]


def test_a_nightmare_board_with_three_empty_cells_is_valued_exactly_when_the_search_asks():
    """M6: three dice a turn, so the next roll fills all three cells or is a MAGDAGDON (M15) and
    one becomes a RUIN (M16): the exact value, which the tables alone only guess."""
    found = three_cell_boards()
    assert len(found) >= 5 and any(RUIN in board for board in found)
    cells = boards.cells_of(np.array([boards.encode(board) for board in found]))
    net = network(Difficulty.NIGHTMARE)
    exact = [exact_three_cells(board) for board in found]
    assert exact_three(net).values(cells, 0) == pytest.approx(exact)
    guessed = net.values(cells, 0)
    assert all(abs(g - e) > 1e-6 for g, e in zip(guessed, exact, strict=True))


def test_in_nightmare_any_board_is_valued_with_exact_three_cell_ends_as_the_coach_values_its_own():
    """A review compares like with like: the coach's best boards are valued with the boards of
    three empty cells after the next roll exact, and so is any other board the roll can make."""
    coach._turn.cache_clear()
    board = (None, None, None, None, 2, 3, 3, None, None, 4, None, None, 4, 5, None, None)
    state = mg.State(Difficulty.NIGHTMARE, board, (3, 4, 4, 5), phase=mg.PLACING)
    made = coach.reachable_boards(board, state.roll, mg.required(state))
    assert all(after.count(None) in coach.LEAVES_THREE for after in made)
    exact = exact_three(network(Difficulty.NIGHTMARE))
    plan = coach.turn_plan(state)
    chosen = coach.board_ranking(state)[0]
    checked = [chosen, *list(made)[:: max(1, len(made) // 6)]]
    for after in checked:
        value = expected_value(exact, Difficulty.NIGHTMARE, boards.encode(after), 0)
        assert coach.board_value(state, after) == pytest.approx(value)
    assert plan.value == pytest.approx(coach.board_value(state, chosen))
    coach._turn.cache_clear()


def test_expected_training_moves_each_board_toward_its_exact_next_roll_expectation():
    """An `expected` stage's target is the value of the next roll played at its best, exactly
    averaged over the dice: with three empty cells in NIGHTMARE that is the exact expected
    final score (the roll fills them or ruins one, M6, M15-M21), whatever the tables say."""
    net = copy(network(Difficulty.NIGHTMARE))
    targets: list[tuple[mg.Board, float]] = []
    learn = net.learn

    def spy(cells: np.ndarray, left: int, error: float, rate: float) -> None:
        code = int((cells[0].astype(np.int64) << boards.SHIFTS).sum())
        targets.append((boards.decode(code), error + float(net.values(cells, left)[0])))
        learn(cells, left, error, rate)

    net.learn = spy  # type: ignore[method-assign]
    train(Difficulty.NIGHTMARE, 12, seed=2, rate=0.0, network=net, expected=True)
    three = [(board, target) for board, target in targets if board.count(None) == 3][:2]
    assert three
    for board, target in three:
        assert target == pytest.approx(exact_three_cells(board))
    assert all(board.count(None) for board, _ in targets)  # full boards are exact: not learned
    assert net.exact_ends


def test_expected_training_is_reproducible_and_starts_from_the_full_set_of_powers():
    first = train(Difficulty.NIGHTMARE, 4, seed=3, rate=0.01, expected=True)
    again = train(Difficulty.NIGHTMARE, 4, seed=3, rate=0.01, expected=True)
    assert np.array_equal(first.weights, again.weights)
    assert not np.array_equal(first.weights, Network.blank(Difficulty.NIGHTMARE).weights)
    with pytest.raises(ValueError, match="full set of powers"):
        train(Difficulty.SURVIVAL, 1, expected=True, spent=True)


# Row 0 holds 1 2 3 and cell 3 touches the 3 and a 4 below it: only a 4 (a straight, +60, M19)
# or a 3 fits. Every other cell is full; the roll 5 5 5 5 is a MAGDAGDON (M15).
RESCUE = (1, 2, 3, None, 5, 6, 5, 4, 4, 5, 4, 5, 3, 4, 3, 6)


def test_a_power_that_surely_rescues_a_straight_is_used():
    """DECREASE a 5 to a 4: +60 +8 against a RUIN (-15) for a penalty of 10 (M5, M12)."""
    state = mg.State(Difficulty.PEACEFUL, RESCUE, (5, 5, 5, 5), phase=mg.MAGDAGDON)
    assert coach.advise(state) == mg.Decrease(0)
    values = dict(coach.action_values(state))
    full = mg.score(mg.with_cell(RESCUE, 3, 4), Difficulty.PEACEFUL, 1).total
    assert values[mg.Decrease(0)] == pytest.approx(full)
    ruin = mg.score(mg.with_cell(RESCUE, 3, RUIN), "peaceful", 0).total
    assert values[mg.AcceptMagdagdon(3)] == ruin


def test_a_power_that_costs_more_than_it_saves_is_not_used():
    """With no bonus in reach (row 2 1 3 _, column _ 4 5 1), a rescued cell earns 8 + 15 - far
    less than SURVIVAL's penalty of 70: the coach accepts the RUIN (M16)."""
    board = (2, 1, 3, None) + RESCUE[4:15] + (1,)
    state = mg.State(Difficulty.SURVIVAL, board, (5, 5, 5, 5), phase=mg.MAGDAGDON)
    assert coach.advise(state) == mg.AcceptMagdagdon(3)
    values = dict(coach.action_values(state))
    ruin = mg.score(mg.with_cell(board, 3, RUIN), "survival", 0).total
    assert values[mg.AcceptMagdagdon(3)] == ruin
    assert values[mg.Decrease(0)] == pytest.approx(
        mg.score(mg.with_cell(board, 3, 4), "survival", 1).total
    )
    assert values[mg.Decrease(0)] < ruin


@pytest.mark.parametrize("state", STATES[1::6], ids=repr)
def test_advice_is_legal_and_the_same_for_the_same_visible_state(state):
    advice = coach.advise(state)
    assert advice in mg.legal_actions(state)
    twin = mg.State.from_dict(state.to_dict())
    coach._turn.cache_clear()
    coach._turn_plan.cache_clear()
    assert coach.advise(twin) == advice


def test_training_is_reproducible_and_moves_the_tables():
    first = train(Difficulty.NIGHTMARE, 15, seed=3)
    again = train(Difficulty.NIGHTMARE, 15, seed=3)
    other = train(Difficulty.NIGHTMARE, 15, seed=4)
    assert np.array_equal(first.weights, again.weights)
    assert not np.array_equal(first.weights, other.weights)
    assert not np.array_equal(first.weights, Network.blank(Difficulty.NIGHTMARE).weights)


def calibration(difficulty: Difficulty, left: int, games: int) -> tuple[float, float, float, float]:
    """(table value of the empty board with `left` powers left, the mean value of the board
    after the first turn, the coach's mean self-play score from there) and its standard error."""
    net = network(difficulty)
    rng = random.Random(f"calibration-{difficulty.value}-{left}")
    scores, firsts = [], []
    for _ in range(games):
        roll = tuple(rng.randint(1, 6) for _ in range(4))
        first = choose(net, difficulty, 0, roll, left, quick=True)
        firsts.append(first.value)
        scores.append(play_and_learn(copy(net), difficulty, random.Random(rng.random()), 0.0, left))
    error = float(np.std(scores)) / games**0.5
    start = float(net.values(boards.cells_of(np.array([0])), left)[0])
    return start, float(np.mean(firsts)), float(np.mean(scores)), error


@pytest.mark.parametrize(
    ("difficulty", "left"),
    [(Difficulty.SURVIVAL, 0), (Difficulty.SURVIVAL, 1)]
    + [(Difficulty.PEACEFUL, left) for left in range(4)],
)
def test_each_number_of_powers_left_values_a_game_as_the_coach_then_scores_it(difficulty, left):
    """The value of the empty board, and of the board after one turn, with `left` powers left
    (M5) is what the coach's own play scores from there (penalties of the uses included),
    within 3 standard errors and 5 points. A power used early leaves a table for fewer powers:
    if self-play only ever reached it late in a game, that table would value an early board as
    if the game ended there (a power used on the first roll shown as costing 150 points)."""
    start, first, played, error = calibration(difficulty, left, 100)
    assert abs(start - played) < 3 * error + 5
    assert abs(first - played) < 3 * error + 5


def test_games_with_powers_already_spent_train_only_the_tables_for_fewer_powers():
    """M5: such a game starts with fewer uses left and never gets one back, so it can only
    teach the tables it visits: SURVIVAL's table for no power left, never the one-power one."""
    start = Network.blank(Difficulty.SURVIVAL)
    trained = train(Difficulty.SURVIVAL, 4, seed=1, rate=0.1, network=copy(start), spent=True)
    assert np.array_equal(trained.weights[1], start.weights[1])
    assert not np.array_equal(trained.weights[0], start.weights[0])


def test_any_board_a_roll_can_make_is_valued_one_roll_deeper_as_the_coach_values_its_own(
    monkeypatch,
):
    """The value lost by a player's board (hint, review) compares like with like: whether or
    not the coach looked one roll deeper at it, a board is valued by the exact next roll. With
    one empty cell left after the turn, that value is exact (M18-M21), for every board."""
    monkeypatch.setattr(coach, "DEEPER_AT_MOST", 1)  # the coach itself looks at one board only
    coach._turn.cache_clear()
    board = (1, 2, 3, 4, 2, 3, 4, 5, 3, None, None, None, 4, 5, None, 6)
    state = mg.State(Difficulty.NIGHTMARE, board, (4, 5, 5, 6), phase=mg.PLACING)
    made = coach.reachable_boards(board, state.roll, mg.required(state))
    assert len(made) > 1
    for after in made:
        value = coach.board_value(state, after)
        if None in after:
            assert value == pytest.approx(exact_last_cell(after, Difficulty.NIGHTMARE, None))
        else:
            assert value == mg.score(after, Difficulty.NIGHTMARE, 0).total
    coach._turn.cache_clear()
