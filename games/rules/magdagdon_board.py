"""MAGDAGDON's board contract: where a die may go, whether a roll can be placed, and the score.

Pure functions over a board — a 16-tuple of `None` (empty), an int 1..6 (a number) or `RUIN`,
indexed row·4 + column (M1). `games.rules.magdagdon` re-exports the contract and builds the
game engine on top; import from there.
"""

# Error messages use %-formatting with named fields so they can be wrapped in gettext later.
# ruff: noqa: UP031

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import lru_cache
from itertools import pairwise
from typing import Any, Final, Literal, NamedTuple

# ---------------------------------------------------------------------------------------------
# The board (M1, M8–M11)

RUIN: Final = "X"
"""The ruin marker (M16): not a number, never connects nor constrains (M10)."""

Cell = int | Literal["X"] | None
Board = tuple[Cell, ...]

SIZE: Final = 4
CELLS: Final = SIZE * SIZE
EMPTY_BOARD: Final[Board] = (None,) * CELLS


def _neighbours(cell: int) -> tuple[int, ...]:
    row, column = divmod(cell, SIZE)
    around = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
    return tuple(r * SIZE + c for r, c in around if 0 <= r < SIZE and 0 <= c < SIZE)


# Orthogonal neighbours only: diagonals never count (M9).
NEIGHBOURS: Final = tuple(_neighbours(cell) for cell in range(CELLS))


def is_number(cell: Cell) -> bool:
    """A die value 1..6; empty cells and RUIN are not numbers (M10)."""
    return type(cell) is int


def has_number(board: Sequence[Cell]) -> bool:
    return any(type(cell) is int for cell in board)


def _fits(board: Sequence[Cell], cell: int, value: int) -> bool:
    """M9: the cell touches a number and differs by at most 1 from every number it touches."""
    touching = False
    for neighbour in NEIGHBOURS[cell]:
        other = board[neighbour]
        if type(other) is int:
            if abs(other - value) > 1:
                return False
            touching = True
    return touching


def legal_cells(board: Sequence[Cell], value: int) -> frozenset[int]:
    """The empty cells where a die showing `value` may go now (M8–M10).

    >>> sorted(legal_cells((None,) * 16, 6)) == list(range(16))
    True
    >>> sorted(legal_cells((3, 4) + (None,) * 14, 5)), sorted(legal_cells((3, 4) + (None,) * 14, 2))
    ([2, 5], [4])
    """
    if not has_number(board):
        return frozenset(cell for cell in range(CELLS) if board[cell] is None)
    return frozenset(
        cell for cell in range(CELLS) if board[cell] is None and _fits(board, cell, value)
    )


def with_cell(board: Board, cell: int, value: Cell) -> Board:
    """A copy of `board` with `cell` set to `value`."""
    return board[:cell] + (value,) + board[cell + 1 :]


def can_place(board: Sequence[Cell], dice: Iterable[int], count: int) -> bool:
    """Whether some order places `count` of `dice` legally, staged dice counting as numbers (M15).

    >>> can_place((None,) * 16, (1, 1, 4, 6), 3)
    False
    >>> can_place((None,) * 16, (1, 2, 4, 6), 2)
    True
    """
    values = tuple(sorted(dice))
    if count <= 0:
        return True
    if count > len(values) or count > sum(cell is None for cell in board):
        return False
    return _can_place(tuple(board), values, count)


# Bitmask search: bit c stands for cell c. Legality is kept per die value as "compatible"
# cells (no neighbouring number differs by more than 1) intersected with "touching" cells.
_ADJACENT: Final = tuple(sum(1 << n for n in NEIGHBOURS[cell]) for cell in range(CELLS))
_ALL: Final = (1 << CELLS) - 1
_BLANK_STARTS: Final = (1 << 0) | (1 << 1) | (1 << 5)


@lru_cache(maxsize=4096)
def _can_place(board: Board, dice: tuple[int, ...], count: int) -> bool:
    empty = sum(1 << cell for cell in range(CELLS) if board[cell] is None)
    numbers = [(cell, value) for cell, value in enumerate(board) if type(value) is int]
    touching = 0
    for cell, _ in numbers:
        touching |= _ADJACENT[cell]
    compatible = [empty] * 7  # indexed by die value; index 0 unused
    for value in range(1, 7):
        for cell, other in numbers:
            if abs(other - value) > 1:
                compatible[value] &= ~_ADJACENT[cell]
    if not numbers and empty != _ALL and not _can_place(EMPTY_BOARD, dice, count):
        return False  # ruins only take cells away: what fails on a blank board fails here
    # A blank board is symmetric: a corner, an edge and a middle cell stand for every start.
    starts = _BLANK_STARTS if empty == _ALL else _ALL
    return _search(empty, touching, tuple(compatible), dice, count, starts)


def _search(
    empty: int,
    touching: int,
    compatible: tuple[int, ...],
    dice: tuple[int, ...],
    count: int,
    starts: int = _ALL,
) -> bool:
    """`touching` 0 means the board holds no number yet: any empty cell is open (M8)."""
    # `dice` is sorted, so each distinct value is tried once.
    for index, value in enumerate(dice):
        if index and dice[index - 1] == value:
            continue
        cells = compatible[value] & (touching or empty) & empty & starts
        if not cells:
            continue
        if count == 1:
            return True
        rest = dice[:index] + dice[index + 1 :]
        near = [other for other in set(rest) if abs(other - value) <= 1]
        if not touching and not near:
            continue  # on a numberless board the next die must touch this one
        if count == 2 and _one_more(empty, touching, compatible, value, cells, set(rest)):
            return True
        if count == 2:
            continue
        while cells:
            bit = cells & -cells
            cells ^= bit
            around = _ADJACENT[bit.bit_length() - 1]
            # M11: the placed die now connects its neighbours and constrains their values.
            after = tuple(
                mask & ~bit & (~around if abs(other - value) > 1 else _ALL)
                for other, mask in enumerate(compatible)
            )
            if _search(empty & ~bit, (touching | around) & ~bit, after, rest, count - 1):
                return True
    return False


def _one_more(
    empty: int, touching: int, compatible: tuple[int, ...], value: int, cells: int, rest: set[int]
) -> bool:
    """Whether, after `value` goes on one of `cells`, some die of `rest` still has a cell."""
    while cells:
        bit = cells & -cells
        cells ^= bit
        around = _ADJACENT[bit.bit_length() - 1]
        still_empty = empty & ~bit
        for other in rest:
            if abs(other - value) <= 1:
                if compatible[other] & (touching | around) & still_empty:
                    return True
            elif compatible[other] & touching & ~around & still_empty:
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Difficulty (M5, M6)


class Difficulty(StrEnum):
    PEACEFUL = "peaceful"
    SURVIVAL = "survival"
    NIGHTMARE = "nightmare"


MINIMUM: Final = {Difficulty.PEACEFUL: 2, Difficulty.SURVIVAL: 2, Difficulty.NIGHTMARE: 3}
PENALTIES: Final[dict[Difficulty, tuple[int, ...]]] = {
    Difficulty.PEACEFUL: (10, 20, 40),
    Difficulty.SURVIVAL: (70,),
    Difficulty.NIGHTMARE: (),
}


def as_difficulty(difficulty: Difficulty | Enum | str) -> Difficulty:
    """Accept a `Difficulty`, any enum whose value is the lower-case name, or the name itself."""
    name = difficulty.value if isinstance(difficulty, Enum) else difficulty
    if isinstance(name, str):
        try:
            return Difficulty(name.lower())
        except ValueError:
            pass
    raise ValueError("Unknown difficulty %(name)r." % {"name": name})


def required_dice(board: Sequence[Cell], difficulty: Difficulty | Enum | str) -> int:
    """M6: the difficulty's minimum, or the number of empty cells when fewer remain.

    >>> required_dice((None,) * 16, "nightmare"), required_dice((1,) * 15 + (None,), "nightmare")
    (3, 1)
    """
    empty = sum(cell is None for cell in board)
    return min(MINIMUM[as_difficulty(difficulty)], empty)


def power_penalty(difficulty: Difficulty | Enum | str, uses: int) -> int:
    """M5/M20: the summed penalties of the first `uses` power uses."""
    penalties = PENALTIES[as_difficulty(difficulty)]
    if not 0 <= uses <= len(penalties):
        raise ValueError("%(uses)d power uses are impossible in this difficulty." % {"uses": uses})
    return sum(penalties[:uses])


# ---------------------------------------------------------------------------------------------
# Scoring (M18–M21)

STRAIGHT: Final = 60
FOUR_OF_A_KIND: Final = 40
TWO_PAIRS: Final = 20
RUIN_PENALTY: Final = 15

# Rows read left→right, columns top→bottom (M19); diagonals are not lines.
LINES: Final = tuple(("row", r, tuple(range(r * SIZE, r * SIZE + SIZE))) for r in range(SIZE)) + (
    tuple(("column", c, tuple(range(c, CELLS, SIZE))) for c in range(SIZE))
)


class LineBonus(NamedTuple):
    """One line's bonus, e.g. `LineBonus("row", 0, "straight", 60)` (equal to that plain tuple)."""

    line: str  # "row" or "column"
    number: int  # 0-3, top to bottom or left to right
    combo: str  # "straight", "four_of_a_kind" or "two_pairs"
    points: int


@dataclass(frozen=True)
class Score:
    """The parts of an M21 score; penalties are positive numbers that are subtracted."""

    base: int
    bonuses: tuple[LineBonus, ...]
    ruins: int
    ruin_penalty: int
    power_penalty: int

    @property
    def bonus(self) -> int:
        return sum(bonus.points for bonus in self.bonuses)

    @property
    def total(self) -> int:
        return self.base + self.bonus - self.ruin_penalty - self.power_penalty

    def to_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "bonuses": [list(bonus) for bonus in self.bonuses],
            "ruins": self.ruins,
            "ruin_penalty": self.ruin_penalty,
            "power_penalty": self.power_penalty,
            "total": self.total,
        }


def combo(values: Sequence[int]) -> tuple[str, int] | None:
    """The best M19 bonus of four numbers read along a line, or None.

    >>> combo((4, 3, 2, 1)), combo((5, 5, 5, 5)), combo((2, 1, 1, 2)), combo((1, 3, 2, 4))
    (('straight', 60), ('four_of_a_kind', 40), ('two_pairs', 20), None)
    """
    steps = {b - a for a, b in pairwise(values)}
    if steps == {1} or steps == {-1}:
        return ("straight", STRAIGHT)
    counts = sorted(Counter(values).values())
    if counts == [4]:
        return ("four_of_a_kind", FOUR_OF_A_KIND)
    if counts == [2, 2]:
        return ("two_pairs", TWO_PAIRS)
    return None


def score(
    board: Sequence[Cell], difficulty: Difficulty | Enum | str, powers_used: int | Sequence[str]
) -> Score:
    """M18–M21 for `board` after `powers_used` power uses (a count, or the uses themselves as a
    state keeps them, e.g. ("reroll", "increase")); works on partial boards too.

    >>> score((1, 2, 3, 4) + (None,) * 12, "peaceful", 1).total  # 2·10 + 60 − 10
    70
    """
    numbers = [cell for cell in board if type(cell) is int]
    bonuses = []
    for line, index, cells in LINES:
        values = [board[cell] for cell in cells]
        if all(type(value) is int for value in values):
            found = combo([value for value in values if type(value) is int])
            if found:
                bonuses.append(LineBonus(line, index, *found))
    ruins = sum(cell == RUIN for cell in board)
    return Score(
        base=2 * sum(numbers),  # each number counts once in its row and once in its column
        bonuses=tuple(bonuses),
        ruins=ruins,
        ruin_penalty=RUIN_PENALTY * ruins,
        power_penalty=power_penalty(
            difficulty, powers_used if isinstance(powers_used, int) else len(powers_used)
        ),
    )
