"""Coaches: engines that advise a move from what a player can see. This module is the contract.

Every game's coach package (`games.coach.<game>`, one beside this module per game) exposes one
object, `COACH`, a `GameCoach`: `advise(state)` answers with one `Advice` (the action, its value
in a unit, the ranked alternatives and what the hint draws), and `decision_points` / `analyse`
cut a finished game into its decisions and value each one for the review (`games.coach.review`
holds what every review shares). A state with nothing to decide raises `NoDecision`.

Pure Python over the rules (and numpy): no Django, and nothing from `training/`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

from games.coach.review import GRADES, DecisionPoint, Grades, graded
from games.rules.errors import IllegalMove

__all__ = ["Advice", "DecisionPoint", "GameCoach", "Grades", "NoDecision", "PackagedCoach"]


class NoDecision(IllegalMove):
    """The state has no decision to advise (the game is over, nothing is legal). An
    `IllegalMove`, so the web layer answers it as any refused move; a `ValueError` too."""


@dataclass(frozen=True)
class Advice:
    """The coach's one answer for a state: everything a hint or a review shows.

    `action` is the rules action to play now; `value` what the coach's choice is worth, in
    `unit` (a key of the coach's `grades`: "points", "stone_points", "turns", "chance",
    "turn_points"), lower better when `lower_is_better`. `alternatives` ranks the choices best
    first by their values, the advised one first: rules actions, or whole plans where one
    choice takes several actions (a staging of several dice). `plan` is what the hint draws,
    when the game has more to draw than `action` (a game's own plan of its turn, or None)."""

    action: Any
    value: float
    unit: str
    lower_is_better: bool
    alternatives: tuple[tuple[Any, float], ...]
    plan: Any = None

    def better(self, value: float, than: float) -> bool:
        """Whether `value` is strictly better than `than` in this advice's direction."""
        return value < than if self.lower_is_better else value > than


class GameCoach(Protocol):
    """What a game's coach offers the site: one answer per state and the review's analysis.

    `rules` is the rules module it plays; `grades`, the scale its analyses are graded on (the
    one of every game, `games.coach.review.GRADES`: shares of the game's expected result)."""

    @property
    def rules(self) -> ModuleType: ...

    @property
    def grades(self) -> Grades: ...

    def advise(self, state: Any) -> Advice: ...

    def decision_points(
        self, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> list[DecisionPoint]: ...

    def analyse(
        self, point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> dict[str, Any]: ...


class PackagedCoach:
    """A game's `GameCoach` made of its parts: its rules module, the function that advises,
    and its review module (`decision_points(payloads)`, `analyse(point, states, payloads)`,
    whose analysis, with its `par`, this grades)."""

    def __init__(self, rules: ModuleType, advise: Callable[[Any], Advice], review: Any) -> None:
        self.rules = rules
        self.grades: Grades = GRADES
        self._advise = advise
        self._review = review

    def advise(self, state: Any) -> Advice:
        return self._advise(state)

    def decision_points(
        self, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> list[DecisionPoint]:
        points: list[DecisionPoint] = self._review.decision_points(payloads)
        return points

    def analyse(
        self, point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        return graded(self._review.analyse(point, states, payloads), point)
