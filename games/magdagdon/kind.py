"""MAGDAGDON as the shared app sees it: one leaderboard per difficulty, best score first."""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.coach import Advice
from games.coach import magdagdon as magdagdon_coach
from games.core.html import Html
from games.core.kinds import GameKind, ResultFields
from games.core.play.hint_panel import Hint
from games.core.preview.drawing import Canvas
from games.core.stats.facts import Fact, FinishedResult
from games.core.tutorial.steps import TutorialStep
from games.magdagdon import display, preview, puzzle, retry, review, share, stats, tutorial
from games.magdagdon.display import MagdagdonUi, where
from games.magdagdon.hint import hint_for
from games.rules import IllegalMove, magdagdon


class MagdagdonKind(GameKind):
    key = "magdagdon"
    position = 1
    name = "MAGDAGDON"
    pitch = _(
        "Fill a 4×4 board with dice, growing one connected field of numbers: "
        "straights, fours of a kind and pairs score big, RUINS cost points."
    )
    # The difficulty names stay in English in every language, as in the original rules.
    leaderboards = (
        ("peaceful", "PEACEFUL"),
        ("survival", "SURVIVAL"),
        ("nightmare", "NIGHTMARE"),
    )
    ranking = ("-score", "powers_used", "turns", "finished_at")
    columns = (("powers_used", _("Powers used")), ("turns", _("Turns")))
    template = "magdagdon/play.html"
    stylesheet = "css/magdagdon.css"
    rules = magdagdon
    coach = magdagdon_coach.COACH
    offers_hints = True
    review_note = review.NOTE

    def stats_facts(self, results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
        return stats.facts(results)

    def review_seen(self, context: dict[str, Any]) -> str:
        return review.seen(context)

    def review_choice(self, actions: list[dict[str, Any]], context: dict[str, Any]) -> Html:
        return review.choice(actions, context, self.describe_action_html)

    review_picture_template = "magdagdon/_review_picture.html"

    def review_position(self, state: magdagdon.State) -> dict[str, Any]:
        return review.position(state)

    def review_picture(self, decision: dict[str, Any]) -> review.Picture | None:
        return review.picture(decision)

    retry_template = "magdagdon/_retry.html"

    def retry_view(self, state: magdagdon.State) -> retry.Position:
        return retry.view(state)

    def retry_actions(self, state: magdagdon.State, data: QueryDict) -> list[Any]:
        return retry.actions(state, data)

    def puzzle_runner_up(self, state: magdagdon.State, advice: Advice) -> list[Any] | None:
        return retry.runner_up(advice)

    puzzle_template = "magdagdon/_puzzle.html"
    puzzle_script = "magdagdon/board.js"

    def puzzle_board(
        self, state: magdagdon.State, data: QueryDict
    ) -> tuple[puzzle.PuzzleBoard, IllegalMove | None]:
        return puzzle.board(state, data)

    def puzzle_actions(self, state: magdagdon.State, data: QueryDict) -> list[Any]:
        return puzzle.actions(state, data)

    def ui(self, request: HttpRequest, state: magdagdon.State, *, status: int) -> MagdagdonUi:
        """The selected die and the RUIN choice, from the page's (or the form's) address; after
        a refused move, the die the form named stays selected."""
        die = request.GET.get("die")
        if die is None and status >= 400:
            die = request.POST.get("die")
        return display.ui_choices(state, die, request.GET.get("ruin"))

    def ui_query(self, ui: MagdagdonUi | None) -> str:
        """A die still free after the move stays selected (−1 / +1 may be wanted again)."""
        return f"die={ui.die}" if ui is not None and ui.die is not None else ""

    def board_view(
        self,
        state: magdagdon.State,
        *,
        playable: bool,
        ui: MagdagdonUi | None,
        hint: Hint | None = None,
    ) -> display.MagdagdonBoard:
        choice = ui or MagdagdonUi()
        if hint is None:
            return display.board_view(state, playable=playable, die=choice.die, ruin=choice.ruin)
        return display.board_view(
            state,
            playable=playable,
            die=choice.die,
            ruin=choice.ruin,
            hint_cells=hint.cell_labels,
            hint_dice=hint.dice,
        )

    def hint(self, state: magdagdon.State, advice: Advice) -> Hint:
        return hint_for(state, advice)

    def leaderboard(self, options: magdagdon.Options) -> str:
        return options.difficulty.value

    def daily_options(self, player_name: str) -> magdagdon.Options:
        return magdagdon.Options(magdagdon.Difficulty.PEACEFUL)

    tutorial_seed = tutorial.SEED

    def tutorial_step(self, state: magdagdon.State) -> TutorialStep:
        return tutorial.step(state)

    def result(self, state: magdagdon.State, options: Any) -> ResultFields:
        return ResultFields(
            score=Decimal(magdagdon.live_score(state).total),
            leaderboard=state.difficulty.value,
            turns=state.turns,
            powers_used=len(state.powers_used),
        )

    def share_picture(self, state: magdagdon.State) -> str:
        return share.picture(state)

    def daily_share_picture(self, state: magdagdon.State, actions: Sequence[dict[str, Any]]) -> str:
        return share.picture(state)

    def draw_preview(self, canvas: Canvas, state: magdagdon.State) -> None:
        preview.draw(canvas, state)

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        action = payload.get("type")
        die = int(payload.get("die", 0)) + 1
        if action == "roll":
            return gettext("ROLL")
        if action == "confirm":
            return gettext("CONFIRM")
        if action == "stage":
            return gettext("Die %(die)d staged on row %(row)d, column %(column)d") % {
                "die": die,
                **where(int(payload.get("cell", 0))),
            }
        if action == "unstage":
            return gettext("Die %(die)d taken back") % {"die": die}
        if action == "decrease":
            return gettext("DECREASE −1 on die %(die)d") % {"die": die}
        if action == "increase":
            return gettext("INCREASE +1 on die %(die)d") % {"die": die}
        if action == "reroll":
            dice = ", ".join(str(int(d) + 1) for d in payload.get("dice", []))
            return gettext("REROLL of dice %(dice)s") % {"dice": dice}
        if action == "accept_magdagdon":
            return gettext("MAGDAGDON accepted: RUIN on row %(row)d, column %(column)d") % where(
                int(payload.get("cell", 0))
            )
        return super().describe_action(payload)


KIND = MagdagdonKind()
