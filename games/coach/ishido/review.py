"""Ishido's review: a decision is a placement, valued against the coach's cell by the expected
final score (I7-I10) of the position each leaves if the coach plays every stone after it
(games.coach.ishido.value: a model read off the board and the pouch's contents, never its
order, fitted on positions of every quality, each labelled by the coach's own play from there;
the same numbers HINT shows, games.coach.ishido.value.cell_values).

Graded, as every game's, by the share of the game's expected result it gives up
(games.coach.review): the par is the coach's mean final score of a whole game (that of the
value model's own games, `calibration.par`). The coach's cell is the hint's own (`COACH`, the
same coach as `games.coach.ishido.HINT`), so a game played by the hint loses nothing; where the
model values the player's cell above the coach's, nothing is lost and nothing is credited (the
model is not exact: crediting its preferences gave a greedy player 80 % for a fifth of the
coach's score). Valuing a cell as the next chart will on average, over every stone still in the
pouch, made a weak game's review some 60 s of CPU and undercharged greedy and random play, so
it is not done (benchmarks/review_grades.py prints a game's summed losses beside its chart's
fall). Charging each decision the model's own one-step fall instead (the best cell's value
now less the best cell's value one stone later, averaged exactly over every stone that can come
next, so that the losses add up to the fall but for the draws) graded the coach's own games
84 ± 4 % (one of 40 at 0 %, six under 60 %): the model's errors from one stone to the next add
up to as much as a game. The values are the same every time (no sampled playouts), so no loss
is noise.

The review's budget: the coach picks its cell with the hint's 6,000 playout placements (about
0.04 s a decision), the model reads both cells in about a millisecond; a game's ~50-70
decisions take about 3 s of CPU (benchmarks/ishido_review_time.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.coach.ishido import calibration, value
from games.coach.ishido.board import Position, kind_of, place
from games.coach.ishido.policy import play_out
from games.coach.ishido.search import Coach
from games.coach.review import DecisionPoint, single_actions
from games.rules import ishido

UNIT = "stone_points"
COACH = Coach(placements=6000)  # the hint's (games.coach.ishido.HINT): the coach's own choice
RAW_FUTURES = 64  # the fast policy's raw value (`raw_values`), kept for the self-play records


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
    kept = values[chosen]
    best = max(values[best_cell], kept)  # the model may favour the player's cell: nothing lost
    forced = len(ranked) <= 1
    return {
        "seat": 0,
        "player": [{"type": "place", "cell": chosen}],
        "coach": [{"type": "place", "cell": best_cell}],
        "same": chosen == best_cell,
        "player_value": round(kept, 1),
        "best_value": round(best, 1),
        "loss": best - kept,
        "par": calibration.par(),
        "unit": UNIT,
        "forced": forced,
        "chart": round(best, 1),
        "context": {"stone": list(seen.pouch[0]), "placed": ishido.CELLS - seen.board.count(None)},
    }


def ishido_values(state: ishido.State, cells: Sequence[int]) -> dict[int, float]:
    """The expected final score of placing the current stone on each of `cells`, then playing
    on as the coach plays (games.coach.ishido.value.cell_values, as the hint shows them)."""
    return value.cell_values(state, cells)


def _futures(state: ishido.State, rest: list[int], n: int, salt: str) -> list[list[int]]:
    """`n` orders of `rest` (the pouch's contents after the current stone), drawn from the
    visible position (`salt` draws others)."""
    rng = random.Random(f"ishido-review|{salt}|{_visible(state)}")
    futures = []
    for _ in range(n if rest else 0):
        order = rest[:]
        rng.shuffle(order)
        futures.append(order)
    return futures


def raw_values(state: ishido.State, cells: Sequence[int], salt: str = "") -> dict[int, float]:
    """The mean final score of placing the current stone on each of `cells`, then playing on by
    the coach's fast policy, over the same `RAW_FUTURES` orders of the pouch's contents: the
    raw value training/coach_selfplay.py records beside the hint's (not what the review shows:
    `ishido_values`)."""
    kind = kind_of(state.pouch[0])
    rest = sorted(kind_of(s) for s in state.pouch[1:])
    position = Position.from_board(state.board, state.four_ways, state.score)
    futures = _futures(state, rest, RAW_FUTURES, salt) or [[]]
    found = {}
    for cell in cells:
        total = 0.0
        for order in futures:
            after = position.copy()
            place(after, cell, kind)
            left, _live = play_out(after, order, len(order))
            total += after.score + ishido.end_bonus(left or 0)
        found[cell] = total / len(futures)
    return found


def _visible(state: ishido.State) -> str:
    """What a player sees, as text: the board, the score, the stone, the pouch's contents."""
    board = "".join("--" if s is None else f"{s[0]}{s[1]}" for s in state.board)
    contents = "".join(sorted(f"{s[0]}{s[1]}" for s in state.pouch[1:]))
    return f"{board}|{state.four_ways}|{state.score}|{state.pouch[0]}|{contents}"
