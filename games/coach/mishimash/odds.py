"""MISHIMASH roll odds for the coach: every roll of n dice, grouped by what it lets you take.

A roll matters to a player only through its best selection for each number of dice set aside
(more points with the same dice left is never worse), so the 6**n rolls of n dice fold into a
few dozen *outcome groups*: `(probability, ((dice taken, half-points), ...))`. Busts are left
out of the groups; their probability is `bust_probability(n)`.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

from games.rules.mishimash_scoring import DICE, is_bust, selection_halves

Option = tuple[int, int]  # (dice set aside, half-points before the multiplier)
Group = tuple[Fraction, tuple[Option, ...]]


def roll_probability(faces: tuple[int, ...]) -> Fraction:
    """The chance of rolling exactly this multiset of faces with len(faces) dice."""
    ways = math.factorial(len(faces))
    for count in Counter(faces).values():
        ways //= math.factorial(count)
    return Fraction(ways, 6 ** len(faces))


def best_options(faces: tuple[int, ...]) -> tuple[Option, ...]:
    """For each number of dice that can be set aside from `faces`, the most half-points."""
    best: dict[int, int] = {}
    for taken in range(1, len(faces) + 1):
        for chosen in set(itertools.combinations(faces, taken)):
            halves = selection_halves(faces, chosen)
            if halves is not None and halves > best.get(taken, -1):
                best[taken] = halves
    return tuple(sorted(best.items()))


@cache
def outcome_groups(n: int) -> tuple[Group, ...]:
    """The non-bust rolls of `n` dice grouped by their best options, most likely first."""
    if not 1 <= n <= DICE:
        raise ValueError(f"1-{DICE} dice are rolled, not {n}")
    groups: dict[tuple[Option, ...], Fraction] = {}
    for faces in itertools.combinations_with_replacement(range(1, 7), n):
        if not is_bust(faces):
            options = best_options(faces)
            groups[options] = groups.get(options, Fraction(0)) + roll_probability(faces)
    return tuple(sorted(((p, o) for o, p in groups.items()), key=lambda g: (-g[0], g[1])))


@cache
def bust_probability(n: int) -> Fraction:
    """X7: the exact chance that a roll of `n` dice is a bust (SMOLA).

    >>> bust_probability(6), bust_probability(1)
    (Fraction(5, 216), Fraction(2, 3))
    """
    return 1 - sum((p for p, _ in outcome_groups(n)), Fraction(0))
