"""KEEP TWO as the shared app sees it: nothing but the GameKind contract."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.coach import Advice
from games.core.kinds import GameKind, ResultFields
from games.core.play.hint_panel import Hint, HintLine
from games.core.stats.facts import Fact, FinishedResult
from tests.support.toy import coach, rules


@dataclass(frozen=True)
class ToyBoard:
    face: int
    playable: bool
    hinted: str  # the move the hint marks ("keep", "pass" or "")


class ToyKind(GameKind):
    key = "toy"
    position = 4
    name = "KEEP TWO"
    pitch = "One die, five rolls: keep the two best."
    leaderboards = (("classic", "Classic"),)
    ranking = ("-score", "finished_at")
    template = "toy/play.html"
    rules = rules
    coach = coach.COACH
    offers_hints = True
    review_note = "A loss of one pip is an inaccuracy."

    def board_view(self, state: rules.State, *, playable: bool, ui: Any, hint: Hint | None = None):
        return ToyBoard(state.face, playable, hint.button if hint else "")

    def hint(self, state: rules.State, advice: Advice) -> Hint:
        choices = tuple(
            HintLine(action.TYPE, f"{value:.2f}", index == 0)
            for index, (action, value) in enumerate(advice.alternatives)
        )
        word = advice.action.TYPE
        return Hint(advice.action.text(), f"{word.upper()} this die.", choices, button=word)

    def result(self, state: rules.State, options: Any) -> ResultFields:
        return ResultFields(score=Decimal(state.score), leaderboard="classic", turns=state.turn)

    def leaderboard(self, options: Any) -> str:
        return "classic"

    def daily_options(self, player_name: str) -> rules.Options:
        return rules.Options()

    def review_seen(self, context: dict[str, Any]) -> str:
        return f"Roll {context['turn'] + 1} · die {context['face']}"

    def stats_facts(self, results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
        return (Fact("sevens", "Games of 7 or more", str(sum(r.score >= 7 for r in results))),)

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        return str(payload.get("type", "")).upper()


KIND = ToyKind()
