"""Ishido's review: a decision is a placement, valued against the coach's cell by the expected
final score (I7-I10) of the position each leaves if the coach plays every stone after it.

The chart, and the coach's cell, are valued by games.coach.ishido.value (a model read off the
board and the pouch's contents, never its order, fitted on positions of every quality, each
labelled by the coach's own play from there): the same number HINT shows for that cell. A cell
other than the coach's is valued as the chart will value the position it leaves: the exact
average, over the stone that comes next (each stone still in the pouch as likely as another),
of the model's value of the coach's cell for that stone, or of the game's end where that stone
fits nowhere (`next_value`). So a weak player's collapse is charged to the placements that
caused it, whatever the model's errors on boards the coach never makes, and a game's losses
add up to its chart's fall but for the draws' luck (benchmarks/review_grades.py prints both).
Valued by the model alone, the player's cell was valued against the coach's by two estimators
that disagree on weak boards (the search picks the coach's cell, the model values it): the
first legal cell was charged some 1,000 points a game more than its chart fell, random play,
credited where the model preferred its cell, some 2,400 less.

Graded, as every game's, by the share of the game's expected result it gives up
(games.coach.review): the par is the coach's mean final score of a whole game (that of the
value model's own games, `calibration.par`). The coach's cell is the hint's own (`COACH`, the
same coach as `games.coach.ishido.HINT`), so a game played by the hint loses nothing. The values
are the same every time (the coach's search is seeded by the visible position), so no loss is
noise.

The review's budget: the coach picks its cell with the hint's 6,000 playout placements (about
0.04 s a decision); a placement the coach would not make costs one such search per kind of
stone still in the pouch (up to 36: about 1 s early, less late). A game played as the coach
takes about 3 s of CPU; the first legal cell's or random play's about 60 s
(benchmarks/ishido_review_time.py, benchmarks/review_grades.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
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
    best_cell = _coach_cell(seen)
    best = ishido_values(seen, [best_cell])[best_cell]
    forced = len(ranked) <= 1
    kept = best if chosen == best_cell or forced else next_value(seen, chosen)
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


@lru_cache(maxsize=4096)
def _coach_cell(state: ishido.State) -> int:
    """The coach's cell for the current stone (the hint's, `COACH`)."""
    return COACH.advise(state).cell


def chart_value(state: ishido.State) -> float:
    """What the review's chart says a position is worth before its placement: the expected
    final score of the coach's cell for the current stone (`ishido_values`); a finished game,
    its final score."""
    if state.is_finished:
        return float(state.final_score or 0)
    cell = _coach_cell(state)
    return ishido_values(state, [cell])[cell]


def next_value(state: ishido.State, cell: int) -> float:
    """The expected final score of placing the current stone on `cell`, as the chart will value
    the position it leaves: the exact average, over the stone that comes next (the pouch's
    contents, never its order), of `chart_value` there (the game's end, where that stone fits
    nowhere). Whatever the board, the next decision's chart then differs from it by the draw's
    luck only."""
    current, rest = state.pouch[0], state.pouch[1:]
    if not rest:
        return chart_value(ishido.apply(state, ishido.Place(cell)))
    total = 0.0
    for stone, count in Counter(rest).items():
        i = rest.index(stone)
        order = (current, stone, *rest[:i], *rest[i + 1 :])
        total += count * chart_value(ishido.apply(replace(state, pouch=order), ishido.Place(cell)))
    return total / len(rest)


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
