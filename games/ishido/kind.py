"""Ishido as the shared app sees it: one leaderboard, best score first."""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.coach import Advice
from games.coach import ishido as ishido_coach
from games.core.html import Html, escape
from games.core.kinds import GameKind, ResultFields
from games.core.play.hint_panel import Hint
from games.core.players import get_player
from games.core.preferences import get_setting, switch
from games.core.preview.drawing import Canvas
from games.core.stats.facts import Fact, FinishedResult
from games.core.tutorial.steps import TutorialStep
from games.ishido import display, preview, retry, review, share, stats, tutorial
from games.ishido.hint import hint_for
from games.rules import IllegalMove, ishido


@dataclass(frozen=True)
class IshidoUi:
    """The page's UI state: the legal-cell highlight, and whether the board answers the move
    just made (then it announces what changed and plays its sound)."""

    hints: bool = True
    moved: bool = False


class IshidoKind(GameKind):
    key = "ishido"
    position = 3
    name = "Ishido"
    pitch = _("The way of stones: place 72 stones on a 12×8 board, each matching its neighbours.")
    leaderboards = (("classic", _("Classic")),)
    ranking = ("-score", "stones_left", "finished_at")
    columns = (("stones_left", _("Stones left")),)
    template = "ishido/play.html"
    stylesheet = "css/ishido.css"
    rules = ishido
    coach = ishido_coach.COACH
    offers_hints = True
    review_note = _(
        "What a share is here: the coach's own play scores about 5,200 points a game, so an "
        "inaccuracy gives up about 52 points, a mistake 160, a blunder 420. A cell is worth the "
        "final score the coach's own play is expected to reach after it, read off the board "
        "(the 4-ways made, the holes still to fill, the open cells, the stones left) by a model "
        "fitted on games the coach finished from positions of every quality. Where the model "
        "values your cell above the coach's, nothing is lost and nothing is credited: the model "
        "is not exact."
    )

    preferences = {"hints": switch}  # the legal cells' highlight, on or off

    def stats_facts(self, results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
        return stats.facts(results)

    def refusal_text(self, error: IllegalMove) -> str:
        # A refusal that names a cell names it as the board is drawn (transposed on a phone).
        return display.seen_refusal(error)

    def review_seen(self, context: dict[str, Any]) -> str:
        return gettext("Stone %(number)d of 72") % {"number": context["placed"] + 1}

    review_picture_template = "ishido/_review_picture.html"

    def review_position(self, state: ishido.State) -> dict[str, Any]:
        return review.position(state)

    def review_picture(self, decision: dict[str, Any]) -> review.Picture | None:
        return review.picture(decision)

    retry_template = "ishido/_retry.html"

    def retry_view(self, state: ishido.State) -> retry.Position:
        return retry.view(state)

    def retry_actions(self, state: ishido.State, data: QueryDict) -> list[Any]:
        return list(retry.actions(state, data))

    # A puzzle on the usual board: the game's cells, a tap posts the cell (read as the retry's
    # form reads it, GameKind.puzzle_actions); the legal cells highlighted unless ?hints=0.
    puzzle_template = "ishido/_puzzle.html"
    puzzle_script = "ishido/board.js"

    def puzzle_board(
        self, state: ishido.State, data: QueryDict
    ) -> tuple[display.IshidoBoard, IllegalMove | None]:
        return display.board_view(state, playable=True, hints=data.get("hints") != "0"), None

    def ui(self, request: HttpRequest, state: ishido.State, *, status: int) -> IshidoUi:
        """The legal-cell highlight: what the move form's checkbox (a hidden "0" before it) or
        the page's ?hints= says ("0": off, any other value: on), else what the player chose
        last (remembered by the move that carried it), else on."""
        data = request.POST if request.method == "POST" else request.GET
        moved = request.method == "POST" and status == 200
        if "hints" in data:
            return IshidoUi(hints=data["hints"] != "0", moved=moved)
        remembered = get_setting(get_player(request), "ishido.hints", "on")
        return IshidoUi(hints=remembered != "off", moved=moved)

    def ui_query(self, ui: IshidoUi | None) -> str:
        return "hints=0" if ui is not None and not ui.hints else ""

    def board_view(
        self, state: ishido.State, *, playable: bool, ui: IshidoUi | None, hint: Hint | None = None
    ) -> display.IshidoBoard:
        ui = ui or IshidoUi()
        hinted = hint.cells if hint is not None else frozenset()
        return display.board_view(
            state, playable=playable, hints=ui.hints, moved=ui.moved, hinted=hinted
        )

    def hint(self, state: ishido.State, advice: Advice) -> Hint:
        return hint_for(state, advice)

    def leaderboard(self, options: Any) -> str:
        return "classic"

    def daily_options(self, player_name: str) -> ishido.Options:
        return ishido.Options()

    tutorial_seed = tutorial.SEED

    def tutorial_step(self, state: ishido.State) -> TutorialStep:
        return tutorial.step(state)

    def result(self, state: ishido.State, options: Any) -> ResultFields:
        return ResultFields(
            score=Decimal(state.final_score or 0),
            leaderboard="classic",
            stones_left=state.stones_left,
        )

    def share_picture(self, state: ishido.State) -> str:
        return share.picture(state)

    def daily_share_picture(self, state: ishido.State, actions: Sequence[dict[str, Any]]) -> str:
        return share.daily_picture(state)

    def draw_preview(self, canvas: Canvas, state: ishido.State) -> None:
        preview.draw(canvas, state)

    def describe_action_html(self, payload: dict[str, Any], options: Any = None) -> Html:
        """Named as the replay's board is drawn: on a portrait phone the tall board swaps rows
        and columns (see display.seen_place)."""
        cell = payload.get("cell", 0)
        if not isinstance(cell, int) or not 0 <= cell < ishido.CELLS:
            return escape(self.describe_action(payload, options))
        return display.seen_place(gettext("Stone on row %(row)d, column %(column)d"), cell)

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        cell = payload.get("cell", 0)
        return _("Stone on row %(row)d, column %(column)d") % {
            "row": cell // ishido.COLUMNS + 1,
            "column": cell % ishido.COLUMNS + 1,
        }


KIND = IshidoKind()
