"""The Ishido coach: `COACH`, its one door (games.coach.GameCoach).

Modules: `search` (the `Coach`: every legal cell valued by sampled playouts), `policy` (the
fast policy the playouts follow), `board` (positions as bit masks), `review` (a finished
game's decisions and their analysis).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from games.coach import Advice
from games.coach.ishido import review
from games.coach.ishido.search import Coach
from games.coach.review import DecisionPoint, Grades, graded
from games.rules import ishido as ishido_rules

# A hint answers in a small fraction of a second: a sixth of the benchmark's budget.
HINT = Coach(placements=6000)


class IshidoCoach:
    """The Ishido coach as the site sees it (games.coach.GameCoach); `play` is the `Coach`
    that advises during a game (the hint's budget)."""

    rules: ModuleType = ishido_rules
    grades: dict[str, Grades] = review.GRADES

    def __init__(self, play: Coach = HINT) -> None:
        self.play = play

    def advise(self, state: ishido_rules.State) -> Advice:
        return self.play.advice(state)

    def decision_points(
        self, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> list[DecisionPoint]:
        return review.decision_points(payloads)

    def analyse(
        self, point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        return graded(review.analyse(point, states, payloads), point, self.grades)


COACH = IshidoCoach()
