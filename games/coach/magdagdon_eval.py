"""What a MAGDAGDON board is worth to the coach: its score so far plus what it can still earn.

`expected_final(board, ...)` estimates the final M21 score of a confirmed board:
- what is already earned: 2 x every number, the bonuses of full lines, 15 per ruin (M18-M21);
- every empty cell as 2 x the value it can still take (M9: between its numbered neighbours'
  largest value - 1 and smallest + 1), less a little when only one or two values still fit;
  a cell no value can ever fit is a certain ruin;
- every unfinished line as its best bonus that its numbers still allow (M19, neighbours along
  the line within 1 of each other), discounted by how many of its cells are still empty;
- the chance that the next roll is a MAGDAGDON (M15), exact over the 1296 rolls, times what a
  ruin costs, less when a power is left to rescue it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import lru_cache

from games.rules.magdagdon import RUIN, Board, Difficulty, can_place, combo, required_dice
from games.rules.magdagdon_board import LINES, NEIGHBOURS

LINE_CELLS = tuple(cells for _, _, cells in LINES)
# How much of a line's best open bonus to count, by its empty cells (tuned on seeded games).
LINE_SHARE = (1.0, 0.8, 0.6, 0.45, 0.3)
RUIN_COST = 15 + 2 * 3.5  # the penalty and the number the cell will never hold
RESCUE_SHARE = 0.45  # with a power left, a MAGDAGDON costs about this share of a ruin
CELL_HOPE = 0.25  # an open cell tends to end a little above the middle of its range
# An open cell that only one (two) values can still fill often ends as a ruin (tuned on seeds).
NARROW_COST = {0: 8.0, 1: 3.0}


def _rolls() -> tuple[tuple[tuple[int, ...], float], ...]:
    found = []
    for faces in itertools.combinations_with_replacement(range(1, 7), 4):
        ways = math.factorial(4)
        for count in Counter(faces).values():
            ways //= math.factorial(count)
        found.append((faces, ways / 6**4))
    return tuple(found)


ROLLS = _rolls()  # the 126 distinct rolls of four dice with their exact chances


def cell_range(board: Board, cell: int) -> tuple[int, int]:
    """The values an empty cell can still take (lo > hi: none, a certain ruin)."""
    lo, hi = 1, 6
    for neighbour in NEIGHBOURS[cell]:
        value = board[neighbour]
        if type(value) is int:
            lo, hi = max(lo, value - 1), min(hi, value + 1)
    return lo, hi


def magdagdon_chance(board: Board, required: int) -> float:
    """M15: the exact chance that the next roll cannot place `required` dice on `board`."""
    if required <= 0:
        return 0.0
    return sum(p for faces, p in ROLLS if not can_place(board, faces, required))


@lru_cache(maxsize=1 << 16)
def line_hope(line: tuple[int | None, ...]) -> float:
    """The best bonus still open to a line without ruins, discounted by its empty cells."""
    empty = [i for i, value in enumerate(line) if value is None]
    if not empty:
        found = combo([v for v in line if v is not None])
        return float(found[1]) if found else 0.0
    best = 0
    for fill in itertools.product(range(1, 7), repeat=len(empty)):
        values = list(line)
        for i, value in zip(empty, fill, strict=True):
            values[i] = value
        full = [v for v in values if v is not None]
        if all(abs(a - b) <= 1 for a, b in itertools.pairwise(full)):
            found = combo(full)
            if found and found[1] > best:
                best = found[1]
    return best * LINE_SHARE[len(empty)]


@lru_cache(maxsize=1 << 17)
def expected_final(
    board: Board, difficulty: Difficulty, powers_left: int, risk: bool = True
) -> float:
    """The coach's estimate of the final score (before power penalties) of a confirmed board;
    `risk=False` leaves out the chance of a MAGDAGDON next turn (a quicker, rougher look)."""
    total = 0.0
    blocked = [False] * len(board)
    for cell, value in enumerate(board):
        if value is None:
            lo, hi = cell_range(board, cell)
            if lo > hi:
                blocked[cell] = True
                total -= RUIN_COST - 7
            else:
                total += lo + hi + CELL_HOPE * (hi - lo) - NARROW_COST.get(hi - lo, 0.0)
        elif value == RUIN:
            blocked[cell] = True
            total -= 15
        else:
            total += 2 * value
    for cells in LINE_CELLS:
        a, b, c, d = cells
        if not (blocked[a] or blocked[b] or blocked[c] or blocked[d]):
            total += line_hope((board[a], board[b], board[c], board[d]))
    if risk and None in board:
        cost = RUIN_COST * (RESCUE_SHARE if powers_left else 1.0)
        total -= cost * magdagdon_chance(board, required_dice(board, difficulty))
    return total
