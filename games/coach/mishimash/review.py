"""MISHIMASH's review: a decision is a selection (the dice set aside, then BANK or ROLL AGAIN),
valued in the unit of the question the coach answers there (games.coach.mishimash.policies),
and graded, as every game's, by the share of the game's expected result it gives up
(games.coach.review), over the unit's `par`:

- Expected turns to bank the target (lower is better; exact, optimal play): the par is the
  expected turns of the whole game from 0 (64.2 to 1000), so an *inaccuracy* (1 %) costs about
  0.64 turn, a *mistake* 1.9 turns, a *blunder* 5 turns. The rule "bank at 30 turn points"
  (91.2 turns to 1000) gives up 42 % of the game in many small losses (0.18 turn at the 75th
  percentile), so its accuracy is about 58 % with few single choices flagged.
- The chance to beat the leader (final round, sudden death): the par is a whole win, so the
  thresholds are 1, 3 and 8 percentage points of the chance to win.
- With a custom target, expected points this turn: the par is the target's points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.coach.mishimash import policies as coach
from games.coach.mishimash.tables import load_expected_turns
from games.coach.review import DecisionPoint, single_actions
from games.rules import mishimash


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
    par = par_of(seen, policy)
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
        "par": par,
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


def par_of(state: mishimash.State, policy: coach.Policy) -> float:
    """The whole game's expected result in the policy's unit: the expected turns to the target
    from 0, a whole win, or the target's points."""
    if policy is coach.FEWEST_TURNS:
        return round(float(load_expected_turns(state.options.target)[0]), 4)
    if policy is coach.BEAT_LEADER:
        return 1.0
    return float(state.options.target)


def choice_key(state: mishimash.State, action: mishimash.Action) -> tuple[str, tuple[int, ...]]:
    """What a selection means: BANK or ROLL AGAIN with which faces (dice showing the same face
    are the same choice, whichever of them was ticked)."""
    dice = getattr(action, "dice", ())
    return type(action).__name__, tuple(sorted(state.roll[i] for i in dice))
