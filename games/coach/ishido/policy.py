"""The coach's fast Ishido policy: a one-look judgement of each cell, used to play out sampled
futures (rollouts) and to order the candidate moves before they are searched.

A cell is judged by what a placement there does to the cells around it: the 4-way bonuses and
the doubling (I8, I9) dominate the score, so a placement that closes an interior cell on all four
sides, with a stone still to come that fits it (a live hole), is worth much, one that closes a
cell no remaining stone fits (a dead hole) costs a cell, and filling an interior cell that had
three neighbours gives away a hole in the making.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.coach.ishido.board import (
    BONUS,
    EMPTY,
    INTERIOR,
    NEIGHBOURS_OF,
    ONE,
    PAIR,
    QUAD,
    TRIPLE,
    Position,
    fitting,
    place,
)

# Weights of the judgement; tuned by benchmarks/coach_ishido.py.
FOUR_WAY = 1_000_000.0
LIVE_HOLE = 85.0
DEAD_HOLE = 15.0
THIRD_SIDE = 12.0
DEAD_CELL = 3.4
FLEXIBILITY = 0.3  # per kind still to come that a neighbouring cell gains (or loses)
NEIGHBOUR = (0.0, 5.6, 11.7, 15.0, 0.0)  # by number of neighbours, interior cells
BORDER = (0.0, 3.1, 14.7, 6.1, 0.0)  # border cells


def judge(position: Position, cell: int, kind: int, live: int) -> float:
    """How good placing `kind` on `cell` looks; `live` has a bit for each kind still to come."""
    count = position.count
    n = count[cell]
    if n == 4:
        return FOUR_WAY
    board, mask, around = position.board, position.mask, position.around
    value = NEIGHBOUR[n] if INTERIOR[cell] else BORDER[n]
    for other in NEIGHBOURS_OF[cell]:
        if board[other] != EMPTY:
            continue
        sides = count[other]  # before this stone
        if sides == 0:
            fits = ONE[kind] & live
        elif sides == 1:
            fits = PAIR[around[other] * 36 + kind] & live
        elif sides == 2:
            fits = TRIPLE[around[other] * 36 + kind] & live
        else:  # the stone closes `other` on its fourth side (an interior cell)
            value += LIVE_HOLE if fitting(around[other] * 36 + kind, 4) & live else -DEAD_HOLE
            continue
        if not fits:
            value -= DEAD_CELL
        elif sides == 2 and INTERIOR[other]:
            value += THIRD_SIDE
        value += FLEXIBILITY * (fits.bit_count() - (mask[other] & live).bit_count())
    return value


def choose(position: Position, kind: int, cells: Sequence[int], live: int) -> int:
    """The cell among `cells` (legal for `kind`) that `judge` likes best, the first of equals."""
    best, best_value = cells[0], -1e18
    for cell in cells:
        value = judge(position, cell, kind, live)
        if value > best_value:
            best, best_value = cell, value
    return best


def best_cell(position: Position, kind: int, live: int) -> int:
    """`choose` over every legal cell of `kind`, with `judge` written out in the loop (the
    playouts spend most of their time here); -1 when the stone fits nowhere."""
    board, count, mask, around = position.board, position.count, position.mask, position.around
    one, pair, triple, interior, neighbours = ONE, PAIR, TRIPLE, INTERIOR, NEIGHBOURS_OF
    inner, outer = NEIGHBOUR, BORDER
    third, dead_cell, flexibility, quad = THIRD_SIDE, DEAD_CELL, FLEXIBILITY, QUAD
    best, best_value = -1, -1e18
    bit = 1 << kind
    lone = one[kind] & live  # what a cell with no neighbour yet would accept next to `kind`
    lone_dead = not lone
    lone_flexibility = flexibility * lone.bit_count()
    for cell in position.frontier:
        if not mask[cell] & bit:
            continue
        n = count[cell]
        if n == 4:
            return cell
        value = inner[n] if interior[cell] else outer[n]
        for other in neighbours[cell]:
            if board[other] != -1:
                continue
            sides = count[other]
            if sides == 0:
                if lone_dead:
                    value -= dead_cell
                value += lone_flexibility
                continue
            if sides == 1:
                fits = pair[around[other] * 36 + kind] & live
            elif sides == 2:
                fits = triple[around[other] * 36 + kind] & live
            else:
                code = around[other] * 36 + kind
                filler = quad.get(code)
                if filler is None:
                    filler = fitting(code, 4)
                if filler & live:
                    value += LIVE_HOLE
                else:
                    value -= DEAD_HOLE
                continue
            if not fits:
                value -= dead_cell
            elif sides == 2 and interior[other]:
                value += third
            value += flexibility * (fits.bit_count() - (mask[other] & live).bit_count())
        if value > best_value:
            best, best_value = cell, value
    return best


def live_mask(counts: Sequence[int]) -> int:
    """A bit for each kind with at least one stone left in `counts`."""
    return sum(1 << kind for kind, n in enumerate(counts) if n)


def play_out(
    position: Position,
    kinds: Sequence[int],
    horizon: int = 96,
    wander: float = 0.0,
    rng: random.Random | None = None,
) -> tuple[int | None, int]:
    """Play the stones `kinds` in order (at most `horizon` of them) with `choose`, or, with
    probability `wander`, on a random legal cell (a 4-way is always taken), mutating `position`.
    Returns the stones left if one fitted nowhere (0 when all were placed, None when the horizon
    came first) and the live mask of the stones not yet played."""
    counts = [0] * 36
    for kind in kinds:
        counts[kind] += 1
    live = live_mask(counts)
    mask, count = position.mask, position.count
    cells_range = range(96)
    draw = rng.random if rng is not None and wander else None
    for index, kind in enumerate(kinds[:horizon]):
        counts[kind] -= 1
        if not counts[kind]:
            live &= ~(1 << kind)
        if draw is not None and draw() < wander:
            cells = [c for c in cells_range if mask[c] >> kind & 1]
            if not cells:
                return len(kinds) - index, live
            four_ways = [c for c in cells if count[c] == 4]
            cell = four_ways[0] if four_ways else cells[int(draw() * len(cells))]
        else:
            cell = best_cell(position, kind, live)
            if cell < 0:
                return len(kinds) - index, live
        place(position, cell, kind)
    return (None if horizon < len(kinds) else 0), live


INTERIOR_CELLS = tuple(cell for cell in range(96) if INTERIOR[cell])
POINTS_PER_STONE = 2.5  # what a later placement earns on average, before doubling


def outlook(position: Position, live: int, stones: int) -> float:
    """The final score expected from `position` with `stones` still to place (the kinds in
    `live`): each live hole counted as a coming 4-way, with its bonus and the doubling it
    brings to the stones after it."""
    count, mask = position.count, position.mask
    holes = sum(1 for c in INTERIOR_CELLS if count[c] == 4 and mask[c] & live)
    holes = min(holes, stones)
    four_ways = position.four_ways
    value = float(position.score)
    for i in range(holes):
        value += BONUS[min(four_ways + i, 11)] + (8 << (four_ways + i))
    value += POINTS_PER_STONE * (stones - holes) * (1 << (four_ways + holes))
    return value
