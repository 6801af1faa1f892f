"""MAGDAGDON boards as numbers, for the coach: every board a roll can make, many rolls at once.

A board is coded as one int64, three bits per cell (cell i at bits 3i..3i+2): 0 empty, 1-6 a
number, 7 a RUIN (M1). `afterstates` finds, with numpy, every board that stages at least the
required minimum of a roll's dice legally in some order (M8-M11: staged dice count as numbers),
for a batch of rolls together; a roll with no such board is a MAGDAGDON (M15). `scores` is the
M18-M20 score of coded boards (without power penalties).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Final

import numpy as np
import numpy.typing as npt

from games.rules.magdagdon import RUIN, Board, combo
from games.rules.magdagdon_board import CELLS, LINES, NEIGHBOURS, Cell

Codes = npt.NDArray[np.int64]
Cells = npt.NDArray[np.int8]

RUIN_CODE: Final = 7
SHIFTS: Final = np.arange(CELLS, dtype=np.int64) * 3
# Each cell's up to four orthogonal neighbours; 16 stands for "off the board" (reads as empty).
_NEIGHBOUR_INDEX: Final = np.array(
    [list(NEIGHBOURS[c]) + [CELLS] * (4 - len(NEIGHBOURS[c])) for c in range(CELLS)],
    dtype=np.int64,
)
# _ALLOWED[n]: bit v set when a die of value v may touch a cell holding code n (M9; empty and
# RUIN never constrain, M10); _IS_NUMBER[n]: 1 for a number.
_ALLOWED: Final = np.array(
    [sum(1 << v for v in range(1, 7) if not 1 <= n <= 6 or abs(n - v) <= 1) for n in range(8)],
    dtype=np.int64,
)
_IS_NUMBER: Final = np.array([int(1 <= n <= 6) for n in range(8)], dtype=np.int64)
# NEIGHBOUR_MATRIX[a, b]: whether cells a and b are orthogonal neighbours.
NEIGHBOUR_MATRIX: Final = np.array(
    [[b in NEIGHBOURS[a] for b in range(CELLS)] for a in range(CELLS)], dtype=bool
)
LINE_CELLS: Final = np.array([cells for _, _, cells in LINES], dtype=np.int64)


def _rolls() -> tuple[tuple[tuple[int, ...], ...], npt.NDArray[np.float64]]:
    faces = tuple(itertools.combinations_with_replacement(range(1, 7), 4))
    chances = []
    for roll in faces:
        ways = math.factorial(4)
        for count in Counter(roll).values():
            ways //= math.factorial(count)
        chances.append(ways / 6**4)
    return faces, np.array(chances)


ROLLS, ROLL_CHANCES = _rolls()  # the 126 distinct rolls of four dice (sorted) and their chances
ROLL_INDEX: Final = {roll: i for i, roll in enumerate(ROLLS)}
ROLL_ARRAY: Final = np.array(ROLLS, dtype=np.int8)


def encode(board: Board) -> int:
    code = 0
    for cell, value in enumerate(board):
        if value is not None:
            code |= (RUIN_CODE if value == RUIN else int(value)) << (3 * cell)
    return code


def decode(code: int) -> Board:
    cells: list[Cell] = []
    for cell in range(CELLS):
        value = code >> (3 * cell) & 7
        cells.append(None if value == 0 else RUIN if value == RUIN_CODE else value)
    return tuple(cells)


def cells_of(codes: Codes) -> Cells:
    """The (n, 16) cell codes of coded boards."""
    return ((codes[:, None] >> SHIFTS) & 7).astype(np.int8)


def _line_bonuses() -> npt.NDArray[np.float64]:
    """M19 bonus of a line by its four cell codes (row-major index c0*512+c1*64+c2*8+c3)."""
    table = np.zeros(8**4)
    for values in itertools.product(range(1, 7), repeat=4):
        found = combo(list(values))
        if found:
            a, b, c, d = values
            table[a * 512 + b * 64 + c * 8 + d] = found[1]
    return table


LINE_BONUS: Final = _line_bonuses()


def scores(cells: Cells) -> npt.NDArray[np.float64]:
    """M18-M20 without power penalties: twice every number, full lines' bonuses, -15 a ruin."""
    numbers = np.where(cells == RUIN_CODE, 0, cells).astype(np.int64)
    total = 2.0 * numbers.sum(axis=1) - 15.0 * (cells == RUIN_CODE).sum(axis=1)
    c = cells[:, LINE_CELLS].astype(np.int64)  # (n, 8, 4)
    index = c[:, :, 0] * 512 + c[:, :, 1] * 64 + c[:, :, 2] * 8 + c[:, :, 3]
    return np.asarray(total + LINE_BONUS[index].sum(axis=1), dtype=np.float64)


def neighbour_masks(cells: Cells) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """(n, 16) each: the values (bit v) that agree with every number around a cell (M9), and
    whether a number touches the cell (M10: a RUIN neither constrains nor connects)."""
    padded = np.concatenate([cells, np.zeros((len(cells), 1), dtype=np.int8)], axis=1)
    around = padded[:, _NEIGHBOUR_INDEX]  # (n, 16, 4)
    allowed = np.bitwise_and.reduce(_ALLOWED[around], axis=2)
    touching = np.bitwise_or.reduce(_IS_NUMBER[around], axis=2) > 0
    return allowed, touching


def blank_boards(cells: Cells) -> npt.NDArray[np.bool_]:
    """(n,): whether a board holds no number, so that a die may go on any empty cell (M8; a
    RUIN is not a number, M10)."""
    return np.asarray(~((cells >= 1) & (cells <= 6)).any(axis=1))


def fitting_of(cells: Cells) -> npt.NDArray[np.int64]:
    """(n, 16) bit masks: bit v set where a die of value v may go now (M8-M10)."""
    allowed, touching = neighbour_masks(cells)
    blank = blank_boards(cells)
    return np.where((cells == 0) & (touching | blank[:, None]), allowed, 0)


def afterstates(code: int, rolls: npt.NDArray[np.int8], required: int) -> tuple[Codes, Codes]:
    """Every board staging at least `required` dice of each roll (rows of `rolls`) on the board
    `code`: (roll row, board code) pairs, sorted by roll row. Rolls without a board are
    MAGDAGDONs."""
    counts = np.zeros((len(rolls), 7), dtype=np.int8)
    for value in range(1, 7):
        counts[:, value] = (rolls == value).sum(axis=1)
    which = np.arange(len(rolls), dtype=np.int64)
    codes = np.full(len(rolls), code, dtype=np.int64)
    left = counts.copy()
    found_which: list[Codes] = []
    found_codes: list[Codes] = []
    if required <= 0:
        found_which.append(which)
        found_codes.append(codes)
    for depth in range(1, rolls.shape[1] + 1):
        if len(codes) == 0:
            break
        unique, inverse = np.unique(codes, return_inverse=True)  # one board, many rolls
        fitting = fitting_of(cells_of(unique))[inverse]
        new_which, new_codes, new_left = [], [], []
        for value in range(1, 7):
            has = left[:, value] > 0
            if not has.any():
                continue
            rows = np.nonzero(has)[0]
            board, cell = np.nonzero(fitting[rows] >> value & 1)
            if len(board) == 0:
                continue
            parent = rows[board]
            new_which.append(which[parent])
            new_codes.append(codes[parent] | (np.int64(value) << (3 * cell.astype(np.int64))))
            taken = left[parent].copy()
            taken[:, value] -= 1
            new_left.append(taken)
        if not new_codes:
            break
        which = np.concatenate(new_which)
        codes = np.concatenate(new_codes)
        left = np.concatenate(new_left)
        _, first = np.unique((which << 48) | codes, return_index=True)
        which, codes, left = which[first], codes[first], left[first]
        if depth >= required:
            found_which.append(which)
            found_codes.append(codes)
    if not found_codes:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    all_which = np.concatenate(found_which)
    all_codes = np.concatenate(found_codes)
    order = np.argsort(all_which, kind="stable")
    return all_which[order], all_codes[order]


def ruined(code: int) -> Codes:
    """The boards a MAGDAGDON can leave: each empty cell of `code` made a RUIN (M16)."""
    cells = [c for c in range(CELLS) if not code >> (3 * c) & 7]
    return np.array([code | (RUIN_CODE << (3 * c)) for c in cells], dtype=np.int64)


def empty_cells(code: int) -> int:
    return sum(1 for c in range(CELLS) if not code >> (3 * c) & 7)
