"""KEEP TWO's coach, exact: a `GameCoach` like every game's (games.coach's contract)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any

from games.coach import Advice, DecisionPoint, Grades, NoDecision
from games.coach.review import GRADES, graded, single_actions
from tests.support.toy import rules


@cache
def future(rolls: int, keeps: int) -> float:
    """The expected points still to come with `rolls` unseen rolls and `keeps` keeps left."""
    if rolls == 0 or keeps == 0:
        return 0.0
    return (
        sum(
            max(face + future(rolls - 1, keeps - 1), future(rolls - 1, keeps))
            for face in range(1, 7)
        )
        / 6
    )


def value(state: rules.State, action: Any) -> float:
    """The expected final score after `action` on the die showing."""
    if isinstance(action, rules.Keep):
        return state.score + state.face + future(state.rolls_left, state.keeps_left - 1)
    return state.score + future(state.rolls_left, state.keeps_left)


class ToyCoach:
    rules: ModuleType = rules
    grades: Grades = GRADES

    def advise(self, state: rules.State) -> Advice:
        if state.is_finished:
            raise NoDecision("The game is over: there is nothing to advise.")
        ranked = sorted(
            ((action, value(state, action)) for action in rules.legal_actions(state)),
            key=lambda pair: -pair[1],
        )
        best, worth = ranked[0]
        return Advice(best, worth, "points", False, tuple(ranked))

    def decision_points(
        self, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> list[DecisionPoint]:
        return single_actions(payloads, ("keep", "pass"))

    def analyse(
        self, point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        seen: rules.State = states[point.start]
        played = rules.action_from_dict(payloads[point.start])
        advice = self.advise(seen)
        mine = value(seen, played)
        found = {
            "seat": 0,
            "player": [played.to_dict()],
            "coach": [advice.action.to_dict()],
            "same": played == advice.action,
            "player_value": round(mine, 2),
            "best_value": round(advice.value, 2),
            "loss": advice.value - mine,
            "par": future(states[0].rolls_left + 1, states[0].keeps_left),  # the whole game's
            "unit": "points",
            "forced": False,
            "chart": round(advice.value, 2),
            "context": {"turn": seen.turn, "face": seen.face},
        }
        return graded(found, point)


COACH = ToyCoach()
