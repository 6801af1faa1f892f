"""Ishido's review: a decision is a placement, valued against the coach's cell by playing both
out over the same sampled orders of the pouch's contents, the mean calibrated to the coach's own
play (games.coach.calibration): the expected final score (I7-I10) if the coach plays on.

Graded, as every game's, by the share of the game's expected result it gives up
(games.coach.review): the par is the coach's mean final score (games/coach/data/
calibration.json). The 4-way bonuses (25, 50, ... 50,000) and the doubling dominate, and a
playout's score swings with them: both cells are played over the same `FUTURES` sampled orders
(common random numbers), yet the mean difference of 64 futures still has a standard error of
a few hundred points early (times the calibration's ratio, up to about 3.7), as large as a
blunder's share. So a loss is charged only when the coach's cell beats the player's by more
than `SIGNIFICANT` (2) standard errors of that mean difference; below, the futures cannot tell
the cells apart and nothing is lost. The coach's cell is the hint's own (`COACH`, the same
coach as `games.coach.ishido.HINT`), so a game played by the hint loses nothing.

What this does not see (measured by benchmarks/review_grades.py): both cells are played on by
the fast policy and scaled by one ratio by stones left, fitted on the coach's own positions, so
the coach's search premium is assumed for every position. Positions a weak player builds do not
earn it, and their collapse (the chart falling from about 5,600 to a few dozen points) is
charged only in part, unevenly by player: the review may rate the greedy player (the fast
policy's one look, some 1,000 points a game) below the first legal cell (some 50). Charging it
properly needs each cell valued by the coach's own play on, which this budget does not allow.

The review's budget: the coach picks its cell with the hint's 6,000 playout placements
(about 0.08 s a decision), then both cells are played out on 64 shared futures (about 0.2 s);
a game's ~50-70 decisions take 15-20 s, over a few dozen steps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.coach.ishido import calibration
from games.coach.ishido.board import Position, kind_of, place
from games.coach.ishido.policy import play_out
from games.coach.ishido.search import Coach
from games.coach.review import DecisionPoint, single_actions
from games.rules import ishido

UNIT = "stone_points"
COACH = Coach(placements=6000)  # the hint's (games.coach.ishido.HINT): the coach's own choice
FUTURES = 64  # sampled orders of the pouch both cells are played out over
SIGNIFICANT = 2.0  # standard errors a loss must pass to be charged (module docstring)


def decision_points(payloads: Sequence[dict[str, Any]]) -> list[DecisionPoint]:
    """Each placement."""
    return single_actions(payloads, ("place",))


def analyse(
    point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """One placement valued against the coach's cell (ungraded: see review.graded)."""
    seen: ishido.State = states[point.start]
    chosen = int(payloads[point.start]["cell"])
    ranked = COACH.action_values(seen)
    best_cell = ranked[0][0].cell
    cells = [best_cell] if chosen == best_cell else [best_cell, chosen]
    samples = raw_samples(seen, cells)
    values = ishido_values(seen, cells)
    value = values[chosen]
    best = max(values[best_cell], value)  # the futures may favour the player's cell
    if not _significant([b - c for b, c in zip(samples[best_cell], samples[chosen], strict=True)]):
        best = value  # the futures cannot tell the two cells apart: nothing shown lost
    return {
        "seat": 0,
        "player": [{"type": "place", "cell": chosen}],
        "coach": [{"type": "place", "cell": best_cell}],
        "same": chosen == best_cell,
        "player_value": round(value, 1),
        "best_value": round(best, 1),
        "loss": best - value,
        "par": calibration.par(),
        "unit": UNIT,
        "forced": len(ranked) <= 1,
        "chart": round(best, 1),
        "context": {"stone": list(seen.pouch[0]), "placed": ishido.CELLS - seen.board.count(None)},
    }


def ishido_values(state: ishido.State, cells: Sequence[int], salt: str = "") -> dict[int, float]:
    """The expected final score of placing the current stone on each of `cells`, then playing
    on as the coach plays: `raw_values` calibrated to the coach's realised scores."""
    stones = len(state.pouch)
    raw = raw_values(state, cells, salt)
    return {cell: calibration.value(stones, v, "review") for cell, v in raw.items()}


def raw_values(state: ishido.State, cells: Sequence[int], salt: str = "") -> dict[int, float]:
    """The mean final score of placing the current stone on each of `cells`, then playing on by
    the coach's fast policy, over the same `FUTURES` orders of the pouch's contents (drawn from
    the visible position, never the real order; `salt` draws others, for measuring the
    noise)."""
    return {
        cell: sum(found) / len(found) for cell, found in raw_samples(state, cells, salt).items()
    }


def raw_samples(
    state: ishido.State, cells: Sequence[int], salt: str = ""
) -> dict[int, list[float]]:
    """Each of `cells`' final scores over the `FUTURES` sampled orders (`raw_values`), in the
    same order of futures for every cell."""
    kind = kind_of(state.pouch[0])
    rest = sorted(kind_of(s) for s in state.pouch[1:])
    position = Position.from_board(state.board, state.four_ways, state.score)
    rng = random.Random(f"ishido-review|{salt}|{_visible(state)}")
    futures = []
    for _ in range(FUTURES if rest else 1):
        order = rest[:]
        rng.shuffle(order)
        futures.append(order)
    found: dict[int, list[float]] = {cell: [] for cell in cells}
    for order in futures:
        for cell in cells:
            after = position.copy()
            place(after, cell, kind)
            left, _live = play_out(after, order, len(order))
            found[cell].append(after.score + ishido.end_bonus(left or 0))
    return found


def _significant(differences: Sequence[float]) -> bool:
    """Whether the coach's cell beats the player's on the shared futures by more than
    `SIGNIFICANT` standard errors of the mean difference (the last stone's: any difference)."""
    n = len(differences)
    mean = sum(differences) / n
    if n < 2:
        return mean > 0
    spread = (sum((d - mean) ** 2 for d in differences) / (n - 1)) ** 0.5
    return bool(mean > SIGNIFICANT * spread / n**0.5)


def _visible(state: ishido.State) -> str:
    """What a player sees, as text: the board, the score, the stone, the pouch's contents."""
    board = "".join("--" if s is None else f"{s[0]}{s[1]}" for s in state.board)
    contents = "".join(sorted(f"{s[0]}{s[1]}" for s in state.pouch[1:]))
    return f"{board}|{state.four_ways}|{state.score}|{state.pouch[0]}|{contents}"
