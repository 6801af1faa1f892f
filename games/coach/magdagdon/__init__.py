"""The MAGDAGDON coach: `COACH`, its one door (games.coach.GameCoach).

Modules: `plan` (the turn's plan, every action's value, the advice), `boards` (boards as
integers, the afterstates of many rolls at once), `search` (one roll deeper, the powers),
`value` (the learned afterstate network and its shipped tables), `fills` (the last empty cells
valued exactly), `review` (a finished game's decisions and their analysis).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from games.coach import Advice
from games.coach.magdagdon import plan, review
from games.coach.review import DecisionPoint, Grades, graded
from games.rules import magdagdon as magdagdon_rules


class MagdagdonCoach:
    """The MAGDAGDON coach as the site sees it (games.coach.GameCoach)."""

    rules: ModuleType = magdagdon_rules
    grades: dict[str, Grades] = review.GRADES

    def advise(self, state: magdagdon_rules.State) -> Advice:
        return plan.advice(state)

    def decision_points(
        self, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> list[DecisionPoint]:
        return review.decision_points(payloads)

    def analyse(
        self, point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        return graded(review.analyse(point, states, payloads), point, self.grades)


COACH = MagdagdonCoach()
