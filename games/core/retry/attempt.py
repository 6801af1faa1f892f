"""Learn from your mistakes: a flagged decision's position tried again, away from the game.

The position is the one the player saw (the state before the decision, rebuilt from the replay's
nearest checkpoint: games.core.review.replays.state_at); the new choice is made through the
rules (`GameKind.retry_actions` reads the form, the rules apply and refuse) and valued by the
coach's review analysis of that one decision (`GameCoach.analyse`), so that it reads in the
review's values beside the coach's best and the original choice. Nothing is written: a retry
is never ranked, never on a leaderboard, a daily or the stats, and the game does not change.
Dice the rules roll after the choice (a reroll, a roll again) come from a generator of this
module, never the game's, and are never shown."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.functional import Promise

from games.coach import DecisionPoint
from games.core.html import Html
from games.core.kinds import GameKind
from games.core.review.display import GRADE_LABELS, value_text

LOWER_IS_BETTER = frozenset({"turns"})  # the units in which less is better (display.UNIT_NAMES)
KEEP_SECONDS = 60 * 60


def played(kind: GameKind, game_id: int, number: int, state: Any, actions: list[Any]) -> list[Any]:
    """The states from `state` through `actions` (IllegalMove when the rules refuse one)."""
    rng = random.Random(f"retry|{game_id}|{number}")  # never the game's: nothing to reveal
    states = [state]
    for action in actions:
        states.append(kind.apply(states[-1], action, rng))
    return states


def kept(game_id: int, number: int, actions: list[Any]) -> dict[str, Any] | None:
    """The analysis of this choice of this position, when asked before (within KEEP_SECONDS)."""
    found: dict[str, Any] | None = cache.get(_key(game_id, number, actions))
    return found


def analysed(
    kind: GameKind, game_id: int, number: int, states: list[Any], actions: list[Any]
) -> dict[str, Any]:
    """The coach's review analysis of `actions` played through `states`, kept in the cache."""
    payloads = [action.to_dict() for action in actions]
    found = kind.coach.analyse(DecisionPoint(0, len(actions) - 1), states, payloads)
    cache.set(_key(game_id, number, actions), found, KEEP_SECONDS)
    return found


def _key(game_id: int, number: int, actions: list[Any]) -> str:
    payloads = json.dumps([action.to_dict() for action in actions], sort_keys=True)
    return f"retry:{game_id}:{number}:{hashlib.sha256(payloads.encode()).hexdigest()}"


@dataclass(frozen=True)
class Answer:
    """How a choice tried again compares with the coach's best and with the original one."""

    choice: Html
    value: str
    coach: Html
    coach_value: str
    same: bool  # the coach's choice (or as good)
    loss: str
    grade: str
    grade_label: str | Promise
    original: Html
    original_value: str
    compared: str  # "better", "worse" or "equal": the new choice against the original
    difference: str
    picture: Any


def answer(
    kind: GameKind, found: dict[str, Any], original: dict[str, Any], position: dict[str, Any]
) -> Answer:
    """`found`: the new choice's analysis; `original`: the review's decision; `position`: what
    the picture needs of the position (GameKind.review_position)."""
    unit = found["unit"]
    context = original["context"]
    gain = found["player_value"] - original["player_value"]
    if unit in LOWER_IS_BETTER:
        gain = -gain
    compared = "equal" if abs(gain) < 1e-9 else "better" if gain > 0 else "worse"
    return Answer(
        choice=kind.review_choice(found["player"], context),
        value=value_text(found["player_value"], unit),
        coach=kind.review_choice(found["coach"], context),
        coach_value=value_text(found["best_value"], unit),
        same=found["same"] or found["loss"] <= 0,
        loss=value_text(found["loss"], unit),
        grade=found["grade"],
        grade_label=GRADE_LABELS.get(found["grade"], ""),
        original=kind.review_choice(original["player"], context),
        original_value=value_text(original["player_value"], unit),
        compared=compared,
        difference=value_text(abs(gain), unit),
        picture=kind.review_picture({**found, "position": position}),
    )
