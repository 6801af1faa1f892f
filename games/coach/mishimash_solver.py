"""The MISHIMASH turn solved backwards: one numpy dynamic programme for every coach question.

A turn is a finite tree of rolls: the turn total `t` (half-points) grows with every selection,
so the states (t, dice in play n, roll number k, clears c) are solved layer by layer from the
last possible roll back to the current one, vectorised over t. What banking is worth and what a
bust is worth come in as a `TurnProblem`, which is how one solver serves the points-optimal
policy (bank = t), the fewest-turns policy (bank = -E(b+t), bust = -E(b)) and a final round
(bank = 1 if the total beats the leader). Values are MAXIMISED; callers negate costs.

Several problems that share the turn shape (rows) are solved at once: `bank` is (rows, width).
Nothing here reads a game state, so nothing here can see the game's hidden random stream.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from games.coach.mishimash_odds import bust_probability, outcome_groups

Array = npt.NDArray[np.float64]
FACE_DICE = 6
MAX_SELECTION_HALVES = 80  # six 1s: 4 x 10 points
CLEAR_HALVES = 20  # X11: the n-th clear earns 10·n points = 20·n half-points


@cache
def roll_groups(n: int) -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    return tuple((float(p), options) for p, options in outcome_groups(n))


@cache
def bust_rate(n: int) -> float:
    return float(bust_probability(n))


def after_selection(n: int, k: int, c: int, taken: int, halves: int) -> tuple[int, int, int]:
    """(half-points gained, dice in play after, clears after) for taking `taken` dice worth
    `halves` (before the multiplier) from roll `k` of `n` dice with `c` clears so far."""
    if taken == n:
        return k * halves + CLEAR_HALVES * (c + 1), FACE_DICE, c + 1
    return k * halves, n - taken, c


@dataclass(frozen=True)
class TurnProblem:
    """What ending a turn is worth, for each of `rows` problems solved together.

    `bank[r, t]`: the value of banking with turn total t; `bust[r]`: the value of a bust.
    Decisions are made for totals below `domain`; from `domain` on, banking is forced (it is
    the target or beyond, or a cap far past any total that matters). The turn being asked
    about stands at total `t0` before roll `k0`, with `c0` clears.
    """

    bank: Array
    bust: Array
    domain: int
    t0: int = 0
    k0: int = 1
    c0: int = 0

    @property
    def last_roll(self) -> int:
        """The highest roll number whose state can still stand below `domain`."""
        k = self.k0
        while self.t0 + (k * (k + 1) - self.k0 * (self.k0 - 1)) // 2 < self.domain:
            k += 1
        return k

    @property
    def last_clears(self) -> int:
        c = self.c0
        while self.t0 + 10 * ((c + 1) * (c + 2) - self.c0 * (self.c0 + 1)) < self.domain:
            c += 1
        return c

    def lowest_total(self, k: int, c: int) -> int:
        """No state of roll k with c clears, reached from (t0, k0, c0), has a smaller total."""
        rolls = (k * (k - 1) - self.k0 * (self.k0 - 1)) // 2
        clears = 10 * (c * (c + 1) - self.c0 * (self.c0 + 1))
        return min(self.domain, self.t0 + rolls + clears)


def width(domain: int, t0: int = 0, k0: int = 1, c0: int = 0) -> int:
    """How many totals `bank` must cover: the domain plus the largest gain of one roll."""
    shape = TurnProblem(np.zeros((1, 0)), np.zeros(1), domain, t0, k0, c0)
    gain = shape.last_roll * MAX_SELECTION_HALVES + CLEAR_HALVES * (shape.last_clears + 1)
    return domain + gain + 1


@dataclass(frozen=True)
class Layer:
    """The roll-again values of one roll number: `roll[(n, c)][r, t]` is the value of rolling
    n dice with total t and c clears (about to roll), `-inf` where the state cannot occur."""

    k: int
    roll: dict[tuple[int, int], Array]


def solve(problem: TurnProblem) -> Iterator[Layer]:
    """Solve backwards and yield every layer, from the last roll down to roll `k0`."""
    bank, domain = problem.bank, problem.domain
    rows = bank.shape[0]
    last_c = problem.last_clears
    after: dict[tuple[int, int], Array] = {}  # best of bank / roll again, the layer after

    def chosen(n: int, c: int) -> Array:
        return after.get((n, c), bank)

    for k in range(problem.last_roll, problem.k0 - 1, -1):
        roll: dict[tuple[int, int], Array] = {}
        for c in range(last_c, problem.c0 - 1, -1):
            lo = max(problem.lowest_total(k, c), problem.t0)
            if lo >= domain:
                continue
            for n in range(1, FACE_DICE + 1):
                values = np.empty((rows, bank.shape[1]))
                values.fill(-np.inf)
                values[:, lo:domain] = _roll_value(n, k, c, lo, domain, chosen, problem.bust)
                roll[(n, c)] = values
        yield Layer(k, roll)
        after = {key: np.where(values >= bank, values, bank) for key, values in roll.items()}


def _roll_value(
    n: int, k: int, c: int, lo: int, hi: int, chosen: Callable[[int, int], Array], bust: Array
) -> Array:
    """Roll-again values of (n, k, c) for totals lo..hi-1: busts, then each group's best."""
    total: Array = np.multiply.outer(bust, np.full(hi - lo, bust_rate(n)))
    best = np.empty_like(total)
    for p, options in roll_groups(n):
        for i, (taken, halves) in enumerate(options):
            gain, dice, clears = after_selection(n, k, c, taken, halves)
            source = chosen(dice, clears)[:, lo + gain : hi + gain]
            if i == 0:
                best[...] = source
            else:
                np.maximum(best, source, out=best)
        total += p * best
    return total


def current_layer(problem: TurnProblem) -> Layer:
    """Solve and keep only the layer of roll `k0`, the one the question is about."""
    layers = list(solve(problem))
    return layers[-1]
