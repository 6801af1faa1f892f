"""What an Ishido position is worth under the coach's own play: the expected final score (I7-I10)
if the coach places every stone still to come, over the orders of the pouch's contents (never
the real order).

A position here is the board after a placement, with the stones still to come known only as
contents. Its value is the score so far plus the expected points to come, read off the board by
a small model (`points_to_come`): by stones to come, the log of the expected points to come is
linear in a few counts a player can see (`features`: the 4-ways made so far, which double every
later placement; the cells closed on four sides that some stone still to come fits, and those
none fits; the cells closed on three; the open cells no stone to come fits; the stones to come
that fit no cell now, or one). The model is fitted (a Poisson regression, which estimates the
mean, not a typical score) on positions of every quality, reached by the coach, a careful greedy
player, the first legal cell, random cells and mixes of them, each labelled by the final score of
the coach's own play from there (training/ishido_continuations.py, training/build_ishido_values.py;
provenance in games/coach/data/PROVENANCE.md). The last stone's value is exact.

The weights are in games/coach/data/ishido_values.json; without them a position is worth its
score so far (nothing to come).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from games.coach.calibration import shipped
from games.coach.ishido.board import EMPTY, INTERIOR, Position, kind_of, place, points
from games.rules.ishido import State, end_bonus

DATA = Path(__file__).resolve().parents[1] / "data" / "ishido_values.json"
NAMES = (
    "one",
    "four_ways",
    "live_holes",
    "dead_holes",
    "live_threes",
    "dead_threes",
    "dead_cells",
    "stuck",
    "tight",
    "frontier",
    "empty_interior",
    "live_twos",
    "capacity",
    "choice",
    "interior_frontier",
    "lonely_interior",
)


INTERIOR_CELLS = tuple(cell for cell in range(96) if INTERIOR[cell])


def features(position: Position, counts: Sequence[int]) -> list[float]:
    """The model's inputs (`NAMES`) for `position` with `counts[kind]` stones of each kind to
    come."""
    live = 0
    for kind, n in enumerate(counts):
        if n:
            live |= 1 << kind
    count, mask = position.count, position.mask
    live_holes = dead_holes = live_threes = dead_threes = dead_cells = live_twos = 0
    choice = 0
    fits_on = [0] * 36
    for cell in position.frontier:
        fits = mask[cell] & live
        choice += fits.bit_count()
        sides = count[cell]
        if sides == 4:
            if fits:
                live_holes += 1
            else:
                dead_holes += 1
        elif fits:
            if sides == 3 and INTERIOR[cell]:
                live_threes += 1
            elif sides == 2 and INTERIOR[cell]:
                live_twos += 1
        elif sides == 3 and INTERIOR[cell]:
            dead_threes += 1
        else:
            dead_cells += 1
        while fits:
            low = fits & -fits
            fits_on[low.bit_length() - 1] += 1
            fits ^= low
    stuck = sum(n for kind, n in enumerate(counts) if n and not fits_on[kind])
    tight = sum(n for kind, n in enumerate(counts) if n and fits_on[kind] == 1)
    stones = max(1, sum(counts))
    capacity = sum(n * math.log1p(fits_on[kind]) for kind, n in enumerate(counts) if n) / stones
    return [
        1.0,
        float(position.four_ways),
        float(live_holes),
        float(dead_holes),
        float(live_threes),
        float(dead_threes),
        float(dead_cells),
        float(stuck),
        float(tight),
        math.log1p(len(position.frontier)),
        float(sum(1 for c in INTERIOR_CELLS if position.board[c] == EMPTY)),
        float(live_twos),
        capacity,
        choice / max(1, len(position.frontier)),
        float(sum(1 for c in position.frontier if INTERIOR[c])),
        float(sum(1 for c in INTERIOR_CELLS if position.board[c] == EMPTY and not count[c])),
    ]


STAGE = 5  # stones to come per intercept of the model
STAGES = 65 // STAGE + 1  # 65 stones to come after the first placement


def design(x: Sequence[float], stones: int) -> list[float]:
    """The model's row for features `x` with `stones` to come: an intercept per `STAGE` stones
    to come, and each feature times 1, u and u * u, u the share of the game's 66 stones still to
    come (so every weight moves smoothly through the game)."""
    u = stones / 66
    row = [0.0] * STAGES
    row[min(stones // STAGE, STAGES - 1)] = 1.0
    for f in x[1:]:
        row += [f, f * u, f * u * u]
    return row


@cache
def table() -> dict[str, Any]:
    """The shipped file ({} without it)."""
    return shipped(DATA)


@cache
def weights() -> list[float]:
    """The shipped weights ([] without the file)."""
    return [float(w) for w in table().get("weights", [])]


def par() -> float | None:
    """The mean final score of the coach's own whole games the model was fitted with (None
    without the file): what the model's value of a first placement estimates."""
    found = table().get("par")
    return None if found is None else float(found)


def points_to_come(position: Position, counts: Sequence[int]) -> float:
    """The expected points still to come (the end bonus included) under the coach's play."""
    stones = sum(counts)
    if stones == 0:
        return float(end_bonus(0))
    if stones == 1:  # the last stone: where it scores most, or nowhere
        kind = next(k for k, n in enumerate(counts) if n)
        mask = position.mask
        cells = [c for c in position.frontier if mask[c] >> kind & 1]
        if not cells:
            return float(end_bonus(1))
        return max(points(position, c) for c in cells) + float(end_bonus(0))
    w = weights()
    if not w:
        return 0.0
    row = design(features(position, counts), stones)
    return math.exp(min(30.0, sum(a * b for a, b in zip(w, row, strict=True))))


def value(position: Position, counts: Sequence[int]) -> float:
    """The expected final score of `position` under the coach's play."""
    return position.score + points_to_come(position, counts)


def cell_values(state: State, cells: Sequence[int]) -> dict[int, float]:
    """The expected final score of placing the current stone of `state` on each of `cells`,
    then playing on as the coach plays (`value`: the board after it and the pouch's contents,
    never its order): what the review and the hint show."""
    kind = kind_of(state.pouch[0])
    rest = sorted(kind_of(s) for s in state.pouch[1:])
    counts = [rest.count(k) for k in range(36)]
    position = Position.from_board(state.board, state.four_ways, state.score)
    found = {}
    for cell in cells:
        after = position.copy()
        place(after, cell, kind)
        found[cell] = value(after, counts)
    return found
