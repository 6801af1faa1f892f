"""An independent oracle of the MAGDAGDON contract, compared with the module on many random cases.

The oracle is written differently on purpose: a dict grid keyed by (row, column), set-based
search for `can_place` (choose the cells first, then the values, order-free connectivity
check) instead of the module's ordered bitmask search. Other MAGDAGDON test files import
the oracle helpers from here.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from enum import Enum
from itertools import combinations, permutations

import pytest

from games.rules import magdagdon as m

RUINED = object()  # the oracle's own ruin marker, so layouts really differ
Pos = tuple[int, int]


def to_grid(board: Sequence[object]) -> dict[Pos, object]:
    """Board tuple -> {(row, column): None | int | RUINED}."""
    assert len(board) == 16
    grid: dict[Pos, object] = {}
    for index, cell in enumerate(board):
        if cell == m.RUIN:
            grid[(index // 4, index % 4)] = RUINED
        else:
            grid[(index // 4, index % 4)] = cell
    return grid


AROUND: dict[Pos, list[Pos]] = {
    (r, c): [
        (r + dr, c + dc)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if 0 <= r + dr < 4 and 0 <= c + dc < 4
    ]
    for r in range(4)
    for c in range(4)
}


def around(pos: Pos) -> list[Pos]:
    return AROUND[pos]


def numbers_of(grid: dict[Pos, object]) -> dict[Pos, int]:
    return {p: v for p, v in grid.items() if isinstance(v, int)}


def oracle_legal_cells(board: Sequence[object], value: int) -> frozenset[int]:
    grid = to_grid(board)
    nums = numbers_of(grid)
    out = set()
    for pos, cell in grid.items():
        if cell is not None:
            continue
        touching = [nums[q] for q in around(pos) if q in nums]
        if not nums or (touching and max(abs(t - value) for t in touching) <= 1):
            out.add(pos[0] * 4 + pos[1])
    return frozenset(out)


def _connected_to_start(cells: set[Pos], starts: Iterable[Pos]) -> bool:
    seen = set(starts) & cells
    queue = deque(seen)
    while queue:
        for q in around(queue.popleft()):
            if q in cells and q not in seen:
                seen.add(q)
                queue.append(q)
    return seen == cells


def oracle_can_place(board: Sequence[object], dice: Sequence[int], count: int) -> bool:
    """Choose `count` empty cells that can be reached (each chain of new cells touches an old
    number, or they form one connected piece on a numberless board), then any injective
    assignment of dice values with every orthogonal pair of numbers differing by at most 1."""
    if count <= 0:
        return True
    if count > len(dice):
        return False
    grid = to_grid(board)
    nums = numbers_of(grid)
    empties = [p for p, v in grid.items() if v is None]
    if nums:
        # a new cell lies at most `count` steps from some old number
        empties = [
            p for p in empties if min(abs(p[0] - q[0]) + abs(p[1] - q[1]) for q in nums) <= count
        ]
    if count > len(empties):
        return False
    for chosen in combinations(empties, count):
        cells = set(chosen)
        if nums:
            starts = [p for p in cells if any(q in nums for q in around(p))]
        else:
            starts = [chosen[0]]
        if not _connected_to_start(cells, starts):
            continue
        inner = [(i, j) for i, j in combinations(range(count), 2) if chosen[j] in around(chosen[i])]
        outer = [(i, nums[q]) for i, p in enumerate(chosen) for q in around(p) if q in nums]
        for values in set(permutations(dice, count)):
            if all(abs(values[i] - values[j]) <= 1 for i, j in inner) and all(
                abs(values[i] - v) <= 1 for i, v in outer
            ):
                return True
    return False


def oracle_required(board: Sequence[object], difficulty: str) -> int:
    normal = {"peaceful": 2, "survival": 2, "nightmare": 3}[difficulty]
    return min(normal, sum(1 for cell in board if cell is None))


def oracle_line_bonus(values: list[object]) -> int:
    if any(not isinstance(v, int) for v in values):
        return 0
    straights = [[a, a + 1, a + 2, a + 3] for a in range(1, 4)]
    if values in straights or values[::-1] in straights:
        return 60
    if len(set(values)) == 1:
        return 40
    s = sorted(values)  # type: ignore[type-var]
    if s[0] == s[1] and s[2] == s[3] and s[1] != s[2]:
        return 20
    return 0


def oracle_score(board: Sequence[object], difficulty: str, powers_used: int) -> int:
    grid = to_grid(board)
    total = 0
    for k in range(4):
        row = [grid[(k, c)] for c in range(4)]
        col = [grid[(r, k)] for r in range(4)]
        for line in (row, col):
            total += sum(v for v in line if isinstance(v, int))
            total += oracle_line_bonus(line)
    total -= 15 * sum(1 for v in grid.values() if v is RUINED)
    cumulative = {"peaceful": [0, 10, 30, 70], "survival": [0, 70], "nightmare": [0]}
    return total - cumulative[difficulty][powers_used]


def oracle_phase(state: m.State) -> str:
    """The phase a state must be in, from the oracle (M15, M22)."""
    if None not in state.board:
        return "finished"
    if not state.roll:
        return "rolling"
    need = oracle_required(state.board, state.difficulty.value)
    return "placing" if oracle_can_place(state.board, state.roll, need) else "magdagdon"


def board_from_text(text: str) -> tuple[object, ...]:
    """'..3. 45.. X... ....' -> a board: '.' empty, digits numbers, 'X' the module's RUIN."""
    chars = [ch for ch in text if not ch.isspace()]
    assert len(chars) == 16, text
    return tuple(None if ch == "." else m.RUIN if ch == "X" else int(ch) for ch in chars)


def make_state(
    board: str = "." * 16,
    roll: Sequence[int] = (),
    staged: Sequence[tuple[int, int]] = (),
    difficulty: str = "peaceful",
    powers: Sequence[str] = (),
    turns: int = 0,
) -> m.State:
    """A state for a table-driven test, its phase decided by the oracle."""
    state = m.State(
        difficulty=m.Difficulty(difficulty),
        board=board_from_text(board),  # type: ignore[arg-type]
        roll=tuple(roll),
        staged=tuple(staged),
        powers_used=tuple(powers),  # type: ignore[arg-type]
        turns=turns,
    )
    return m.State(**{**vars(state), "phase": oracle_phase(state)})


# ---------------------------------------------------------------------------------------------
# Random boards

DIFFICULTIES = ["peaceful", "survival", "nightmare"]


def random_board(rng: random.Random) -> tuple[object, ...]:
    """Arbitrary boards: any mix of empty, numbers and ruins (not necessarily reachable)."""
    p_empty, p_ruin = rng.random(), rng.random() * 0.3
    cells: list[object] = []
    for _ in range(16):
        x = rng.random()
        cells.append(None if x < p_empty else m.RUIN if x < p_empty + p_ruin else rng.randint(1, 6))
    return tuple(cells)


def grown_board(rng: random.Random) -> tuple[object, ...]:
    """Boards a game could reach: numbers grown by legal placements, ruins sprinkled in."""
    board: list[object] = [None] * 16
    for _ in range(rng.randint(0, 16)):
        if rng.random() < 0.15:
            empties = [i for i in range(16) if board[i] is None]
            if empties:
                board[rng.choice(empties)] = m.RUIN
            continue
        value = rng.randint(1, 6)
        cells = sorted(oracle_legal_cells(board, value))
        if cells:
            board[rng.choice(cells)] = value
    return tuple(board)


def some_board(rng: random.Random) -> tuple[object, ...]:
    return grown_board(rng) if rng.random() < 0.6 else random_board(rng)


# ---------------------------------------------------------------------------------------------
# Comparisons (seeded, not hypothesis: fast and reproducible)


def test_M8_M9_M10_legal_cells_matches_oracle_on_30000_cases() -> None:
    rng = random.Random(8910)
    for _ in range(5000):
        board = some_board(rng)
        for value in range(1, 7):
            assert m.legal_cells(board, value) == oracle_legal_cells(board, value), (board, value)


def test_M15_can_place_matches_oracle_with_four_dice_on_14000_cases() -> None:
    rng = random.Random(15)
    for _ in range(14000):
        board = some_board(rng)
        dice = tuple(rng.randint(1, 6) for _ in range(4))
        count = rng.choice((1, 2, 2, 3, 3, 3))
        assert m.can_place(board, dice, count) == oracle_can_place(board, dice, count), (
            board,
            dice,
            count,
        )


def test_M15_can_place_matches_oracle_for_other_dice_counts() -> None:
    rng = random.Random(1515)
    for _ in range(3000):
        board = grown_board(rng) if rng.random() < 0.8 else random_board(rng)
        dice = [rng.randint(1, 6) for _ in range(rng.randint(0, 4))]
        count = rng.randint(0, 4)
        assert m.can_place(board, dice, count) == oracle_can_place(board, dice, count), (
            board,
            dice,
            count,
        )


def test_M15_can_place_on_boards_with_tight_values_matches_oracle() -> None:
    # Dice close together make long searches that succeed only in some orders (M11).
    rng = random.Random(1511)
    for _ in range(4000):
        board = grown_board(rng)
        base = rng.randint(1, 6)
        dice = tuple(min(6, max(1, base + rng.choice((-2, -1, 0, 1, 2)))) for _ in range(4))
        count = rng.choice((2, 3, 3))
        assert m.can_place(board, dice, count) == oracle_can_place(board, dice, count), (
            board,
            dice,
            count,
        )


def test_M6_required_dice_matches_oracle_with_names_and_enums() -> None:
    class TheirDifficulty(Enum):
        P = "peaceful"
        S = "survival"
        N = "nightmare"

    rng = random.Random(6)
    for _ in range(20000):
        board = some_board(rng)
        name = rng.choice(DIFFICULTIES)
        expected = oracle_required(board, name)
        assert m.required_dice(board, name) == expected
        assert m.required_dice(board, m.Difficulty(name)) == expected
        assert m.required_dice(board, TheirDifficulty(name)) == expected


def test_M18_M21_score_matches_oracle_on_30000_cases() -> None:
    rng = random.Random(1821)
    for _ in range(30000):
        board = (
            some_board(rng)
            if rng.random() < 0.5
            else tuple(m.RUIN if rng.random() < 0.08 else rng.randint(1, 6) for _ in range(16))
        )
        name = rng.choice(DIFFICULTIES)
        uses = rng.randint(0, {"peaceful": 3, "survival": 1, "nightmare": 0}[name])
        assert m.score(board, name, uses).total == oracle_score(board, name, uses), (
            board,
            name,
            uses,
        )


def test_M19_score_bonuses_name_each_line_like_the_oracle() -> None:
    rng = random.Random(19)
    for _ in range(5000):
        board = tuple(rng.choice((1, 2, 3, 4, 5, 6, 6, m.RUIN)) for _ in range(16))
        grid = to_grid(board)
        expected = set()
        for k in range(4):
            row_points = oracle_line_bonus([grid[(k, c)] for c in range(4)])
            col_points = oracle_line_bonus([grid[(r, k)] for r in range(4)])
            if row_points:
                expected.add(("row", k, row_points))
            if col_points:
                expected.add(("column", k, col_points))
        found = m.score(board, "nightmare", 0).bonuses
        assert {(b.line, b.number, b.points) for b in found} == expected
        assert len(found) == len(expected)  # at most one bonus per line


@pytest.mark.parametrize("name", DIFFICULTIES)
def test_M5_power_penalties_match_oracle_for_every_use_count(name: str) -> None:
    board = (None,) * 16
    for uses in range({"peaceful": 3, "survival": 1, "nightmare": 0}[name] + 1):
        assert m.score(board, name, uses).total == oracle_score(board, name, uses)
