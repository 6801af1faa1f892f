"""Ishido's review: a decision is a placement, valued against the coach's cell by playing both
out over the same sampled orders of the pouch's contents.

The grades, in expected final score (I7–I10), the coach's fast policy playing on; the figures
are measured by benchmarks/review_spreads.py over seeded games. The 4-way bonuses (25, 50, …
50,000) and the doubling dominate, and a playout's score swings with them. Both cells are
played over the same `FUTURES` sampled orders (common random numbers), yet drawing other
orders still moves a loss by a median 66 points (90 % under 250). So an *inaccuracy* loses at
least 250 (above that noise, about a fifth 4-way's bonus), a *mistake* 600 (the sixth one's),
a *blunder* 1,500 (about the 1,000 end bonus and a 4-way with it). Random legal play loses a
median 0, 123 at the 75th percentile, 289 at the 90th.

The review's budget: the coach picks its cell with `Coach(placements=4000)`, a third of play's
12,000 (0.05 s instead of 0.16 s a decision), since the choice is then checked on 64 shared
futures that cost about 0.2 s; a game's ~50–70 decisions take 10–20 s, over a few dozen steps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.coach.ishido.board import Position, kind_of, place
from games.coach.ishido.policy import play_out
from games.coach.ishido.search import Coach
from games.coach.review import DecisionPoint, Grades, single_actions
from games.rules import ishido

UNIT = "stone_points"
GRADES = {UNIT: Grades(250, 600, 1500)}
COACH = Coach(placements=4000)  # a third of play's (module docstring)
FUTURES = 64  # sampled orders of the pouch both cells are played out over


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
    values = ishido_values(seen, cells)
    value = values[chosen]
    best = max(values[best_cell], value)  # the futures may favour the player's cell
    return {
        "seat": 0,
        "player": [{"type": "place", "cell": chosen}],
        "coach": [{"type": "place", "cell": best_cell}],
        "same": chosen == best_cell,
        "player_value": round(value, 1),
        "best_value": round(best, 1),
        "loss": best - value,
        "unit": UNIT,
        "forced": len(ranked) <= 1,
        "chart": round(best, 1),
        "context": {"stone": list(seen.pouch[0]), "placed": ishido.CELLS - seen.board.count(None)},
    }


def ishido_values(state: ishido.State, cells: Sequence[int], salt: str = "") -> dict[int, float]:
    """The expected final score of placing the current stone on each of `cells`, then playing
    on by the coach's fast policy, over the same `FUTURES` orders of the pouch's contents
    (drawn from the visible position, never the real order; `salt` draws others, for
    measuring the noise)."""
    kind = kind_of(state.pouch[0])
    rest = sorted(kind_of(s) for s in state.pouch[1:])
    position = Position.from_board(state.board, state.four_ways, state.score)
    rng = random.Random(f"ishido-review|{salt}|{_visible(state)}")
    futures = []
    for _ in range(FUTURES if rest else 1):
        order = rest[:]
        rng.shuffle(order)
        futures.append(order)
    totals = dict.fromkeys(cells, 0.0)
    for order in futures:
        for cell in cells:
            after = position.copy()
            place(after, cell, kind)
            left, _live = play_out(after, order, len(order))
            totals[cell] += after.score + ishido.end_bonus(left or 0)
    return {cell: total / len(futures) for cell, total in totals.items()}


def _visible(state: ishido.State) -> str:
    """What a player sees, as text: the board, the score, the stone, the pouch's contents."""
    board = "".join("--" if s is None else f"{s[0]}{s[1]}" for s in state.board)
    contents = "".join(sorted(f"{s[0]}{s[1]}" for s in state.pouch[1:]))
    return f"{board}|{state.four_ways}|{state.score}|{state.pouch[0]}|{contents}"
