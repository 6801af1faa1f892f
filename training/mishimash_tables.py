"""Building the MISHIMASH expected-turns tables (games.coach.mishimash.tables loads them).

`build_expected_turns(target)[b]` is the fewest expected turns (the current one included) to bank
`target` points from b banked half-points under optimal play, 0 from the target on. Built by
`python -m training.build_tables` into `games/coach/data/mishimash_turns.npz`.

How: far from the target (more than `NEAR` half-points away) the cost of a score is affine in
it to many digits, and with affine costs the best turn is the points-maximising one (see
`points_policy`), so E follows a renewal equation over that policy's banked-points
distribution. Within `NEAR` of the target every banked score gets its own turn problem
(bank at s costs E(s), a bust costs E(b) itself), solved in blocks of scores with a secant
iteration on E(b), since each score's turn depends on its own value through the bust.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from games.coach.mishimash.solver import (
    FACE_DICE,
    Array,
    TurnProblem,
    after_selection,
    bust_rate,
    current_layer,
    roll_groups,
    solve,
    width,
)
from games.coach.mishimash.tables import DATA, TARGETS, PointsPolicy

NEAR = 600  # half-points below the target solved score by score
POINTS_CAP = 2400  # half-points: the points policy banks by force from here (no effect seen)
BLOCK = 40
TOLERANCE = 1e-9
SLOPE_MAX = 0.9  # no turn busts more often than this under the optimal policy


def points_problem(domain: int = POINTS_CAP) -> TurnProblem:
    bank = np.arange(width(domain), dtype=float)[None, :]
    return TurnProblem(bank, np.zeros(1), domain)


@cache
def points_policy() -> PointsPolicy:
    """Solve the points-maximising turn and follow it forwards from the first roll."""
    problem = points_problem()
    bank = problem.bank
    layers = {layer.k: _widened(layer.roll, bank.shape[1]) for layer in solve(problem)}
    banked = np.zeros(bank.shape[1])
    mass: dict[tuple[int, int], Array] = {(FACE_DICE, 0): np.zeros(bank.shape[1])}
    mass[(FACE_DICE, 0)][0] = 1.0
    bust = 0.0
    for k in range(1, max(layers) + 1):
        later = layers.get(k + 1, {})
        following: dict[tuple[int, int], Array] = {}
        for (n, c), here in mass.items():
            bust += bust_rate(n) * float(here.sum())
            _step(n, k, c, here, problem, later, banked, following)
        mass = following
    return PointsPolicy(float(banked @ bank[0]), bust, banked)


def _widened(roll: dict[tuple[int, int], Array], span: int) -> dict[tuple[int, int], Array]:
    """Roll-again values over all `span` totals: `-inf` from the domain on (banking forced)."""
    return {
        key: np.pad(v, ((0, 0), (0, span - v.shape[1])), constant_values=-np.inf)
        for key, v in roll.items()
    }


def _step(
    n: int,
    k: int,
    c: int,
    here: Array,
    problem: TurnProblem,
    later: dict[tuple[int, int], Array],
    banked: Array,
    following: dict[tuple[int, int], Array],
) -> None:
    """Move the probability `here` (about to roll n dice, roll k) to where the policy goes."""
    bank, domain = problem.bank[0], problem.domain
    live = np.nonzero(here[:domain])[0]
    if live.size == 0:
        return
    for p, options in roll_groups(n):
        moves = [after_selection(n, k, c, taken, halves) for taken, halves in options]
        worth = np.array(
            [
                np.maximum(later.get((d, cl), bank[None])[0][live + g], bank[live + g])
                for g, d, cl in moves
            ]
        )
        pick = worth.argmax(axis=0)
        for i, (gain, dice, clears) in enumerate(moves):
            chosen = live[pick == i]
            if chosen.size == 0:
                continue
            share = p * here[chosen]
            target = chosen + gain
            roll = later.get((dice, clears))
            again = (
                (roll[0][target] > bank[target])
                if roll is not None
                else np.zeros(target.size, bool)
            )
            np.add.at(banked, target[~again], share[~again])
            if again.any():
                into = following.setdefault((dice, clears), np.zeros(bank.size))
                np.add.at(into, target[again], share[again])


def build_expected_turns(target: int, near: int = NEAR) -> Array:
    """E for every banked score 0..2·target-1 (half-points), then zeros past the target."""
    goal = 2 * target
    turns = np.zeros(goal + max(width(goal), points_policy().banked.size) + 1)
    near = min(near, goal)
    _renew(turns, goal)  # a first guess everywhere, exact far from the target
    for top in range(goal, goal - near, -BLOCK):
        _solve_block(turns, max(top - BLOCK, goal - near), top, goal)
    if goal > near:
        _renew(turns, goal - near)
    return turns[:goal]


def _renew(turns: Array, below: int) -> None:
    """Far from the target: E(b) = (1 + sum_t P(bank t)·E(b+t)) / (1 - P(bust))."""
    policy = points_policy()
    banked, stay = policy.banked, 1.0 - policy.bust
    reach = np.nonzero(banked)[0].max() + 1
    for b in range(below - 1, -1, -1):
        turns[b] = (1.0 + banked[1:reach] @ turns[b + 1 : b + reach]) / stay


def _turn_cost(turns: Array, scores: npt.NDArray[np.intp], goal: int) -> Array:
    """1 + the optimal expected E at the end of a turn from each banked score in `scores`."""
    domain = goal - int(scores[0])
    span = width(domain)
    bank = -turns[scores[:, None] + np.arange(span)[None, :]]
    layer = current_layer(TurnProblem(bank, -turns[scores], domain))
    return 1.0 - layer.roll[(FACE_DICE, 0)][:, 0]


def _solve_block(turns: Array, low: int, high: int, goal: int) -> None:
    """E for scores low..high-1, given E from high on: secant steps on x = f(x) per score."""
    scores = np.arange(low, high)
    if high + 1 < goal:  # costs are nearly affine: extend the block above
        step = turns[high] - turns[high + 1]
        turns[low:high] = turns[high] + step * np.arange(high - low, 0, -1)
    x0 = turns[low:high].copy()
    y0 = _turn_cost(turns, scores, goal)
    x1 = y0
    before = np.full(scores.size, np.inf)
    for _ in range(60):
        turns[low:high] = x1
        y1 = _turn_cost(turns, scores, goal)
        miss = np.abs(y1 - x1)
        if miss.max() < TOLERANCE:
            break
        dx = x1 - x0
        slope = np.clip((y1 - y0) / np.where(dx == 0.0, 1.0, dx), 0.0, SLOPE_MAX)
        secant = (y1 - slope * x1) / (1.0 - slope)
        trust = (np.abs(dx) > 1e-9) & (miss > TOLERANCE) & (miss < before)
        x0, y0, before = x1, y1, miss
        x1 = np.where(trust, secant, y1)
    turns[low:high] = y1


def save_tables(path: Path = DATA, near: int = NEAR) -> dict[int, Array]:
    """Build the table of every shipped target and write them to `path` (compressed npz)."""
    tables = {target: build_expected_turns(target, near) for target in TARGETS}
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Array] = {f"turns_{target}": table for target, table in tables.items()}
    np.savez_compressed(path, allow_pickle=False, **arrays)
    return tables
