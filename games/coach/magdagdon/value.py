"""What a confirmed MAGDAGDON board is worth: a learned n-tuple network over afterstates.

The afterstate is the confirmed board, the powers left and the difficulty. Its value is the
expected final score (M21) from there, less the penalties of powers still to be used (those
already used are sunk): the board's score now (M18-M20, exact) plus what the network expects it
still to gain. The network is a sum of table look-ups, as in Szubert & Jaskowski's n-tuple
networks for 2048: five base tuples - an outer and an inner line (M19 bonuses), a corner, an
edge and the middle 2x2 square (M9 adjacency) - each read in the 8 symmetries of the square
(the rules are symmetric under rotation and reflection), every tuple a table over the 8^4
states of its cells (empty, 1-6, RUIN), plus a bias by the number of empty cells; one set of
tables per difficulty and number of powers left. The tables are learned by self-play
(training/magdagdon_selfplay.py) and shipped in games/coach/data/magdagdon_values.npz, stored
as float32 (see games/coach/data/PROVENANCE.md).

A board with one or two empty cells and no power left is valued exactly instead
(`fills.exact_values`): on the boards the NIGHTMARE coach meets, the tables' guess
there was off by 11 and 21 points (RMS). In NIGHTMARE, where a turn fills three cells, the
search also values boards with three empty cells exactly (`exact_three`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from games.coach.magdagdon.boards import Cells, scores
from games.coach.magdagdon.fills import exact_values
from games.rules.magdagdon import PENALTIES, Difficulty

DATA: Final = Path(__file__).parent.parent / "data" / "magdagdon_values.npz"
Floats = npt.NDArray[np.float64]

_BASE_TUPLES: Final = (
    (0, 1, 2, 3),  # an outer line
    (4, 5, 6, 7),  # an inner line
    (0, 1, 4, 5),  # a corner square
    (1, 2, 5, 6),  # an edge square
    (5, 6, 9, 10),  # the middle square
)


def _symmetries() -> list[list[int]]:
    """The 8 symmetries of the 4x4 square as cell permutations."""
    found = []
    for turn in range(4):
        for mirror in (False, True):
            perm = []
            for cell in range(16):
                row, column = divmod(cell, 4)
                if mirror:
                    column = 3 - column
                for _ in range(turn):
                    row, column = column, 3 - row
                perm.append(row * 4 + column)
            found.append(perm)
    return found


TUPLE_COUNT: Final = len(_BASE_TUPLES)
TABLE: Final = 8**4
# (40, 4): the cells read by each look-up; TUPLE_OF[k] is the base tuple (table) it reads.
TUPLE_CELLS: Final = np.array(
    [[perm[c] for c in base] for base in _BASE_TUPLES for perm in _symmetries()], dtype=np.int64
)
TUPLE_OF: Final = np.repeat(np.arange(TUPLE_COUNT, dtype=np.int64), 8)
_OFFSETS: Final = (TUPLE_OF * TABLE).astype(np.int32)
_FIRST, _SECOND, _THIRD, _FOURTH = (np.ascontiguousarray(column) for column in TUPLE_CELLS.T)


def powers_of(difficulty: Difficulty) -> int:
    return len(PENALTIES[difficulty])


class Network:
    """One difficulty's tables: weights[p] for p powers left (tuples x 8^4), bias[p, empty]."""

    def __init__(self, weights: Floats, bias: Floats) -> None:
        self.weights = weights  # (powers + 1, TUPLE_COUNT * TABLE)
        self.bias = bias  # (powers + 1, 17)
        # Whether boards with one or two empty cells and no power left get their exact values;
        # plain TD training turns it off, to learn as the shipped tables were learned (before
        # them); training toward expected targets keeps it on.
        self.exact_ends = True
        # Whether boards with three empty cells and no power left get their exact values too
        # (`fills.exact_values`): right only where a turn needs three dice
        # (NIGHTMARE, M6), and some 30 us a board, so the search turns it on for the few
        # boards it looks at most closely (`exact_three`).
        self.exact_three = False

    @classmethod
    def blank(cls, difficulty: Difficulty) -> Network:
        sets = powers_of(difficulty) + 1
        return cls(np.zeros((sets, TUPLE_COUNT * TABLE)), np.zeros((sets, 17)))

    def features(self, cells: Cells) -> npt.NDArray[np.int32]:
        """(n, 40): the table entries each board reads."""
        c = cells.astype(np.int32)
        high = c[:, _FIRST] * 512 + c[:, _SECOND] * 64  # (n, 40)
        high += c[:, _THIRD] * 8
        high += c[:, _FOURTH]
        high += _OFFSETS
        return high

    def values(self, cells: Cells, left: int) -> Floats:
        """Expected final score (less future penalties) of boards with `left` powers left."""
        return self.values_for(cells, (left,))[0]

    def values_for(self, cells: Cells, lefts: tuple[int, ...]) -> list[Floats]:
        """`values` for several numbers of powers left, the look-ups read once."""
        empty = (cells == 0).sum(axis=1)
        open_ = empty > 0
        now = scores(cells)
        index = self.features(cells)
        found = []
        exact = []
        if 0 in lefts and self.exact_ends:
            for count in (1, 2, 3) if self.exact_three else (1, 2):
                rows = np.nonzero(empty == count)[0]
                if len(rows):
                    exact.append((rows, exact_values(cells[rows])))
        for left in lefts:
            learned = np.take(self.weights[left], index).sum(axis=1)
            learned += self.bias[left][empty]
            value = np.asarray(now + np.where(open_, learned, 0.0))
            if left == 0:
                for rows, values in exact:
                    value[rows] = values
            found.append(value)
        return found

    def learn(self, cells: Cells, left: int, error: float, rate: float) -> None:
        """Move one board's value by `rate` x `error` (spread over its look-ups)."""
        index = self.features(cells)[0]
        step = rate * error / (len(index) + 1)
        np.add.at(self.weights[left], index, step)
        self.bias[left][int((cells[0] == 0).sum())] += step


def exact_three(network: Network) -> Network:
    """The same tables, with boards of three empty cells valued exactly (NIGHTMARE only)."""
    view = Network(network.weights, network.bias)
    view.exact_ends = network.exact_ends
    view.exact_three = True
    return view


@cache
def network(difficulty: Difficulty) -> Network:
    """The shipped tables of `difficulty` (blank ones, the plain score, if none are shipped)."""
    if not DATA.exists():
        return Network.blank(difficulty)
    with np.load(DATA) as data:
        name = difficulty.value
        if f"{name}_weights" not in data:
            return Network.blank(difficulty)
        return Network(
            data[f"{name}_weights"].astype(np.float64), data[f"{name}_bias"].astype(np.float64)
        )
