"""Ishido as the shared app sees it: one leaderboard, best score first."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core.hints import Hint
from games.core.html import Html, escape
from games.core.kinds import GameKind, ResultFields
from games.core.players import get_player
from games.core.settings import get_setting
from games.ishido import display, share
from games.ishido.hint import coach_hint
from games.rules import ishido


@dataclass(frozen=True)
class IshidoUi:
    """The page's UI state: the legal-cell highlight, and whether the board answers the move
    just made (then it announces what changed and plays its sound)."""

    hints: bool = True
    moved: bool = False


class IshidoKind(GameKind):
    key = "ishido"
    name = "Ishido"
    pitch = _("The way of stones: place 72 stones on a 12×8 board, each matching its neighbours.")
    leaderboards = (("classic", _("Classic")),)
    ranking = ("-score", "stones_left", "finished_at")
    columns = (("stones_left", _("Stones left")),)
    template = "ishido/play.html"
    stylesheet = "css/ishido.css"
    rules = ishido
    hints = True

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

    def board(
        self, state: ishido.State, *, playable: bool, ui: IshidoUi | None, hint: Hint | None = None
    ) -> display.IshidoBoard:
        ui = ui or IshidoUi()
        hinted = hint.cells if hint is not None else frozenset()
        return display.board(
            state, playable=playable, hints=ui.hints, moved=ui.moved, hinted=hinted
        )

    def coach_hint(self, state: ishido.State) -> Hint:
        return coach_hint(state)

    def leaderboard(self, options: Any) -> str:
        return "classic"

    def daily_options(self, player_name: str) -> ishido.Options:
        return ishido.Options()

    def result(self, state: ishido.State, options: Any) -> ResultFields:
        return ResultFields(
            score=Decimal(state.final_score or 0),
            leaderboard="classic",
            stones_left=state.stones_left,
        )

    def share_picture(self, state: ishido.State) -> str:
        return share.picture(state)

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
