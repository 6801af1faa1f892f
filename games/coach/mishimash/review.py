"""MISHIMASH's review: a decision is a selection (the dice set aside, then BANK or ROLL AGAIN),
valued in the unit of the question the coach answers there (games.coach.mishimash.policies).

The grades, one scale per unit; the figures are measured by benchmarks/review_spreads.py over
seeded games:

- Expected turns to bank the target (lower is better): the optimal policy needs 64.2 turns to
  1000, and one turn is worth about 16 points (15.97 expected). An *inaccuracy* costs at least
  0.1 turn (1.6 points), a *mistake* 0.3 turn, a *blunder* a whole turn (as much as a turn
  that busts). The rule "bank at 30 turn points" (91.2 turns to 1000) loses nothing on half its
  decisions, 0.18 turn at the 75th percentile, 0.30 at the 90th and 0.53 at the 95th: about a
  third of its choices are inaccuracies, one in ten a mistake.
- The chance to beat the leader (final round, sudden death): lichess's win-chance drops, 10,
  20 and 30 percentage points.
- With a custom target, expected points this turn: 2, 5 and 16 points (a whole turn's worth).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.coach.mishimash import policies as coach
from games.coach.review import DecisionPoint, Grades, single_actions
from games.rules import mishimash

GRADES = {
    "turns": Grades(0.1, 0.3, 1.0),  # expected turns to the target
    "chance": Grades(0.10, 0.20, 0.30),  # chance to beat the leader
    "turn_points": Grades(2, 5, 16),  # custom target: expected points this turn
}


def decision_points(payloads: Sequence[dict[str, Any]]) -> list[DecisionPoint]:
    """Each selection, banked or rolled on."""
    return single_actions(payloads, ("select_and_bank", "select_and_roll_again"))


def analyse(
    point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """One selection valued against the coach's (ungraded: see review.graded)."""
    seen: mishimash.State = states[point.start]
    chosen = mishimash.action_from_dict(payloads[point.start])
    policy = coach.policy(seen)
    values = coach.action_values(seen)
    best_action, best = values[0]
    mine = choice_key(seen, chosen)
    value = next(v for a, v in values if choice_key(seen, a) == mine)
    loss = value - best if policy.lower_is_better else best - value
    seat = seen.current
    banked = seen.banked_halves[seat] / 2
    chart: float | None = None
    if policy is coach.FEWEST_TURNS:
        chart = seen.turns[seat] + best  # expected turns of the whole game, so far + to come
    elif policy is coach.MOST_POINTS:
        chart = banked + best  # expected banked score once this turn ends
    return {
        "seat": seat,
        "player": [chosen.to_dict()],
        "coach": [best_action.to_dict()],
        "same": choice_key(seen, best_action) == mine,
        "player_value": round(value, 4),
        "best_value": round(best, 4),
        "loss": loss,
        "unit": coach.UNITS[policy.unit],
        "forced": len(values) <= 1,
        "chart": None if chart is None else round(chart, 3),
        "context": {
            "roll": list(seen.roll),
            "turn_points": seen.turn_halves / 2,
            "banked": banked,
            "turn": seen.turns[seat] + 1,
            "bust_chance": round(coach.bust_chance(seen.dice_in_play), 4),
        },
    }


def choice_key(state: mishimash.State, action: mishimash.Action) -> tuple[str, tuple[int, ...]]:
    """What a selection means: BANK or ROLL AGAIN with which faces (dice showing the same face
    are the same choice, whichever of them was ticked)."""
    dice = getattr(action, "dice", ())
    return type(action).__name__, tuple(sorted(state.roll[i] for i in dice))
