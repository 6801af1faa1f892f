"""The MISHIMASH coach: `COACH`, its one door (games.coach.GameCoach).

Modules: `policies` (which question is answered, every action's value, the advice), `solver`
(the turn solved exactly), `tables` (the shipped expected-turns tables), `odds` (roll and bust
probabilities), `players` (the computer players), `review` (a finished game's decisions and
their analysis).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from games.coach import Advice
from games.coach.mishimash import policies, review
from games.coach.review import DecisionPoint, Grades, graded
from games.rules import mishimash as mishimash_rules


class MishimashCoach:
    """The MISHIMASH coach as the site sees it (games.coach.GameCoach)."""

    rules: ModuleType = mishimash_rules
    grades: dict[str, Grades] = review.GRADES

    def advise(self, state: mishimash_rules.State) -> Advice:
        return policies.advice(state)

    def decision_points(
        self, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> list[DecisionPoint]:
        return review.decision_points(payloads)

    def analyse(
        self, point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        return graded(review.analyse(point, states, payloads), point, self.grades)


COACH = MishimashCoach()
