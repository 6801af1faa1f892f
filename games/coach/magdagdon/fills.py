"""Exact values of boards with the last few empty cells, when every roll must fill them all.

`exact_values` values the boards of one or two empty cells and no power left on every
difficulty, and in NIGHTMARE (M6: three dice a turn) those of three for the coach's closest
looks, where the network's guess is some 12 points off (RMS) on the boards its search meets.
Each roll fills the cells at its best or is a MAGDAGDON (M15) and one cell becomes a RUIN
(M16); the smaller problems the ruins leave are solved the same way, from the same tables. No filled
board is ever built: a filling is legal when each new number agrees with the numbers around
it on the filled board (M9; each adjacent pair is checked once, when its later die is staged,
whatever the order) and some order of the cells lets each touch a number when it is staged
(M8, M10, M11: that depends on the cells, not on the values). Its score is the board's score
with the cells empty, twice the new numbers and the bonuses of the lines through the cells
(M18-M20), each line's bonus a small table over the values of the empty cells it holds.
"""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from games.coach.magdagdon.boards import (
    LINE_BONUS,
    LINE_CELLS,
    NEIGHBOUR_MATRIX,
    ROLL_CHANCES,
    ROLLS,
    Cells,
    blank_boards,
    neighbour_masks,
    scores,
)

Floats = npt.NDArray[np.float64]
FACES: Final = np.arange(1, 7)
_PLACE: Final = np.array([512, 64, 8, 1])  # a line's look-up index: its cells' codes in base 8
_AGREE: Final = np.abs(FACES[:, None] - FACES[None, :]) <= 1  # M9 for two adjacent numbers


@cache
def _roll_choices(count: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For `count` cells: which value tuples (index in base 6, first cell first) are the orders
    of each multiset of `count` values, and which multisets each roll shows (both padded with
    repeats: (multisets, count!) and (126, 4 choose count))."""
    multisets = list(itertools.combinations_with_replacement(range(1, 7), count))
    position = {m: i for i, m in enumerate(multisets)}

    def index(values: tuple[int, ...]) -> int:
        return sum((v - 1) * 6 ** (count - 1 - k) for k, v in enumerate(values))

    def padded(found: set[int], width: int) -> list[int]:
        ordered = sorted(found)
        return ordered + [ordered[0]] * (width - len(ordered))

    orders = [
        padded({index(p) for p in itertools.permutations(m)}, math.factorial(count))
        for m in multisets
    ]
    width = math.comb(4, count)
    shown = [
        padded({position[tuple(sorted(c))] for c in itertools.combinations(roll, count)}, width)
        for roll in ROLLS
    ]
    return np.array(orders, dtype=np.int64), np.array(shown, dtype=np.int64)


def exact_values(cells: Cells) -> Floats:
    """The exact expected final score (M18-M21, no power left) of boards that all have the same
    number (1-3) of empty cells, when the next roll must fill them all (M6: always for one or
    two cells; for three in NIGHTMARE). Each roll fills them at its best in some legal staging
    order (M9-M11), else it is a MAGDAGDON (M15) and the cell whose RUIN leaves the most is
    ruined (M16), and so on until the board is full. Arrays run over the values first and the
    boards last, so that picking values copies whole rows."""
    n = len(cells)
    count = int((cells[0] == 0).sum())
    rows = np.arange(n)
    empty = np.nonzero(cells == 0)[1].reshape(n, count)
    allowed, touching = neighbour_masks(cells)
    blank = blank_boards(cells)
    fits = [(allowed[rows, empty[:, k]][None, :] >> FACES[:, None] & 1) > 0 for k in range(count)]
    touches = [touching[rows, empty[:, k]] for k in range(count)]
    adjacent = {}
    for i, j in itertools.combinations(range(count), 2):
        adjacent[i, j] = adjacent[j, i] = NEIGHBOUR_MATRIX[empty[:, i], empty[:, j]]
    tables = _line_tables(cells, empty)
    base = scores(cells)  # the empty cells add nothing, the lines through them no bonus
    solved: dict[tuple[int, ...], Floats] = {(): base - 15.0 * count}  # every cell ruined
    for size in range(1, count + 1):
        for open_ in itertools.combinations(range(count), size):
            ruins = count - size
            best = _best_per_roll(open_, fits, touches, adjacent, blank, tables, n)
            best += base - 15.0 * ruins
            failed = ~np.isfinite(best)
            if failed.any():
                ruin = np.max([solved[tuple(k for k in open_ if k != r)] for r in open_], axis=0)
                np.copyto(best, np.broadcast_to(ruin, best.shape), where=failed)
            solved[open_] = np.asarray(ROLL_CHANCES @ best)
    return solved[tuple(range(count))]


def _line_tables(cells: Cells, empty: npt.NDArray[np.int64]) -> dict[int, Floats]:
    """The M19 bonuses of the lines through the empty cells, by which empty cells a line holds
    (a bit set of them): a table over their values (value axes first, boards last), summed
    over the lines holding exactly those cells. A line holding one more cell as a RUIN earns
    nothing, so each choice of cells to fill takes the tables of its subsets only."""
    n, count = empty.shape
    codes = cells[:, LINE_CELLS].astype(np.int64)  # (n, 8, 4), empty cells read 0
    fixed = (codes * _PLACE).sum(axis=2)
    weight = (LINE_CELLS[None, :, :, None] == empty[:, None, None, :]) * _PLACE[None, None, :, None]
    weight = weight.sum(axis=2)  # (n, 8, count): each empty cell's place in each line, or 0
    holds = (weight > 0) @ (1 << np.arange(count))  # (n, 8)
    tables = {}
    for subset in range(1, 1 << count):
        board, line = np.nonzero(holds == subset)
        if not len(board):
            continue
        members = [k for k in range(count) if subset >> k & 1]
        values = np.array(list(itertools.product(range(1, 7), repeat=len(members))))
        index = values @ weight[board, line][:, members].T + fixed[board, line]
        table = np.zeros((6 ** len(members), n))
        np.add.at(table.T, board, LINE_BONUS[index].T)  # a cell's row and column may both count
        tables[subset] = table.reshape([6] * len(members) + [n])
    return tables


def _best_per_roll(
    open_: tuple[int, ...],
    fits: list[npt.NDArray[np.bool_]],
    touches: list[npt.NDArray[np.bool_]],
    adjacent: dict[tuple[int, int], npt.NDArray[np.bool_]],
    blank: npt.NDArray[np.bool_],
    tables: dict[int, Floats],
    n: int,
) -> Floats:
    """(126, n): the best line bonuses plus twice the new numbers with which each roll fills
    the cells `open_` (the other empty cells ruined), -inf where no staging order fills them
    all. A filling is legal when every new number agrees with the numbers around it once all
    are placed (M9: each adjacent pair is checked when its later die is staged, whatever the
    order), and some order of the cells lets each touch a number when it is staged (M8, M10,
    M11: that depends on the cells, not on the values)."""
    size = len(open_)

    def axes(cells: tuple[int, ...]) -> list[int]:
        return [6 if k in cells else 1 for k in open_] + [n]

    legal = np.ones([6] * size + [n], dtype=bool)
    for k in open_:
        legal &= fits[k].reshape(axes((k,)))
    for i, j in itertools.combinations(open_, 2):
        legal &= (_AGREE[:, :, None] | ~adjacent[i, j][None, None, :]).reshape(axes((i, j)))
    reachable = np.zeros(n, dtype=bool)
    for order in itertools.permutations(open_):
        ok = touches[order[0]] | blank
        for step in range(1, size):
            near = touches[order[step]].copy()
            for before in order[:step]:
                near |= adjacent[order[step], before]
            ok &= near
        reachable |= ok
    legal &= reachable

    placed = np.zeros([6] * size + [n])
    for k in open_:
        placed += (2.0 * FACES).reshape(axes((k,))[:-1] + [1])
    for subset, table in tables.items():
        members = tuple(k for k in range(len(fits)) if subset >> k & 1)
        if set(members) <= set(open_):
            placed += table.reshape(axes(members))
    placed = placed.reshape(6**size, n)
    np.copyto(placed, -np.inf, where=~legal.reshape(6**size, n))
    orders, shown = _roll_choices(size)
    return np.asarray(placed[orders].max(axis=1)[shown].max(axis=1))
