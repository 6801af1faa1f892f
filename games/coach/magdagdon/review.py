"""MAGDAGDON's review: a decision is a turn's choice (the dice staged and CONFIRM, a RUIN
accepted, or a power used), valued against the coach's plan for the same roll, in expected final
points (M18–M21) if the coach plays on (the plan's value, calibrated: games.coach.calibration),
which is also the chart. A choice other than the plan is valued as the chart will value the turn
it leads to: the exact average over the 126 next rolls of the coach's calibrated plan value for
each (`plan.next_turn_value`; a power, over the roll it gives: `plan.next_power_value`), so a
game's losses add up to its chart's fall but for the rolls' luck, whoever plays. (Valued by the
network one roll deep instead, a weak player's boards came out some 5-10 points low a turn: the
plan looks one roll deeper than that, and the network undervalues boards the coach never makes;
first-legal play was charged 411 points a game for a fall of 344.) Such a choice costs about
126 plans, 1-3 s of CPU.

Graded, as every game's, by the share of the game's expected result it gives up
(games.coach.review): the par is the coach's mean final score at that difficulty (about 380
PEACEFUL, see games/coach/data/calibration.json), so an *inaccuracy* (1 %) loses about 4 points
(a cell two pips lower; the coach's best and second-best boards are a median 2.2 points apart),
a *mistake* (3 %) about 11 (half a bonus), a *blunder* (8 %) about 30 (a RUIN, 15 plus the
about 7 its cell would have held, and more). A player staging random legal dice loses a median
35 points a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.coach.magdagdon import calibration
from games.coach.magdagdon import plan as coach
from games.coach.review import DecisionPoint
from games.rules import magdagdon

UNIT = "points"


def decision_points(payloads: Sequence[dict[str, Any]]) -> list[DecisionPoint]:
    """Each turn's choice: from its first STAGE (or UNSTAGE) to its CONFIRM, RUIN or power."""
    points, start = [], None
    for i, payload in enumerate(payloads):
        kind = payload.get("type")
        if kind == "roll":
            continue
        start = i if start is None else start
        if kind in ("stage", "unstage"):
            continue
        points.append(DecisionPoint(start, i))  # CONFIRM, a RUIN accepted or a power used
        start = None
    return points


def analyse(
    point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """One turn's choice valued against the coach's plan (ungraded: see review.graded)."""
    seen: magdagdon.State = states[point.start]
    last: magdagdon.State = states[point.end]
    after: magdagdon.State = states[point.end + 1]
    plan = coach.turn_plan(seen)
    final = payloads[point.end]
    power: magdagdon.Decrease | magdagdon.Increase | magdagdon.Reroll | None = None
    if final["type"] in ("confirm", "accept_magdagdon"):
        if final["type"] == "confirm":
            player = [magdagdon.Stage(d, c).to_dict() for d, c in last.staged] + [final]
        else:
            player = [final]
    else:
        action = magdagdon.action_from_dict(final)
        assert isinstance(action, magdagdon.Decrease | magdagdon.Increase | magdagdon.Reroll)
        power, player = action, [final]
    if plan.power is not None:
        advised = [plan.power.to_dict()]
    elif plan.ruin is not None:
        advised = [magdagdon.AcceptMagdagdon(plan.ruin).to_dict()]
    else:
        stages = [magdagdon.Stage(d, c).to_dict() for d, c in plan.staging]
        advised = [*stages, magdagdon.Confirm().to_dict()]
    same = player == advised
    if plan.power is None and plan.ruin is None and final["type"] == "confirm":
        board = list(seen.board)
        for die, cell in plan.staging:
            board[cell] = seen.roll[die]
        same = tuple(board) == after.board  # the same board, whatever the staging order
    difficulty, empty = seen.difficulty.value, seen.board.count(None)
    best = calibration.value(difficulty, empty, plan.value)
    forced = _forced(seen)
    if same or forced:
        value = best  # the coach's own choice (or the only one): nothing lost
    elif power is None:
        used = len(seen.powers_used)
        raw = coach.next_turn_value(after.board, seen.difficulty, used)
        value = calibration.value(difficulty, after.board.count(None), raw)
    else:
        value = calibration.value(difficulty, empty, coach.next_power_value(last, power))
    return {
        "seat": 0,
        "player": player,
        "coach": advised,
        "player_value": round(value, 3),
        "best_value": round(best, 3),
        "loss": best - value,
        "par": calibration.par(difficulty),
        "unit": UNIT,
        "same": same,
        "forced": forced,
        "chart": round(best, 3),
        "context": {"roll": list(seen.roll), "turn": seen.turns + 1},
    }


def _forced(seen: magdagdon.State) -> bool:
    """No power to use and one board to make (or one cell to ruin): nothing to choose."""
    if magdagdon.can_use_power(seen):
        return False
    if seen.phase == magdagdon.MAGDAGDON:
        return seen.board.count(None) == 1
    required = magdagdon.required_dice(seen.board, seen.difficulty)
    return len(coach.reachable_boards(seen.board, seen.roll, required)) == 1
