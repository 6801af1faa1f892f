"""Expected turns to reach a MISHIMASH target from every banked score: the shipped tables.

`load_expected_turns(target)[b]` is the fewest expected turns (the current one included) to
bank `target` points from b banked half-points under optimal play, 0 from the target on. Built
by `python -m training.build_tables` (training/mishimash_tables.py) into
`games/coach/data/mishimash_turns.npz`; see games/coach/data/PROVENANCE.md. Also the same
figure for the simple rule "bank at 30 turn points" (`rule_expected_turns`), solved exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from games.coach.mishimash.solver import (
    FACE_DICE,
    MAX_SELECTION_HALVES,
    Array,
    after_selection,
    bust_rate,
    roll_groups,
)

DATA = Path(__file__).parent.parent / "data" / "mishimash_turns.npz"
TARGETS = (500, 1000, 2000)  # X1: the offered targets, shipped solved


@dataclass(frozen=True)
class PointsPolicy:
    """The turn that maximises expected points, as a distribution of what it banks."""

    expected_halves: float
    bust: float
    banked: Array  # banked[t]: probability of ending the turn by banking t half-points


def load_expected_turns(target: int, path: Path = DATA) -> Array:
    """The shipped table of `target`; KeyError for a target that has none."""
    with np.load(path) as data:
        table: Array = data[f"turns_{target}"]
    return table


def greedy_choice(moves: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    """The simple player's selection: the most points now, then the most dice left."""
    return max(moves, key=lambda move: (move[0], move[1]))


def rule_turn(bank_at: int) -> PointsPolicy:
    """The turn of the simple rule: take the most points, bank at `bank_at` half-points."""
    banked = np.zeros(banked_reach(bank_at))
    bust, k = 0.0, 1
    layer: dict[tuple[int, int, int], float] = {(0, FACE_DICE, 0): 1.0}
    while layer:
        following: dict[tuple[int, int, int], float] = {}
        for (t, n, c), mass in layer.items():
            bust += mass * bust_rate(n)
            for p, options in roll_groups(n):
                gain, dice, clears = greedy_choice(
                    [after_selection(n, k, c, taken, halves) for taken, halves in options]
                )
                if t + gain >= bank_at:
                    banked[t + gain] += p * mass
                else:
                    state = (t + gain, dice, clears)
                    following[state] = following.get(state, 0.0) + p * mass
        layer, k = following, k + 1
    return PointsPolicy(float(banked @ np.arange(banked.size)), bust, banked)


def rule_expected_turns(target: int, bank_at: int = 60) -> Array:
    """Expected turns to `target` for "bank at `bank_at` half-points, or at the target",
    taking the most points from every roll (the simple rule of the coach's figures)."""
    goal = 2 * target
    turns = np.zeros(goal + banked_reach(bank_at))
    turn_of = {at: rule_turn(at) for at in range(1, bank_at + 1)}
    for b in range(goal - 1, -1, -1):
        turn = turn_of[min(bank_at, goal - b)]
        size = turn.banked.size
        turns[b] = (1.0 + turn.banked[1:] @ turns[b + 1 : b + size]) / (1.0 - turn.bust)
    return turns[:goal]


def banked_reach(bank_at: int) -> int:
    return bank_at + 8 * MAX_SELECTION_HALVES * 16
