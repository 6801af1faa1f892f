"""The MISHIMASH turn solved backwards: one numpy dynamic programme for every coach question.

A turn is a finite tree of rolls: the turn total `t` (half-points) grows with every selection,
so the states (t, dice in play n, roll number k, clears c) are solved layer by layer from the
last possible roll back to the current one, vectorised over t. What banking is worth and what a
bust is worth come in as a `TurnProblem`, which is how one solver serves the points-optimal
policy (bank = t), the fewest-turns policy (bank = -E(b+t), bust = -E(b)) and a final round
(bank = 1 if the total beats the leader). Values are MAXIMISED; callers negate costs.

Several problems that share the turn shape (rows) are solved at once: `bank` is (rows, width).
Each (k, c) costs a few dozen numpy calls per row, whatever the dice: every option of every
outcome group of 1-6 dice reads where it leads in one gather (`Moves`), each group keeps its
best option, and the groups are summed by probability.
Nothing here reads a game state, so nothing here can see the game's hidden random stream.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from games.coach.mishimash.odds import bust_probability, outcome_groups

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
    n dice with total t < domain and c clears (about to roll), `-inf` where the state cannot
    occur."""

    k: int
    roll: dict[tuple[int, int], Array]


def solve(problem: TurnProblem) -> Iterator[Layer]:
    """Solve backwards and yield every layer, from the last roll down to roll `k0`."""
    bank, domain, c0 = problem.bank, problem.domain, problem.c0
    rows, span = bank.shape
    if span < width(domain, problem.t0, problem.k0, c0):
        raise ValueError(f"bank covers {span} totals, fewer than the turn can reach")
    shape = (rows, FACE_DICE * (problem.last_clears - c0 + 1), domain)
    roll = np.full(shape, -np.inf)
    scratch = np.empty(moves().options.size * (domain - problem.t0))
    for k in range(problem.last_roll, problem.k0 - 1, -1):
        chosen = _chosen(problem, k, roll)
        roll = np.full(shape, -np.inf)
        layer: dict[tuple[int, int], Array] = {}
        for c in range(c0, problem.last_clears + 1):
            lo = max(problem.lowest_total(k, c), problem.t0)
            if lo >= domain:
                break
            slot = FACE_DICE * (c - c0)
            for r in range(rows):
                bust = float(problem.bust[r])
                roll[r, slot : slot + FACE_DICE, lo:] = _roll_value(chosen, r, c, lo, bust, scratch)
            layer.update({(n, c): roll[:, slot + n - 1] for n in range(1, FACE_DICE + 1)})
        yield Layer(k, layer)


@dataclass(frozen=True)
class Moves:
    """Every roll of 1-6 dice as arrays to gather with (the same for every k and c).

    A *move* is where a selection leads: `clears` (1 for a clear, else 0), the dice in play
    after it (6 after a clear) as `slot` = 6·clears + dice - 1, and its `halves` before the
    multiplier. The outcome groups of n dice are `first[n - 1]` to `first[n] - 1`, each group
    sorted longest first, with probabilities `chance`. `options` names the move of every
    option of every group: option 0 of each group first, in group order, then for j = 1..5
    and each n the option j of the groups of n dice that have one, which are consecutive
    groups: `merges` holds (first group, first option, how many) for each such run.
    """

    slot: npt.NDArray[np.intp]  # 6·clears + dice - 1
    clears: npt.NDArray[np.intp]
    halves: npt.NDArray[np.intp]
    chance: Array
    first: tuple[int, ...]
    options: npt.NDArray[np.intp]
    merges: tuple[tuple[int, int, int], ...]
    bust: Array  # bust[n - 1]: the chance that n dice bust


@cache
def moves() -> Moves:
    """The `Moves` of the roll groups (computed once per process)."""
    groups = [(n, p, o) for n in range(1, FACE_DICE + 1) for p, o in _longest_first(n)]
    found: dict[tuple[int, int, int], int] = {}
    options: list[int] = []
    merges: list[tuple[int, int, int]] = []
    for j in range(FACE_DICE):
        for n in range(1, FACE_DICE + 1):
            having = [i for i, (m, _, o) in enumerate(groups) if m == n and len(o) > j]
            if having and j > 0:
                merges.append((having[0], len(options), len(having)))
            for i in having:
                taken, halves = groups[i][2][j]
                move = (FACE_DICE, 1, halves) if taken == n else (n - taken, 0, halves)
                options.append(found.setdefault(move, len(found)))
    sizes = [sum(1 for m, _, _ in groups if m == n) for n in range(1, FACE_DICE + 1)]
    return Moves(
        np.array([FACE_DICE * clears + dice - 1 for dice, clears, _ in found], dtype=np.intp),
        np.array([clears for _, clears, _ in found], dtype=np.intp),
        np.array([halves for _, _, halves in found], dtype=np.intp),
        np.array([p for _, p, _ in groups]),
        tuple(int(s) for s in np.cumsum([0, *sizes])),
        np.array(options, dtype=np.intp),
        tuple(merges),
        np.array([bust_rate(n) for n in range(1, FACE_DICE + 1)]),
    )


def _longest_first(n: int) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
    return sorted(roll_groups(n), key=lambda group: -len(group[1]))


@dataclass(frozen=True)
class Chosen:
    """Where the selections from roll k lead: the best of banking and rolling again as roll
    k + 1, `values[r, slot, t - low]` for slot = 6·(clears - c0) + dice - 1 and totals t from
    `low` on. In one row's values flattened (`span` per slot), a move made at roll k from
    total `low` with c0 clears lands at `starts[move]` (plus its clear bonus, if any)."""

    values: Array
    low: int
    c0: int
    domain: int
    span: int
    starts: npt.NDArray[np.intp]


def _chosen(problem: TurnProblem, k: int, roll: Array) -> Chosen:
    """Bank or roll again (`roll`, the layer of roll k + 1), at every total roll k reaches."""
    bank, domain, c0 = problem.bank, problem.domain, problem.c0
    low = max(problem.lowest_total(k, c0), problem.t0)
    last = max(c for c in range(c0, problem.last_clears + 1) if problem.lowest_total(k, c) < domain)
    span = domain + k * MAX_SELECTION_HALVES + CLEAR_HALVES * (last + 1) - low
    solved = FACE_DICE * (last - c0 + 1)  # and one more clear, where only banking is solved
    values = np.empty((bank.shape[0], solved + FACE_DICE, span))
    values[...] = bank[:, None, low : low + span]
    after = values[:, :solved, : domain - low]
    np.maximum(after, roll[:, :solved, low:], out=after)
    table = moves()
    return Chosen(values, low, c0, domain, span, table.slot * span + k * table.halves - low)


def _roll_value(chosen: Chosen, r: int, c: int, lo: int, bust: float, scratch: Array) -> Array:
    """Row r's values of rolling n = 1..6 dice as roll k with c clears and totals lo..domain-1
    (`values[n - 1, t - lo]`): busts, then each group's best option by probability. Each
    option reads its move's value at the total it reaches; `scratch` spares a fresh array."""
    table, size = moves(), chosen.domain - lo
    row = chosen.values[r].reshape(-1)  # overlapping windows, windows[i] = row[i : i + size]:
    windows = np.ndarray((row.size - size + 1, size), row.dtype, row, 0, row.strides * 2)
    bonus = CLEAR_HALVES * (c + 1) * table.clears
    moved = windows[chosen.starts + bonus + (FACE_DICE * (c - chosen.c0) * chosen.span + lo)]
    options = scratch[: table.options.size * size].reshape(-1, size)
    np.take(moved, table.options, axis=0, out=options, mode="clip")
    best = options[: table.chance.size]
    for group, option, count in table.merges:
        runs = best[group : group + count]
        np.maximum(runs, options[option : option + count], out=runs)
    values = np.empty((FACE_DICE, size))
    for n in range(FACE_DICE):
        first, end = table.first[n], table.first[n + 1]
        np.matmul(table.chance[first:end], best[first:end], out=values[n])
    values += (bust * table.bust)[:, None]
    return values


def current_layer(problem: TurnProblem) -> Layer:
    """Solve and keep only the layer of roll `k0`, the one the question is about."""
    return deque(solve(problem), maxlen=1)[0]
