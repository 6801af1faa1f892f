"""MAGDAGDON's review: a decision is a turn's choice (the dice staged and CONFIRM, a RUIN
accepted, or a power used), valued against the coach's plan for the same roll, in expected final
points (M18–M21) if the coach plays on (the plan's value, calibrated: games.coach.calibration).

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
    if final["type"] in ("confirm", "accept_magdagdon"):
        value = coach.board_value(seen, after.board)
        if final["type"] == "confirm":
            player = [magdagdon.Stage(d, c).to_dict() for d, c in last.staged] + [final]
        else:
            player = [final]
    else:
        power = magdagdon.action_from_dict(final)
        assert isinstance(power, magdagdon.Decrease | magdagdon.Increase | magdagdon.Reroll)
        value = coach.power_value(last, power)
        player = [final]
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
    value = calibration.value(difficulty, empty, value)
    best = calibration.value(difficulty, empty, plan.value)
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
        "forced": _forced(seen),
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
