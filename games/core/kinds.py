"""The registry of game kinds: what the shared app needs to know about each game.

A game app describes itself with a `GameKind` subclass and registers it in its AppConfig's
`ready()`. The shared app then stores, replays, ranks, draws and verifies games of that kind
through the one rules API that every module of `games.rules` offers (`new_game`, `apply`,
`legal_actions`, `action_from_dict`, `State.from_dict`).

Words: a *kind* is one of the three games (this class); its *key* ("ishido") is what the
database and the URLs hold. A *leaderboard* is one public ranking of a kind (a difficulty, a
target). The *board* is what a game page draws: `board(state, playable=…, ui=…)` returns its
view model, which the view hands to the template's `#board` partial.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from types import ModuleType
from typing import Any, ClassVar

from django.http import HttpRequest
from django.utils.functional import Promise

from games.core.hints import Hint
from games.core.html import Html, escape


@dataclass(frozen=True)
class ResultFields:
    """What a finished game puts on its leaderboard row (None: the game is not ranked)."""

    score: Decimal
    leaderboard: str
    turns: int | None = None
    powers_used: int | None = None
    stones_left: int | None = None


class GameKind:
    """One game as the shared app sees it. Subclasses fill in the class attributes."""

    key: ClassVar[str]  # "magdagdon": the URL prefix, the app label and Game.kind_key
    name: ClassVar[str]  # shown as is: game names are never translated
    pitch: ClassVar[str | Promise]
    # (key, label) of every public leaderboard of this game, in display order.
    leaderboards: ClassVar[tuple[tuple[str, str | Promise], ...]]
    # Django ORDER BY of the Result rows of one leaderboard, best first (ties by later fields).
    ranking: ClassVar[tuple[str, ...]]
    # Labels of the tie-break columns shown on the leaderboard: (Result field, label).
    columns: ClassVar[tuple[tuple[str, str | Promise], ...]] = ()
    # The game page; its `#board` partial draws a board (the replay page includes it too).
    template: ClassVar[str]
    # The game's own stylesheet under static/ (the replay page loads it too).
    stylesheet: ClassVar[str] = ""
    rules: ModuleType  # the games.rules module
    listed: ClassVar[bool] = True  # on the home page, the leaderboards and records pages
    # Whether the game page offers HINT (games.core.coaching); then `coach_hint` gives it and
    # `board(…, hint=…)` marks it.
    hints: ClassVar[bool] = False

    # --- the rules, through the one rules API ------------------------------------------------
    def options_from_dict(self, data: dict[str, Any]) -> Any:
        return self.rules.Options.from_dict(data)

    def new_state(self, options: Any, rng: random.Random) -> Any:
        return self.rules.new_game(options, rng)

    def action_from_dict(self, data: dict[str, Any]) -> Any:
        return self.rules.action_from_dict(data)

    def apply(self, state: Any, action: Any, rng: random.Random) -> Any:
        return self.rules.apply(state, action, rng)

    def dump_state(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = state.to_dict()
        return data

    def load_state(self, data: dict[str, Any]) -> Any:
        return self.rules.State.from_dict(data)

    def is_finished(self, state: Any) -> bool:
        return bool(state.is_finished)

    # --- drawing ------------------------------------------------------------------------------
    @property
    def board_partial(self) -> str:
        return f"{self.template}#board"

    @property
    def defs_partial(self) -> str:
        """Constant markup a board refers to (SVG symbols), drawn once per page."""
        return f"{self.template}#defs"

    def ui(self, request: HttpRequest, state: Any, *, status: int) -> Any:
        """The page's UI state (a selected die, ticked dice, a display switch) read from the
        untrusted request and checked against `state`; `status` is the answer's (after a
        refused move the page keeps what the player had chosen). None: no UI state."""
        return None

    def ui_query(self, ui: Any) -> str:
        """The query string that keeps `ui` in the address after a move ("" keeps nothing)."""
        return ""

    def board(self, state: Any, *, playable: bool, ui: Any, hint: Hint | None = None) -> Any:
        """The view model the `#board` partial draws; `playable`: moves can be made (the
        player's own running game, not a replay); `hint`: the coach's move to mark on it."""
        raise NotImplementedError

    def coach_hint(self, state: Any) -> Hint:
        """The coach's move for `state` (a running game of a kind with `hints`), computed
        from what the player sees only."""
        raise NotImplementedError

    # --- what the shared app cannot guess --------------------------------------------------------
    def result(self, state: Any, options: Any) -> ResultFields | None:
        raise NotImplementedError

    def leaderboard(self, options: Any) -> str:
        """The key of the leaderboard a game with these options ranks on ("" = unranked)."""
        raise NotImplementedError

    def daily_options(self, player_name: str) -> Any:
        """The options of this game's daily challenge, the same for everyone (games.core.daily);
        `player_name` names the seat where a game names its players."""
        raise NotImplementedError

    def leaderboard_label(self, key: str) -> str | Promise:
        return dict(self.leaderboards).get(key, key)

    # --- the end screen's SHARE text (games.core.ending) ------------------------------------
    def share_title(self, state: Any, options: Any) -> str:
        """The first line: the game, its board and the score ("MAGDAGDON · PEACEFUL · 384")."""
        fields = self.result(state, options)
        if fields is None:
            return self.name
        label = self.leaderboard_label(fields.leaderboard)
        return f"{self.name} · {label} · {score_text(fields.score)}"

    def share_picture(self, state: Any) -> str:
        """A few lines of emoji that draw the finished game ("" for none)."""
        return ""

    def describe_action_html(self, payload: dict[str, Any], options: Any = None) -> Html:
        """The replay page's line for a move, as HTML (a game may name cells as it draws them)."""
        return escape(self.describe_action(payload, options))

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        """A short line for the replay page's list of moves (`options`: the game's, when known)."""
        return ", ".join(f"{k} {v}" for k, v in payload.items())


def score_text(score: Decimal) -> str:
    """A score as shared: "384", "13.5" (a plain ASCII number, readable in every language)."""
    return f"{score:f}".removesuffix(".0") if score == score.to_integral() else f"{score:f}"


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    _KINDS[kind.key] = kind
    return kind


def get_kind(key: str) -> GameKind:
    return _KINDS[key]


def all_kinds() -> list[GameKind]:
    """The games the site lists, in their order (a kind such as online MISHIMASH is not)."""
    order = ["magdagdon", "mishimash", "ishido"]
    listed = (kind for kind in _KINDS.values() if kind.listed)
    return sorted(listed, key=lambda k: order.index(k.key) if k.key in order else 99)
