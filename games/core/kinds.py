"""The registry of game kinds: the one door through which the shared app reaches a game.

A game app describes itself with a `GameKind` subclass and registers it in its AppConfig's
`ready()`. The shared app then stores, replays, ranks, draws, hints, reviews and counts games
of that kind through the one rules API that every module of `games.rules` offers (`new_game`,
`apply`, `legal_actions`, `action_from_dict`, `State.from_dict`), its coach (`games.coach`'s
`GameCoach`) and the hooks below; it never names a game. A kind that leaves out a required
hook is reported at start-up (games.core.checks). Words: games/core/GUIDE.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from django.http import HttpRequest, QueryDict
from django.utils.functional import Promise

from games.core.html import Html, escape, join, markup
from games.core.play.refusals import rules_message
from games.rules import IllegalMove

if TYPE_CHECKING:
    from games.coach import Advice, GameCoach
    from games.core.models import Player
    from games.core.preview.drawing import Canvas
    from games.core.stats.facts import Fact, FinishedResult
from games.core.play.hint_panel import Hint
from games.core.tutorial.steps import TutorialStep


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
    # The game's coach (games.coach.<game>.COACH): the review's analysis, and HINT's advice.
    coach: GameCoach
    listed: ClassVar[bool] = True  # on the home page, the leaderboards and records pages
    position: ClassVar[int]  # where a listed kind stands in lists of games (smallest first)
    # The leaderboard of the game's usual setting (the new-game form's defaults): the home page
    # shows its top three. None: the first of `leaderboards`.
    usual_leaderboard: ClassVar[str | None] = None
    # Whether the game page offers HINT (games.core.play.hint); then `hint` gives it and
    # `board_view(…, hint=…)` marks it.
    offers_hints: ClassVar[bool] = False

    # Hooks a kind must define (a Django system check, games.core.checks, says which are not).
    required_hooks: ClassVar[tuple[str, ...]] = (
        "board_view",
        "result",
        "leaderboard",
        "daily_options",
        "review_seen",
        "stats_facts",
    )
    required_attributes: ClassVar[tuple[str, ...]] = (
        "key",
        "name",
        "pitch",
        "leaderboards",
        "ranking",
        "template",
        "rules",
        "coach",
        "position",
    )

    def missing_hooks(self) -> list[str]:
        """The names of the hooks and attributes this kind leaves undefined."""
        missing = [name for name in self.required_attributes if not hasattr(self, name)]
        for name in self.required_hooks:
            if getattr(type(self), name) is getattr(GameKind, name):
                missing.append(f"{name}()")
        if self.offers_hints and type(self).hint is GameKind.hint:
            missing.append("hint()")
        if self.tutorial_seed and type(self).tutorial_step is GameKind.tutorial_step:
            missing.append("tutorial_step()")
        return missing

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

    def refusal_text(self, error: IllegalMove) -> str:
        """A move the rules refused, in the visitor's language (a kind may name its cells as
        its board draws them)."""
        return rules_message(error)

    # --- drawing ------------------------------------------------------------------------------
    @property
    def board_partial(self) -> str:
        return f"{self.template}#board"

    @property
    def defs_partial(self) -> str:
        """Constant markup a board refers to (SVG symbols), drawn once per page. It may depend
        on the visitor's language and on nothing else (not on the game, the board view or the
        request): a page shows it as `{{ defs }}`, rendered once per language and kept
        (games.core.play.response.defs)."""
        return f"{self.template}#defs"

    def ui(self, request: HttpRequest, state: Any, *, status: int) -> Any:
        """The page's UI state (a selected die, ticked dice, a display switch) read from the
        untrusted request and checked against `state`; `status` is the answer's (after a
        refused move the page keeps what the player had chosen). None: no UI state."""
        return None

    def ui_query(self, ui: Any) -> str:
        """The query string that keeps `ui` in the address after a move ("" keeps nothing)."""
        return ""

    def board_view(self, state: Any, *, playable: bool, ui: Any, hint: Hint | None = None) -> Any:
        """The view model the `#board` partial draws; `playable`: moves can be made (the
        player's own running game, not a replay); `hint`: the coach's move to mark on it."""
        raise NotImplementedError

    def hint(self, state: Any, advice: Advice) -> Hint:
        """The coach's move for `state` (a running game of a kind with `hints`) in the
        visitor's words, from `advice`, the coach's answer for it (`coach.advise(state)`,
        from what the player sees only; games.core.play.hint keeps it per game version)."""
        raise NotImplementedError

    # --- a player's stats page and choices --------------------------------------------------
    # What a player of this game chooses once and finds again (games.core.preferences): a
    # name (stored as "<key>.<name>") and the parser of its untrusted text (None: refused).
    preferences: ClassVar[dict[str, Callable[[str], Any]]] = {}

    def stats_facts(self, results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
        """This game's own figures on a player's stats page, from their latest finished
        results (oldest first; games.core.stats)."""
        raise NotImplementedError

    # --- the review page (games.core.review) ------------------------------------------------
    # Why the grades' thresholds are where they are, in a sentence (the review page's footnote).
    review_note: ClassVar[str | Promise] = ""

    def review_seen(self, context: dict[str, Any]) -> str:
        """What the player saw at a reviewed decision ("Turn 3 · roll 5 2 4"), from the
        analysis's `context` (games.coach.review)."""
        raise NotImplementedError

    def review_choice(self, actions: list[dict[str, Any]], context: dict[str, Any]) -> Html:
        """A reviewed choice (one or more stored actions) in the words of the game's moves."""
        return join([self.describe_action_html(action) for action in actions], markup(" · "))

    # The partial that draws `review_picture`'s view model ("" while the kind draws none).
    review_picture_template: ClassVar[str] = ""

    def review_position(self, state: Any) -> dict[str, Any]:
        """What a flagged decision's picture needs of the position before it beyond the
        analysis's `context` (JSON; only what the player saw there): stored with the
        decision by the worker when the review ends (games.core.review.store)."""
        return {}

    def review_picture(self, decision: dict[str, Any]) -> Any:
        """The view model of a flagged decision's small picture (`review_picture_template`):
        the position before it, the choice played and the coach's, from the stored decision
        (its `context`, `player`, `coach` and `position`, when stored). None: no picture."""
        return None

    # --- learn from your mistakes (games.core.retry) ----------------------------------------
    # The partial that draws the choices of a position tried again, inside the retry's form
    # ("" while the kind offers no retry).
    retry_template: ClassVar[str] = ""

    def retry_view(self, state: Any) -> Any:
        """The view model `retry_template` draws: the position before a reviewed decision
        (only what the player saw there) and the choices it offers."""
        return None

    def retry_actions(self, state: Any, data: QueryDict) -> list[Any]:
        """The rules actions of the choice made on the retry's form (`data`, untrusted), which
        complete one decision from `state`: IllegalMove for one that cannot be read. The
        shared code applies them through the rules, which refuse an illegal one."""
        raise IllegalMove("This game offers no retry.")

    # --- puzzles from finished games (games.core.puzzles) -------------------------------------
    # The partial that draws a puzzle on the game's usual board, with its own forms (it is not
    # inside the page's form): "" draws `retry_template` inside the puzzle's one form.
    puzzle_template: ClassVar[str] = ""
    puzzle_script: ClassVar[str] = ""  # a script under static/ the puzzle's board enhances with

    def puzzle_board(self, state: Any, data: QueryDict) -> tuple[Any, IllegalMove | None]:
        """The view model of the puzzle at `state` (`puzzle_template`'s, else the retry's),
        with the choice being built read from the page's address or form (`data`, untrusted,
        replayed through the rules), and the refusal of a step of it the rules refused (the
        view is then the choice as it was before that step). The default: the retry's view."""
        return self.retry_view(state), None

    def puzzle_actions(self, state: Any, data: QueryDict) -> list[Any]:
        """The rules actions of the answer posted (`data`, untrusted): as `retry_actions`
        unless the kind answers on its own board."""
        return self.retry_actions(state, data)

    def puzzle_runner_up(self, state: Any, advice: Advice) -> list[Any] | None:
        """The rules actions of the best choice from `state`, by the coach's ranking in
        `advice` (`coach.advise(state)`), that means something other than the coach's own
        choice; the puzzle miner values it with the review's analysis. None: no other choice
        (then no puzzle). The default reads `advice.alternatives` as single rules actions."""
        for action, _value in advice.alternatives[1:]:
            if action != advice.action:
                return [action]
        return None

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

    def quick_options(self, player: Player) -> Any:
        """The options of a game started in one tap (the home page's Play): by default the
        daily challenge's, a ranked setting the same for everyone."""
        return self.daily_options(player.display_name)

    # --- the how-to-play (games.core.tutorial) ---------------------------------------------------
    # The public seed of this game's how-to-play ("": the game offers none). The deal is fixed,
    # so the step texts may speak of it; its options are the one-tap Play's.
    tutorial_seed: ClassVar[str] = ""

    def tutorial_step(self, state: Any) -> TutorialStep:
        """The guide's step for `state` of the how-to-play, reached through the rules (the
        server's state, never the browser's): what to do next, in the visitor's language."""
        raise NotImplementedError

    # --- the end screen's SHARE text (games.core.play.ending) ------------------------------------
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

    def daily_share_picture(self, state: Any, actions: Sequence[dict[str, Any]]) -> str:
        """A daily's emoji picture, spoiler-free: how each turn or placement went, never a
        value or a position the day's deal put there (the others still play that deal).
        `actions`: the finished game's stored payloads, in order. "" for none."""
        return ""

    # --- the link preview's picture (games.core.preview) ----------------------------------------
    def draw_preview(self, canvas: Canvas, state: Any) -> None:
        """Draw the finished board of `state` within `canvas.box` on `canvas.draw` (the shared
        card writes the game's name and score beside it); the default draws none."""

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


def registered_kinds() -> list[GameKind]:
    """Every registered kind, listed or not."""
    return list(_KINDS.values())


def all_kinds() -> list[GameKind]:
    """The games the site lists, in their order (a kind such as online MISHIMASH is not)."""
    return sorted((kind for kind in _KINDS.values() if kind.listed), key=lambda k: k.position)
