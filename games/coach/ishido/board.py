"""A fast, mutable Ishido position for the coach's search (rules I2, I5, I7–I9).

The rules package keeps states immutable and readable; a search plays thousands of stones a
second, so here a stone is a *kind* `colour * 6 + shape` (0–35), a board is a list of kinds
(-1 for an empty cell), and every empty cell keeps the bitmask of the kinds that fit on it
(bit k set when kind k may be placed there by I5), updated only around each new stone.

>>> position = Position.from_board([None] * 95 + [(2, 4)])
>>> [cell for cell in legal_cells(position, kind_of((2, 0)))]
[83, 94]
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence

from games.rules.ishido import BONUSES, CELLS, NEIGHBOURS, is_border

KINDS = 36
EMPTY = -1

COLOUR_OF = tuple(kind // 6 for kind in range(KINDS))
SHAPE_OF = tuple(kind % 6 for kind in range(KINDS))
COLOUR_BITS = tuple(sum(1 << (c * 6 + s) for s in range(6)) for c in range(6))
SHAPE_BITS = tuple(sum(1 << (c * 6 + s) for c in range(6)) for s in range(6))
# One neighbour of kind k: anything sharing its colour or its shape fits.
ONE = tuple(COLOUR_BITS[COLOUR_OF[k]] | SHAPE_BITS[SHAPE_OF[k]] for k in range(KINDS))
# Two neighbours of kinds a and b, at PAIR[a * 36 + b]: one matched by colour, the other by shape.
PAIR = tuple(
    1 << (COLOUR_OF[a] * 6 + SHAPE_OF[b]) | 1 << (COLOUR_OF[b] * 6 + SHAPE_OF[a])
    for a in range(KINDS)
    for b in range(KINDS)
)
INTERIOR = tuple(not is_border(cell) for cell in range(CELLS))
NEIGHBOURS_OF = NEIGHBOURS
BONUS = BONUSES


def kind_of(stone: Sequence[int]) -> int:
    """A stone's kind: `colour * 6 + shape`.

    >>> kind_of((2, 4))
    16
    """
    return stone[0] * 6 + stone[1]


def _bit(colour: int, shape: int) -> int:
    return 1 << (colour * 6 + shape)


def mask_of(kinds: Sequence[int]) -> int:
    """The kinds that fit next to neighbours of these kinds (I5): each neighbour is matched by
    colour or by shape, in the proportions I5 allows for their number.

    >>> bin(mask_of([kind_of((0, 0)), kind_of((1, 1))]))  # white-square or yellow-circle
    '0b1000010'
    """
    n = len(kinds)
    co, sh = COLOUR_OF, SHAPE_OF
    if n == 1:
        return ONE[kinds[0]]
    if n == 2:
        return PAIR[kinds[0] * KINDS + kinds[1]]
    mask = 0
    if n == 3:
        a, b, c = kinds
        for i, j, k in ((a, b, c), (b, a, c), (c, a, b)):
            if sh[j] == sh[k]:  # i by colour, j and k by shape
                mask |= _bit(co[i], sh[j])
            if co[j] == co[k]:  # i by shape, j and k by colour
                mask |= _bit(co[j], sh[i])
        return mask
    if n == 4:
        a, b, c, d = kinds
        for i, j, k, m in ((a, b, c, d), (a, c, b, d), (a, d, b, c)):
            if co[i] == co[j] and sh[k] == sh[m]:
                mask |= _bit(co[i], sh[k])
            if sh[i] == sh[j] and co[k] == co[m]:
                mask |= _bit(co[k], sh[i])
        return mask
    return 0


# Three neighbours of kinds a, b, c, at TRIPLE[(a * 36 + b) * 36 + c]; four are looked up in
# QUAD, filled as positions need them (most of the 36**4 combinations never occur).
TRIPLE = tuple(mask_of([a, b, c]) for a in range(KINDS) for b in range(KINDS) for c in range(KINDS))
QUAD: dict[int, int] = {}


def fitting(around: int, n: int) -> int:
    """The kinds that fit next to `n` neighbours whose kinds are the base-36 digits of `around`
    (the code `Position.around` keeps)."""
    if n == 1:
        return ONE[around]
    if n == 2:
        return PAIR[around]
    if n == 3:
        return TRIPLE[around]
    mask = QUAD.get(around)
    if mask is None:
        mask = QUAD[around] = mask_of(
            [around // 46656, around // 1296 % 36, around // 36 % 36, around % 36]
        )
    return mask


class Position:
    """Board, neighbour counts and fitting masks, the 4-ways made so far and the score; for
    each empty cell, `around` codes the kinds of its neighbours as base-36 digits (in any order:
    I5 does not care which side a neighbour is on), so that a mask is one table look-up;
    `frontier` lists the empty cells next to a stone, in cell order (the only cells a stone may
    go on, I5)."""

    __slots__ = ("board", "count", "mask", "around", "frontier", "four_ways", "score")

    def __init__(
        self,
        board: list[int],
        count: list[int],
        mask: list[int],
        around: list[int],
        frontier: list[int],
        four_ways: int,
        score: int,
    ) -> None:
        self.board = board
        self.count = count
        self.mask = mask
        self.around = around
        self.frontier = frontier
        self.four_ways = four_ways
        self.score = score

    @classmethod
    def from_board(
        cls, stones: Iterable[Sequence[int] | None], four_ways: int = 0, score: int = 0
    ) -> Position:
        board = [EMPTY if s is None else kind_of(s) for s in stones]
        count = [0] * CELLS
        mask = [0] * CELLS
        code = [0] * CELLS
        for cell in range(CELLS):
            if board[cell] == EMPTY:
                around = [board[o] for o in NEIGHBOURS[cell] if board[o] != EMPTY]
                count[cell] = len(around)
                mask[cell] = mask_of(around)
                for kind in around:
                    code[cell] = code[cell] * KINDS + kind
        frontier = [cell for cell in range(CELLS) if board[cell] == EMPTY and count[cell]]
        return cls(board, count, mask, code, frontier, four_ways, score)

    def copy(self) -> Position:
        return Position(
            self.board[:],
            self.count[:],
            self.mask[:],
            self.around[:],
            self.frontier[:],
            self.four_ways,
            self.score,
        )


def points(position: Position, cell: int) -> int:
    """What a legal placement on `cell` earns now (I7–I9), the 4-way bonus included."""
    if not INTERIOR[cell]:
        return 0
    n = position.count[cell]
    four_ways = position.four_ways
    gained = (1 << (n - 1)) << four_ways
    if n == 4:
        gained += BONUS[four_ways if four_ways < 12 else 11]
    return gained


def place(position: Position, cell: int, kind: int) -> None:
    """Put a stone of `kind` on `cell` (assumed legal), scoring it and updating the masks."""
    board, count, mask, around = position.board, position.count, position.mask, position.around
    n = count[cell]
    if INTERIOR[cell]:
        if n == 4:
            four_ways = position.four_ways
            position.score += (8 << four_ways) + BONUS[four_ways if four_ways < 12 else 11]
            position.four_ways = four_ways + 1
        else:
            position.score += (1 << (n - 1)) << position.four_ways
    board[cell] = kind
    mask[cell] = 0
    frontier = position.frontier
    frontier.remove(cell)
    for other in NEIGHBOURS[cell]:
        if board[other] == EMPTY:
            n = count[other] = count[other] + 1
            code = around[other] = around[other] * KINDS + kind
            if n == 1:
                insort(frontier, other)
                mask[other] = ONE[code]
            elif n == 2:
                mask[other] = PAIR[code]
            elif n == 3:
                mask[other] = TRIPLE[code]
            else:
                mask[other] = fitting(code, 4)


def legal_cells(position: Position, kind: int) -> list[int]:
    """The cells where a stone of `kind` fits (I5), in cell order."""
    mask = position.mask
    return [cell for cell in position.frontier if mask[cell] >> kind & 1]
