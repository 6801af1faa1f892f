"""The MISHIMASH solver against the published figures, an independent small solver and a
plain loop over every roll outcome and option.

Figures (X1-X16): a points-maximising turn is worth 15.9666 points and busts 70 % of the time;
the fewest expected turns from 0 to 1000 is 64.22; "bank at 30, or at the target, taking the
most points from every roll" needs 91.2.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache

import numpy as np
import pytest

from games.coach.mishimash import solver
from games.coach.mishimash.tables import TARGETS, load_expected_turns, rule_expected_turns
from games.rules.mishimash_scoring import is_bust, legal_selections, selection_halves
from training.mishimash_tables import build_expected_turns, points_policy


def test_the_points_maximising_turn_is_worth_15_9666_points_and_busts_70_percent():
    policy = points_policy()
    assert round(policy.expected_halves / 2, 4) == 15.9666
    assert round(policy.bust, 2) == 0.70
    assert policy.bust + policy.banked.sum() == pytest.approx(1.0, abs=1e-12)


def test_the_fewest_expected_turns_from_0_to_1000_is_64_22():
    assert round(float(load_expected_turns(1000)[0]), 2) == 64.22


def test_banking_at_30_points_needs_91_2_turns_to_1000():
    assert round(float(rule_expected_turns(1000, bank_at=60)[0]), 1) == 91.2


@pytest.mark.parametrize("target", TARGETS)
def test_every_offered_target_is_shipped_for_every_banked_score(target):
    table = load_expected_turns(target)
    assert table.shape == (2 * target,)
    assert (table[:-1] > table[1:]).all(), "more banked points never need more turns"
    assert 1.0 < table[-1] < 1.03, "half a point short: one roll of six dice almost never busts"


# --- an independent solver: plain recursion over every roll, for a tiny target -------------


def rolls(n: int) -> list[tuple[float, list[tuple[int, int]]]]:
    """(probability, [(dice taken, half-points) for every legal selection]) per multiset."""
    found = []
    for faces in itertools.combinations_with_replacement(range(1, 7), n):
        ways = math.factorial(n)
        for count in Counter(faces).values():
            ways //= math.factorial(count)
        moves = []
        if not is_bust(faces):
            for dice in legal_selections(faces):
                halves = selection_halves(faces, [faces[i] for i in dice])
                moves.append((len(dice), halves))
        found.append((ways / 6**n, moves))
    return found


ROLLS = {n: rolls(n) for n in range(1, 7)}


def independent_turns(goal: int) -> list[float]:
    """E(b) for b < goal half-points: for each b, iterate x = 1 + turn(x) to a fixed point."""
    turns = [0.0] * goal

    def expected(b: int) -> float:
        def cost(x: float) -> float:
            @cache
            def roll(t: int, n: int, k: int, c: int) -> float:
                total = 0.0
                for p, moves in ROLLS[n]:
                    if not moves:
                        total += p * x
                        continue
                    best = math.inf
                    for taken, halves in moves:
                        cleared = taken == n
                        t2 = t + k * halves + (20 * (c + 1) if cleared else 0)
                        bank = turns[b + t2] if b + t2 < goal else 0.0
                        n2, c2 = (6, c + 1) if cleared else (n - taken, c)
                        again = roll(t2, n2, k + 1, c2) if b + t2 < goal else math.inf
                        best = min(best, bank, again)
                    total += p * best
                return total

            return 1.0 + roll(0, 6, 1, 0)

        x = 1.0
        for _ in range(200):
            x, before = cost(x), x
            if abs(x - before) < 1e-13:
                break
        return x

    for b in range(goal - 1, -1, -1):
        turns[b] = expected(b)
    return turns


@pytest.mark.parametrize("target", [2, 15])
def test_the_table_builder_agrees_with_plain_recursion_on_a_small_target(target):
    built = build_expected_turns(target)
    assert list(built) == pytest.approx(independent_turns(2 * target), abs=1e-8)


# --- the vectorised solver against a plain loop over every group and option -----------------


def loop_layers(problem: solver.TurnProblem) -> dict[int, dict[tuple[int, int], np.ndarray]]:
    """Every layer solved one (k, c, n) state family, outcome group and option at a time."""
    bank, domain, rows = problem.bank, problem.domain, problem.bank.shape[0]
    after: dict[tuple[int, int], np.ndarray] = {}
    layers = {}
    for k in range(problem.last_roll, problem.k0 - 1, -1):
        roll = {}
        for c in range(problem.c0, problem.last_clears + 1):
            lo = max(problem.lowest_total(k, c), problem.t0)
            for n in range(1, 7) if lo < domain else ():
                values = np.full((rows, domain), -np.inf)
                values[:, lo:] = problem.bust[:, None] * solver.bust_rate(n)
                for p, options in solver.roll_groups(n):
                    best = np.full((rows, domain - lo), -np.inf)
                    for taken, halves in options:
                        gain, dice, clears = solver.after_selection(n, k, c, taken, halves)
                        chosen = after.get((dice, clears), bank)
                        best = np.maximum(best, chosen[:, lo + gain : domain + gain])
                    values[:, lo:] += p * best
                roll[(n, c)] = values
        layers[k] = roll
        after = {key: bank_or_roll(bank, values) for key, values in roll.items()}
    return layers


def bank_or_roll(bank: np.ndarray, roll: np.ndarray) -> np.ndarray:
    """The better of banking and rolling again; banking only from the domain on."""
    best = bank.copy()
    best[:, : roll.shape[1]] = np.maximum(bank[:, : roll.shape[1]], roll)
    return best


@pytest.mark.parametrize(
    ("domain", "t0", "k0", "c0", "rows"),
    [(40, 0, 1, 0, 1), (90, 0, 1, 0, 3), (70, 12, 3, 1, 4), (150, 100, 5, 2, 2), (1, 0, 1, 0, 2)],
)
def test_the_solver_gives_what_a_plain_loop_over_every_option_gives(domain, t0, k0, c0, rows):
    rng = np.random.default_rng(domain)
    span = solver.width(domain, t0, k0, c0)
    bank = rng.normal(0.1, 1.0, (rows, span)).cumsum(axis=1)  # roughly rising, not always
    problem = solver.TurnProblem(bank, rng.normal(0.0, 3.0, rows), domain, t0, k0, c0)
    expected = loop_layers(problem)
    found = {layer.k: layer.roll for layer in solver.solve(problem)}
    assert list(found) == list(expected)
    for k, roll in expected.items():
        assert sorted(found[k]) == sorted(roll)
        for key, values in roll.items():
            occurs = np.isfinite(values)
            assert (np.isfinite(found[k][key]) == occurs).all()
            assert found[k][key][occurs] == pytest.approx(values[occurs], abs=1e-9)
    first = solver.current_layer(problem)
    assert first.k == k0 and (first.roll[(6, c0)] == found[k0][(6, c0)]).all()
