"""The coaches' values made to mean what they say: the expected final result if the coach plays
on. Where a coach's estimate is biased (Ishido's playouts follow a fast policy far weaker than
the coach; MAGDAGDON's network is a few points off early), a small table fitted on the coach's
own self-play maps the estimate onto what the coach's play realised
(`games/coach/data/calibration.json`, built by `python -m training.build_calibration`; its
provenance in games/coach/data/PROVENANCE.md; checked on other seeds by
benchmarks/coach_calibration.py).

Each game's coach reads its own part of the table (its `calibration` module says how); a
missing table or entry leaves a value as it is.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "calibration.json"


def shipped(path: Path) -> dict[str, Any]:
    """A table shipped with the coach, as JSON ({} without the file)."""
    if not path.exists():
        return {}
    found: dict[str, Any] = json.loads(path.read_text())
    return found


@cache
def table() -> dict[str, Any]:
    """The shipped calibration table ({} without one)."""
    return shipped(DATA)


def section(name: str) -> dict[str, Any]:
    """One game's part of the table ({} without it)."""
    found: dict[str, Any] = table().get(name, {})
    return found


def par(name: str, default: float) -> float:
    """The coach's mean final result of a whole game (`name` as the table's "par" names it,
    `default` where it has none): what a review's losses are a share of."""
    return float(table().get("par", {}).get(name, default))
