"""MAGDAGDON as the shared app sees it: one public board per difficulty, best score first."""

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core.kinds import GameKind, ResultFields
from games.rules import magdagdon


def where(cell: int) -> dict[str, int]:
    """A cell as players name it: 1-based row and column."""
    row, column = divmod(cell, magdagdon.SIZE)
    return {"row": row + 1, "column": column + 1}


class MagdagdonKind(GameKind):
    key = "magdagdon"
    name = "MAGDAGDON"
    pitch = _(
        "Fill a 4×4 board with dice, growing one connected field of numbers: "
        "straights, fours of a kind and pairs score big, RUINS cost points."
    )
    # The difficulty names stay in English in every language, as in the original rules.
    boards = (
        ("peaceful", "PEACEFUL"),
        ("survival", "SURVIVAL"),
        ("nightmare", "NIGHTMARE"),
    )
    ranking = ("-score", "powers_used", "turns", "finished_at")
    columns = (("powers_used", _("Powers used")), ("turns", _("Turns")))
    board_template = "magdagdon/play.html#board"
    stylesheet = "css/magdagdon.css"
    rules = magdagdon

    def board_key(self, options: magdagdon.Options) -> str:
        return options.difficulty.value

    def result(self, state: magdagdon.State, options: Any) -> ResultFields:
        return ResultFields(
            score=Decimal(magdagdon.live_score(state).total),
            board_key=state.difficulty.value,
            turns=state.turns,
            powers_used=len(state.powers_used),
        )

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        kind = payload.get("type")
        die = int(payload.get("die", 0)) + 1
        if kind == "roll":
            return gettext("ROLL")
        if kind == "confirm":
            return gettext("CONFIRM")
        if kind == "stage":
            return gettext("Die %(die)d staged on row %(row)d, column %(column)d") % {
                "die": die,
                **where(int(payload.get("cell", 0))),
            }
        if kind == "unstage":
            return gettext("Die %(die)d taken back") % {"die": die}
        if kind == "decrease":
            return gettext("DECREASE −1 on die %(die)d") % {"die": die}
        if kind == "increase":
            return gettext("INCREASE +1 on die %(die)d") % {"die": die}
        if kind == "reroll":
            dice = ", ".join(str(int(d) + 1) for d in payload.get("dice", []))
            return gettext("REROLL of dice %(dice)s") % {"dice": dice}
        if kind == "accept_magdagdon":
            return gettext("MAGDAGDON accepted: RUIN on row %(row)d, column %(column)d") % where(
                int(payload.get("cell", 0))
            )
        return super().describe_action(payload)


KIND = MagdagdonKind()
