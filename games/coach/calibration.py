"""The coaches' values made to mean what they say: the expected final result if the coach plays
on. Where a coach's estimate is biased (Ishido's playouts follow a fast policy far weaker than
the coach; MAGDAGDON's network is a few points off early), a small table fitted on the coach's
own self-play maps the estimate onto what the coach's play realised
(`games/coach/data/calibration.json`, built by `python -m training.build_calibration`; its
provenance in games/coach/data/PROVENANCE.md; checked on other seeds by
benchmarks/coach_calibration.py).

- Ishido: by the stones in the pouch (the current one included), the ratio of the coach's mean
  realised final score to the mean raw value (`hint`: of the search's playouts, `review`: of the
  review's): the value times it.
- MAGDAGDON: by difficulty and empty cells before the turn, the mean of realised final score
  less the plan's value: the value plus it.

A missing table or entry leaves a value as it is, as do the last two stones (the last
stone's value is exact; before it, the one stone to come is known).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "calibration.json"


@cache
def table() -> dict[str, Any]:
    """The shipped table ({} without one)."""
    if not DATA.exists():
        return {}
    found: dict[str, Any] = json.loads(DATA.read_text())
    return found


# The coach's mean final result of a whole game, where the table has none (measured by
# benchmarks/coach_magdagdon.py and benchmarks/coach_ishido.py).
PARS = {
    "ishido": 10000.0,
    "magdagdon-peaceful": 380.0,
    "magdagdon-survival": 330.0,
    "magdagdon-nightmare": 229.0,
}


def par(game: str) -> float:
    """The coach's mean final result of a whole `game` ("ishido", "magdagdon-<difficulty>"):
    what a review's losses are a share of."""
    return float(table().get("par", {}).get(game, PARS[game]))


def ishido_value(stones: int, raw: float, source: str) -> float:
    """A raw Ishido value (`source` "hint" or "review") with `stones` in the pouch, calibrated."""
    if stones <= 2:  # the last stone's value is exact, and the one before knows what comes
        return raw
    ratios = table().get("ishido", {}).get(source, {})
    return raw * float(ratios.get(str(stones), 1.0))


def magdagdon_value(difficulty: str, empty: int, raw: float) -> float:
    """A MAGDAGDON plan value for a turn with `empty` cells before it, calibrated."""
    offsets = table().get("magdagdon", {}).get(difficulty, {})
    return raw + float(offsets.get(str(empty), 0.0))
