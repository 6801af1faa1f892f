"""Ishido as the shared app sees it: one public board, best score first."""

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.core.kinds import GameKind, ResultFields
from games.rules import ishido


class IshidoKind(GameKind):
    key = "ishido"
    name = "Ishido"
    pitch = _("The way of stones: place 72 stones on a 12×8 board, each matching its neighbours.")
    boards = (("classic", _("Classic")),)
    ranking = ("-score", "stones_left", "finished_at")
    columns = (("stones_left", _("Stones left")),)
    board_template = "ishido/play.html#board"
    stylesheet = "css/ishido.css"
    rules = ishido

    def board_key(self, options: Any) -> str:
        return "classic"

    def result(self, state: ishido.State, options: Any) -> ResultFields:
        return ResultFields(
            score=Decimal(state.final_score or 0),
            board_key="classic",
            stones_left=state.stones_left,
        )

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        cell = payload.get("cell", 0)
        return _("Stone on row %(row)d, column %(column)d") % {
            "row": cell // ishido.COLUMNS + 1,
            "column": cell % ishido.COLUMNS + 1,
        }


KIND = IshidoKind()
