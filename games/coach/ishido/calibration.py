"""Ishido's values calibrated (games.coach.calibration): by the stones in the pouch (the
current one included), the ratio of the coach's mean realised final score to the mean raw value
(`hint`: of the search's playouts, `review`: of the review's); the value times it. The last two
stones keep their value: the last stone's is exact, and before it the one stone to come is
known. The hint reads the `hint` ratios; the review no longer reads the `review` ones (it values
cells by games.coach.ishido.value, a model of the coach's own play from any position), which
stay in the table for training/coach_selfplay.py's records."""

from __future__ import annotations

from games.coach import calibration
from games.coach.ishido import value as model

# The coach's mean final score of a whole game where the table has none
# (benchmarks/coach_ishido.py).
PAR = 10000.0


def par() -> float:
    """The coach's mean final score of a whole game: that of the value model's own games
    (games.coach.ishido.value, the review's values), else the calibration table's."""
    found = model.par()
    return found if found is not None else calibration.par("ishido", PAR)


def value(stones: int, raw: float, source: str) -> float:
    """A raw value (`source` "hint" or "review") with `stones` in the pouch, calibrated."""
    if stones <= 2:
        return raw
    ratios = calibration.section("ishido").get(source, {})
    return raw * float(ratios.get(str(stones), 1.0))
