"""The registry of game kinds: what the shared app needs to know about each game.

A game app describes itself with a `GameKind` subclass and registers it in its AppConfig's
`ready()`. The shared app then stores, replays, ranks and verifies games of that kind without
knowing their rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from django.utils.functional import Promise


@dataclass(frozen=True)
class ResultFields:
    """What a finished game puts on its leaderboard row (None: the game is not ranked)."""

    score: Decimal
    board_key: str
    turns: int | None = None
    powers_used: int | None = None
    stones_left: int | None = None


class GameKind:
    """One game as the shared app sees it. Subclasses fill in the class attributes."""

    key: ClassVar[str]  # "magdagdon": the URL prefix, the app label and Game.kind
    name: ClassVar[str]  # shown as is: game names are never translated
    pitch: ClassVar[str | Promise]
    # (key, label) of every public leaderboard of this game, in display order.
    boards: ClassVar[tuple[tuple[str, str | Promise], ...]]
    # Django ORDER BY of the Result rows of one board, best first (ties by later fields).
    ranking: ClassVar[tuple[str, ...]]
    # Labels of the tie-break columns shown on the leaderboard: (Result field, label).
    columns: ClassVar[tuple[tuple[str, str | Promise], ...]] = ()
    # The template that draws a board for a state (the replay page includes it read-only).
    board_template: ClassVar[str]
    # The game's own stylesheet under static/ (the replay page loads it too).
    stylesheet: ClassVar[str] = ""
    rules: Any  # the games.rules module

    # --- the rules, through the module's engine API -------------------------------------------
    def options_from_dict(self, data: dict[str, Any]) -> Any:
        return self.rules.Options.from_dict(data)

    def new_state(self, options: Any, rng: random.Random) -> Any:
        return self.rules.new_game(options, rng)

    def action_from_dict(self, data: dict[str, Any]) -> Any:
        return self.rules.action_from_dict(data)

    def apply(self, state: Any, action: Any, rng: random.Random) -> Any:
        return self.rules.apply(state, action, rng)

    def dump_state(self, state: Any) -> dict[str, Any]:
        return state.to_dict()

    def load_state(self, data: dict[str, Any]) -> Any:
        return self.rules.State.from_dict(data)

    def is_finished(self, state: Any) -> bool:
        return bool(state.is_finished)

    # --- what the shared app cannot guess --------------------------------------------------------
    def result(self, state: Any, options: Any) -> ResultFields | None:
        raise NotImplementedError

    def board_key(self, options: Any) -> str:
        raise NotImplementedError

    def board_label(self, board_key: str) -> str | Promise:
        return dict(self.boards).get(board_key, board_key)

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        """A short line for the replay page's list of moves (`options`: the game's, when known)."""
        return ", ".join(f"{k} {v}" for k, v in payload.items())


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    _KINDS[kind.key] = kind
    return kind


def get_kind(key: str) -> GameKind:
    return _KINDS[key]


def all_kinds() -> list[GameKind]:
    order = ["magdagdon", "mishimash", "ishido"]
    return sorted(_KINDS.values(), key=lambda k: order.index(k.key) if k.key in order else 99)
