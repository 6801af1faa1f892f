"""What every game's review shares: decisions, grades, the graded analysis, a game's accuracy.

A finished game's review values each of its decisions against the coach's choice from the same
visible position: the value each choice keeps, what was lost, and how bad a loss is. Each
game's coach (its `COACH`, a `games.coach.GameCoach`) cuts a replay (the state before every
action, and every action's stored dict) into the player's decisions (`decision_points`) and
values one of them (`analyse`), as a plain JSON-able dict, so the web layer can store the
analysis a few decisions at a time. The coaches read only what the player saw at that moment
(the board, the dice showing, the pouch's contents), never the seed or what came next.

Each coach grades losses on one scale per unit (`GameCoach.grades`), measured by
benchmarks/review_spreads.py over seeded games; its review module says where they come from.

The accuracy of a game is the share of its choices (forced moves, with one legal choice, left
out) that lose less than an inaccuracy, with the mean loss beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

FORMAT = 1  # bump when an analysis changes: stored reviews of an older format are redone


@dataclass(frozen=True)
class Grades:
    """The losses at which a choice becomes an inaccuracy, a mistake, a blunder (the unit's)."""

    inaccuracy: float
    mistake: float
    blunder: float

    def grade(self, loss: float) -> str:
        """ "blunder", "mistake", "inaccuracy" or "" for a good choice."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return ""


@dataclass(frozen=True)
class DecisionPoint:
    """One decision: made from the state before action `start`, completed by action `end`
    (a staging of several dice makes one decision of several actions; else start == end)."""

    start: int
    end: int


def single_actions(payloads: Sequence[dict[str, Any]], kinds: Sequence[str]) -> list[DecisionPoint]:
    """One decision per action whose stored `type` is one of `kinds`."""
    return [DecisionPoint(i, i) for i, p in enumerate(payloads) if p.get("type") in kinds]


def graded(
    found: dict[str, Any], point: DecisionPoint, grades: Mapping[str, Grades]
) -> dict[str, Any]:
    """A game's valuation of one decision (`player`, `coach`, `same`, `player_value`,
    `best_value`, `loss`, `unit`, `forced`, `seat`, `chart`, `context`) completed as the review
    stores it: the loss never negative (nothing lost when the player chose as the coach), its
    `grade` in the unit's scale, and `step`, the replay step before the decision."""
    loss = 0.0 if found["same"] else max(0.0, found["loss"])
    grade = "" if found["forced"] else grades[found["unit"]].grade(loss)
    return {**found, "loss": round(loss, 4), "grade": grade, "step": point.start}


# --- the whole game ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """A game's (or one seat's) accuracy: choices within an inaccuracy, their mean loss."""

    decisions: int  # not forced
    accurate: int
    mean_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int

    @property
    def accuracy(self) -> float | None:
        """The share of choices that lost less than an inaccuracy (None: no choice to make)."""
        return self.accurate / self.decisions if self.decisions else None


def summary(decisions: Sequence[dict[str, Any]], unit: str | None = None) -> Summary:
    """The accuracy of `decisions`; the mean loss over those valued in `unit` (all when None:
    chances to win a final round do not add up with turns)."""
    chosen = [d for d in decisions if not d["forced"]]
    grades = [d["grade"] for d in chosen]
    measured = [d["loss"] for d in chosen if unit is None or d["unit"] == unit]
    mean = sum(measured) / len(measured) if measured else 0.0
    return Summary(
        decisions=len(chosen),
        accurate=grades.count(""),
        mean_loss=mean,
        inaccuracies=grades.count("inaccuracy"),
        mistakes=grades.count("mistake"),
        blunders=grades.count("blunder"),
    )
