"""Ishido as the shared app sees it: one leaderboard, best score first."""

from decimal import Decimal
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.core.kinds import GameKind, ResultFields
from games.ishido import display, share
from games.rules import ishido


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

    def ui(self, request: HttpRequest, state: ishido.State, *, status: int) -> bool:
        """The legal-cell highlight, UI state only: on unless the move form's checkbox (a
        hidden "0" before it) or the page's ?hints=0 says off. Any other value leaves it on."""
        data = request.POST if request.method == "POST" else request.GET
        return data.get("hints", "1") != "0"

    def ui_query(self, ui: bool | None) -> str:
        return "hints=0" if ui is False else ""

    def board(self, state: ishido.State, *, playable: bool, ui: bool | None) -> display.IshidoBoard:
        return display.board(state, playable=playable, hints=ui is not False)

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

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        cell = payload.get("cell", 0)
        return _("Stone on row %(row)d, column %(column)d") % {
            "row": cell // ishido.COLUMNS + 1,
            "column": cell % ishido.COLUMNS + 1,
        }


KIND = IshidoKind()
