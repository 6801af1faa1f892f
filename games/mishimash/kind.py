"""MISHIMASH as the shared app sees it: one leaderboard per standard target (solo games
only), fewest turns to reach the target first, then the higher final score, then the earlier."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.http import HttpRequest, QueryDict
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.coach import Advice
from games.coach import mishimash as mishimash_coach
from games.core.html import Html
from games.core.kinds import GameKind, ResultFields
from games.core.play.hint_panel import Hint
from games.core.preferences import get_setting
from games.core.preview.drawing import Canvas
from games.core.stats.facts import Fact, FinishedResult
from games.core.tutorial.steps import TutorialStep
from games.mishimash import computers, display, preview, retry, review, share, stats, tutorial
from games.mishimash.display import Ticks, ticked
from games.mishimash.hint import hint_for
from games.rules import IllegalMove, mishimash

if TYPE_CHECKING:
    from games.core.models import Player


def target_label(target: int) -> str:
    """ "Target 1000", translated when shown (a leaderboard label outlives the request)."""
    return lazy(lambda: gettext("Target %(target)s") % {"target": target}, str)()


def target_preference(value: str) -> int | None:
    """A remembered target: any positive whole number a new game may choose (X1)."""
    if not (value.isascii() and value.isdigit()) or len(value) > 6:
        return None
    target = int(value)
    return target if 1 <= target <= mishimash.NEW_GAME_MAX_TARGET else None


class MishimashKind(GameKind):
    key = "mishimash"
    position = 2
    name = "MISHIMASH"
    pitch = _(
        "Push your luck with six dice: every roll again multiplies its points, "
        "but one bust loses the whole turn. Solo or up to 8 players on one device."
    )
    leaderboards = tuple((str(target), target_label(target)) for target in mishimash.TARGET_CHOICES)
    usual_leaderboard = str(mishimash.DEFAULT_TARGET)  # X1: the new-game form's default
    ranking = ("turns", "-score", "finished_at")
    columns = (("turns", _("Turns")),)
    template = "mishimash/play.html"
    stylesheet = "css/mishimash.css"
    rules = mishimash
    coach = mishimash_coach.COACH
    offers_hints = True
    review_note = _(
        "What a share is here: the best play needs about 64 turns to bank 1000, so an "
        "inaccuracy costs about two thirds of a turn, a mistake two turns, a blunder five. In "
        "the final round the result is a win, and a share is percentage points of the chance "
        "to win."
    )
    preferences = {"target": target_preference}  # the last target chosen for a new game

    def stats_facts(self, results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
        return stats.facts(results)

    def review_seen(self, context: dict[str, Any]) -> str:
        return review.seen(context)

    def review_choice(self, actions: list[dict[str, Any]], context: dict[str, Any]) -> Html:
        return review.choice(actions, context)

    review_picture_template = "mishimash/_review_picture.html"

    def review_picture(self, decision: dict[str, Any]) -> tuple[review.PictureChoice, ...] | None:
        return review.picture(decision)

    retry_template = "mishimash/_retry.html"

    def retry_view(self, state: mishimash.State) -> retry.Position:
        return retry.view(state)

    def retry_actions(self, state: mishimash.State, data: QueryDict) -> list[Any]:
        return list(retry.actions(state, data))

    def puzzle_runner_up(self, state: mishimash.State, advice: Advice) -> list[Any] | None:
        return retry.runner_up(state, advice)

    # A puzzle on the game's own dice: ticked as on the game page (`dice`, `toggle` without the
    # page's script: display.ticked), BANK or ROLL AGAIN posts `then` with the ticked `dice`,
    # read as the retry's form reads them (GameKind.puzzle_actions).
    puzzle_template = "mishimash/_puzzle.html"
    puzzle_script = "mishimash/board.js"

    def puzzle_board(
        self, state: mishimash.State, data: QueryDict
    ) -> tuple[retry.PuzzleDice, IllegalMove | None]:
        return retry.puzzle_dice(state, display.ticked(data)), None

    def options_from_dict(self, data: dict[str, Any]) -> computers.SeatedOptions:
        """The stored options with their computer seats (see `computers`)."""
        return computers.SeatedOptions.from_dict(data)

    def new_state(self, options: mishimash.Options, rng: Any) -> mishimash.State:
        """The rules play with the names and the target only: no computer reaches a state."""
        return mishimash.new_game(computers.seated(options).rules_options, rng)

    def ui(self, request: HttpRequest, state: mishimash.State, *, status: int) -> Ticks:
        """The ticked dice: the page's (?dice=0&dice=3); after a refused selection the posted
        ones stay on show; after a move, none."""
        if request.method != "POST":
            return Ticks(ticked(request.GET))
        if status == 400:
            return Ticks(ticked(request.POST))
        return Ticks(moved=status == 200)

    def board_view(
        self, state: mishimash.State, *, playable: bool, ui: Ticks | None, hint: Hint | None = None
    ) -> display.MishimashBoard:
        ticks = ui or Ticks()
        return display.board_view(
            state,
            playable=playable,
            selection=ticks.dice if playable else (),
            moved=ticks.moved and playable,
            answered=ticks.moved,
            hinted=hint.dice if hint is not None else frozenset(),
            hinted_move=hint.button if hint is not None else "",
        )

    def hint(self, state: mishimash.State, advice: Advice) -> Hint:
        return hint_for(state, advice)

    def leaderboard(self, options: mishimash.Options) -> str:
        """The leaderboard a game would rank on: solo standard targets only ("" = unranked)."""
        if options.is_solo and options.target in mishimash.TARGET_CHOICES:
            return str(options.target)
        return ""

    def daily_options(self, player_name: str) -> mishimash.Options:
        # Solo to the rules' default target (X1), as the new-game form and the home page's board.
        return mishimash.Options((player_name[:24],), mishimash.DEFAULT_TARGET)

    def quick_options(self, player: "Player") -> mishimash.Options:
        """Solo, to the target the player chose last when it has a leaderboard, else 1000: as
        the new-game page starts. A name left untranslated, as there (display.default_name)."""
        target = get_setting(player, "mishimash.target")
        if target not in mishimash.TARGET_CHOICES:
            target = mishimash.DEFAULT_TARGET
        return mishimash.Options((player.nickname[:24] or display.default_name(player.pk),), target)

    tutorial_seed = tutorial.SEED

    def tutorial_step(self, state: mishimash.State) -> TutorialStep:
        return tutorial.step(state)

    def result(self, state: mishimash.State, options: mishimash.Options) -> ResultFields | None:
        """Hot-seat games and custom targets are not ranked."""
        leaderboard = self.leaderboard(options)
        if not leaderboard:
            return None
        return ResultFields(
            score=mishimash.halves_to_decimal(state.banked_halves[0]),
            leaderboard=leaderboard,
            turns=state.turns[0],
        )

    def share_title(self, state: mishimash.State, options: mishimash.Options) -> str:
        return share.title(state)

    def share_picture(self, state: mishimash.State) -> str:
        return share.picture(state)

    def daily_share_picture(self, state: mishimash.State, actions: Sequence[dict[str, Any]]) -> str:
        return share.daily_picture(actions)

    def draw_preview(self, canvas: Canvas, state: mishimash.State) -> None:
        preview.draw(canvas, state)

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        dice = ", ".join(str(i + 1) for i in payload.get("dice", []))
        seat = int(payload.get("player", 0))
        names = getattr(options, "players", ())
        if 0 <= seat < len(names):
            name = display.shown_name(names[seat])
            strength = (
                options.strength(seat) if isinstance(options, computers.SeatedOptions) else None
            )
            if strength is not None:
                name = computers.computer_name(name, strength)
            # The name isolated, so that a Latin name reads right inside an Arabic line.
            who = {"name": f"\u2068{name}\u2069", "dice": dice}
            if payload.get("type") == "roll":
                return gettext("%(name)s rolls") % who
            if payload.get("type") == "select_and_bank":
                return gettext("%(name)s sets aside dice %(dice)s and banks") % who
            return gettext("%(name)s sets aside dice %(dice)s and rolls again") % who
        numbered = {"seat": seat + 1, "dice": dice}
        if payload.get("type") == "roll":
            return gettext("Player %(seat)d rolls") % numbered
        if payload.get("type") == "select_and_bank":
            return gettext("Player %(seat)d sets aside dice %(dice)s and banks") % numbered
        return gettext("Player %(seat)d sets aside dice %(dice)s and rolls again") % numbered


KIND = MishimashKind()
