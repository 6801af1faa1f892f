"""What every game's review shares: decisions, grades, the graded analysis, a game's accuracy.

A finished game's review values each of its decisions against the coach's choice from the same
visible position: the value each choice keeps (the expected final result if the coach plays on
from there), what was lost, and how bad a loss is. Each game's coach (its `COACH`, a
`games.coach.GameCoach`) cuts a replay (the state before every action, and every action's
stored dict) into the player's decisions (`decision_points`) and values one of them
(`analyse`), as a plain JSON-able dict, so the web layer can store the analysis a few decisions
at a time. The coaches read only what the player saw at that moment (the board, the dice
showing, the pouch's contents), never the seed or what came next.

One scale for every game (`GRADES`): a loss is read as the *share* of the game's expected
result it gives up, the loss in the game's unit over `par`, the coach's expected result of the
whole game from its start (MAGDAGDON's expected final score at that difficulty, Ishido's, the
expected turns to bank a MISHIMASH target, a whole win in a final round).

A collapse is charged to the decisions that caused it. The chart is the coach's value of each
position before its decision; a choice other than the coach's is valued as the coach's value of
the position it leaves: MAGDAGDON's as the chart will value the next turn, on average over what
the player cannot see yet (exactly over the 126 next rolls); Ishido's by a model of the coach's
own play from the board it leaves (games.coach.ishido.value, the chart's own numbers);
MISHIMASH's values are exact. benchmarks/review_grades.py prints, per game and player, the
summed losses beside the chart's fall and their difference (the draws' luck, plus the chart's
own drift, in Ishido the model's error on boards the coach never makes).

The accuracy of a game is the share of the expected result its choices kept, 1 − the sum of
their signed shares (`net_share`), from 0 to 1, as Verhoeff's optimal-Yahtzee feedback charges
every choice its expected-score loss and adds them up: a choice the values rate above the
coach's (the coach is strong, not perfect) is shown as nothing lost and, where the values are
the chart's own (MAGDAGDON), credited what it gained, so the losses add up to the fall; a
game's review module says which. Lichess's accuracy averages a per-move score of the
win-chance drop instead: in a game whose score many small losses erode, that rates a collapse
of many small losses near 100 % (each one costs little), so it is not followed here. The
thresholds and the accuracy are measured by benchmarks/review_grades.py (the coach, a careful
greedy player, the first legal move and random play on the same deals).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

FORMAT = 4  # bump when an analysis changes: stored reviews of an older format are redone


@dataclass(frozen=True)
class Grades:
    """The shares of the game's expected result at which a choice becomes an inaccuracy, a
    mistake, a blunder."""

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


# An inaccuracy gives up 1 % of the game's expected result, a mistake 3 %, a blunder 8 %
# (the figures behind them: benchmarks/review_grades.py, and the games' review modules).
GRADES = Grades(0.01, 0.03, 0.08)


@dataclass(frozen=True)
class DecisionPoint:
    """One decision: made from the state before action `start`, completed by action `end`
    (a staging of several dice makes one decision of several actions; else start == end)."""

    start: int
    end: int


def single_actions(payloads: Sequence[dict[str, Any]], kinds: Sequence[str]) -> list[DecisionPoint]:
    """One decision per action whose stored `type` is one of `kinds`."""
    return [DecisionPoint(i, i) for i, p in enumerate(payloads) if p.get("type") in kinds]


def graded(found: dict[str, Any], point: DecisionPoint) -> dict[str, Any]:
    """A game's valuation of one decision (`player`, `coach`, `same`, `player_value`,
    `best_value`, `loss`, `par`, `unit`, `forced`, `seat`, `chart`, `context`) completed as the
    review stores it: `change`, the signed loss (`best_value` − `player_value` in the game's
    direction; below 0 where the values rate the player's choice above the coach's, 0 when the
    player chose as the coach), `net_share`, its share of the game's expected result (what the
    accuracy adds up: `summary`), the `loss` shown, never negative, its `share` and its `grade`
    on `GRADES`, and `step`, the replay step before the decision. Grading a graded decision
    again changes nothing."""
    change = 0.0 if found["same"] else float(found.get("change", found["loss"]))
    loss = max(0.0, change)
    par = found["par"]
    share = loss / par if par > 0 else 0.0
    grade = "" if found["forced"] else GRADES.grade(share)
    return {
        **found,
        "change": round(change, 4),
        "net_share": round(change / par if par > 0 else 0.0, 6),
        "loss": round(loss, 4),
        "share": round(share, 6),
        "grade": grade,
        "step": point.start,
    }


# --- the whole game ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """A game's (or one seat's) accuracy: the share of the expected result its choices kept."""

    decisions: int  # not forced
    accurate: int  # within an inaccuracy
    mean_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int
    lost: float = 0.0  # the sum of the choices' signed shares of the expected result

    @property
    def accuracy(self) -> float | None:
        """The share of the game's expected result its choices kept, 1 − the signed shares
        they gave up, from 0 to 1 (None: no choice to make)."""
        return min(1.0, max(0.0, 1.0 - self.lost)) if self.decisions else None


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
        lost=sum(d.get("net_share", d.get("share", 0.0)) for d in chosen),
    )
