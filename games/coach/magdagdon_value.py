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
(`games.coach.magdagdon_training`) and shipped in games/coach/data/magdagdon_values.npz.

A board with one or two empty cells and no power left is valued exactly instead
(`last_cell_values`, `two_cell_values`): on the boards the NIGHTMARE coach meets, the tables'
guess there was off by 11 and 21 points (RMS). In NIGHTMARE, where a turn fills three cells,
the search also values boards with three empty cells exactly (`exact_three`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from games.coach.magdagdon_boards import ROLL_CHANCES, ROLLS, RUIN_CODE, Cells, fitting_of, scores
from games.coach.magdagdon_fills import exact_values
from games.rules.magdagdon import PENALTIES, Difficulty
from games.rules.magdagdon_board import CELLS

DATA: Final = Path(__file__).parent / "data" / "magdagdon_values.npz"
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


# _ANY[m]: the chance that four dice show at least one of m given values.
_ANY: Final = 1.0 - ((6.0 - np.arange(7)) / 6.0) ** 4


def last_cell_values(cells: Cells) -> Floats:
    """The exact expected final score (M18-M21, no power left) of boards with one empty cell:
    the last roll places its best die that fits there (M9, M15), else the cell is a RUIN (M16).
    Ranking the values that fit by the score they give, the m-th best is played when some die
    shows it and none shows a better one."""
    rows = np.arange(len(cells))
    empty = np.argmax(cells == 0, axis=1)
    fits = fitting_of(cells)[rows, empty]
    placed = np.full((len(cells), 6), -np.inf)
    for value in range(1, 7):
        filled = cells.copy()
        filled[rows, empty] = value
        placed[:, value - 1] = np.where(fits >> value & 1, scores(filled), -np.inf)
    ruined = cells.copy()
    ruined[rows, empty] = RUIN_CODE
    placed = -np.sort(-placed, axis=1)  # best first, the values that do not fit last
    fitting = np.isfinite(placed)
    played = np.where(fitting, placed, 0.0) @ np.diff(_ANY)
    return np.asarray(played + scores(ruined) * (1.0 - _ANY[fitting.sum(axis=1)]))


def _pairs_shown() -> npt.NDArray[np.bool_]:
    """(126, 36): whether each roll (ROLLS order) shows two dice of values (x, y), x, y 1-6."""
    shown = np.zeros((len(ROLLS), 36), dtype=bool)
    for r, roll in enumerate(ROLLS):
        for x in range(1, 7):
            for y in range(1, 7):
                shown[r, (x - 1) * 6 + y - 1] = (
                    roll.count(x) >= 2 if x == y else x in roll and y in roll
                )
    return shown


_PAIRS_SHOWN: Final = _pairs_shown()


def two_cell_values(cells: Cells) -> Floats:
    """The exact expected final score (no power left) of boards with two empty cells: the roll
    fills both when two of its dice fit in some order (M6, M9, M11), the best such pair; else
    it is a MAGDAGDON (M15) and the better cell to ruin leaves one cell (`last_cell_values`)."""
    n = len(cells)
    rows = np.arange(n)
    empties = np.nonzero(cells == 0)[1].reshape(n, 2)
    first, second = empties[:, 0], empties[:, 1]
    fits = fitting_of(cells)
    fits_first, fits_second = fits[rows, first], fits[rows, second]
    pairs = np.arange(36)
    filled = np.repeat(cells[:, None, :], 36, axis=1)  # (n, 36, 16): pair (x, y) at 6(x-1)+y-1
    filled[rows[:, None], pairs, first[:, None]] = pairs // 6 + 1  # x in the first cell
    filled[rows[:, None], pairs, second[:, None]] = pairs % 6 + 1  # y in the second
    legal = np.zeros((n, 36), dtype=bool)
    for v in range(1, 7):
        first_v = cells.copy()
        first_v[rows, first] = v
        then_second = fitting_of(first_v)[rows, second]  # what fits the second after v
        second_v = cells.copy()
        second_v[rows, second] = v
        then_first = fitting_of(second_v)[rows, first]
        for w in range(1, 7):
            # v in the first cell, then w in the second; or v in the second, then w in the first
            legal[:, (v - 1) * 6 + w - 1] |= (fits_first >> v & 1 & then_second >> w & 1) > 0
            legal[:, (w - 1) * 6 + v - 1] |= (fits_second >> v & 1 & then_first >> w & 1) > 0
    placed = np.where(legal, scores(filled.reshape(n * 36, CELLS)).reshape(n, 36), -np.inf)
    best = np.where(_PAIRS_SHOWN[None, :, :], placed[:, None, :], -np.inf).max(axis=2)
    ruin_first, ruin_second = cells.copy(), cells.copy()
    ruin_first[rows, first] = RUIN_CODE
    ruin_second[rows, second] = RUIN_CODE
    ruin = np.maximum(last_cell_values(ruin_first), last_cell_values(ruin_second))
    return np.asarray(np.where(np.isfinite(best), best, ruin[:, None]) @ ROLL_CHANCES)


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
        # (`magdagdon_fills.exact_values`): right only where a turn needs three dice
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
            solvers = [(1, last_cell_values), (2, two_cell_values)]
            if self.exact_three:
                solvers.append((3, exact_values))
            for count, solve in solvers:
                rows = np.nonzero(empty == count)[0]
                if len(rows):
                    exact.append((rows, solve(cells[rows])))
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


def save(networks: dict[Difficulty, Network], path: Path = DATA) -> None:
    arrays: dict[str, npt.NDArray[np.float32]] = {}
    for difficulty, network in networks.items():
        arrays[f"{difficulty.value}_weights"] = network.weights.astype(np.float32)
        arrays[f"{difficulty.value}_bias"] = network.bias.astype(np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


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
