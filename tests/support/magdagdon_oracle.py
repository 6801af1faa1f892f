"""An independent oracle of the MAGDAGDON contract, and boards and states written as text.

The oracle is written differently on purpose: a dict grid keyed by (row, column), set-based
search for `can_place` (choose the cells first, then the values, order-free connectivity
check) instead of the module's ordered bitmask search. tests/rules/test_magdagdon_oracle.py
compares it with the module on many random cases; the other MAGDAGDON tests read boards
('3X.. ....') and table-driven states (`make_state`) from here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from itertools import combinations, permutations

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
