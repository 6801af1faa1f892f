"""MAGDAGDON's plan values calibrated (games.coach.calibration): by difficulty and empty cells
before the turn, the mean of the realised final score less the plan's value; the value plus
it."""

from __future__ import annotations

from games.coach import calibration

# The coach's mean final score of a whole game where the table has none, by difficulty
# (benchmarks/coach_magdagdon.py).
PARS = {"peaceful": 380.0, "survival": 330.0, "nightmare": 229.0}


def par(difficulty: str) -> float:
    return calibration.par(f"magdagdon-{difficulty}", PARS[difficulty])


def value(difficulty: str, empty: int, raw: float) -> float:
    """A plan value for a turn with `empty` cells before it, calibrated."""
    offsets = calibration.section("magdagdon").get(difficulty, {})
    return raw + float(offsets.get(str(empty), 0.0))
