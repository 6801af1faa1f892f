"""MAGDAGDON's words and picture on the review page (MagdagdonKind.review_seen, review_choice,
review_position and review_picture)."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.core.html import Html, escape, join, markup
from games.core.review.wording import faces_text

NOTE = _(
    "What a share is here: a game played by the coach scores about 430 points in PEACEFUL, "
    "350 in SURVIVAL and 230 in NIGHTMARE. In PEACEFUL an inaccuracy gives up about 4 points "
    "(one cell two pips lower), a mistake 13 (more than half a bonus), a blunder 35 (a RUIN "
    "and a bonus with it). The coach's plan is not always the best one: a choice valued above it "
    "loses nothing and is credited what it gained."
)


def seen(context: dict[str, Any]) -> str:
    return gettext("Turn %(turn)d · roll %(roll)s") % {
        "turn": context["turn"],
        "roll": faces_text(context["roll"]),
    }


def choice(actions: list[dict[str, Any]], context: dict[str, Any], describe: Any) -> Html:
    """A staging as "5 on row 2, column 3 · CONFIRM"; any other action as the replay says it
    (`describe`: the kind's describe_action_html)."""
    roll = context.get("roll", [])
    parts = []
    for action in actions:
        if action.get("type") == "stage":
            cell = int(action["cell"])
            text = pgettext("a die placed on a cell", "%(value)d on row %(row)d, column %(column)d")
            values = {
                "value": roll[int(action["die"])],
                "row": cell // 4 + 1,
                "column": cell % 4 + 1,
            }
            parts.append(escape(text % values))
        else:
            parts.append(describe(action))
    return join(parts, markup(" · "))


# --- the picture of a reviewed decision (templates/magdagdon/_review_picture.html) -----------


def position(state: Any) -> dict[str, Any]:
    """The board before the decision, as its 16 characters ("." empty, "X" a RUIN)."""
    board: str = state.to_dict()["board"]
    return {"board": board}


@dataclass(frozen=True)
class PictureCell:
    x: int
    y: int
    text: str  # "", "1"-"6" or "X"
    new: bool  # filled by this choice


@dataclass(frozen=True)
class PictureBoard:
    who: str  # "player" or "coach"
    cells: tuple[PictureCell, ...]
    power: str  # "decrease", "increase", "reroll" or "" (no power used)


@dataclass(frozen=True)
class PictureDie:
    x: int
    face: int
    powered: str  # "player", "coach", "both" or "": whose power this die is used by


@dataclass(frozen=True)
class Picture:
    roll: tuple[PictureDie, ...]
    boards: tuple[PictureBoard, ...]  # the board after the choice played, and the coach's

    @property
    def roll_width(self) -> int:
        return 12 * len(self.roll)


POWERS = ("decrease", "increase", "reroll")


def picture(decision: dict[str, Any]) -> Picture | None:
    """The roll (a die a power is used on marked), and the board after each choice with the
    cells it filled marked. None: stored without a board."""
    board = decision.get("position", {}).get("board")
    if not isinstance(board, str) or len(board) != 16:
        return None
    roll = [int(face) for face in decision["context"]["roll"]]
    boards = tuple(
        PictureBoard(who, _after(board, roll, decision[who]), _power(decision[who]))
        for who in ("player", "coach")
    )
    used = {who: _powered(decision[who]) for who in ("player", "coach")}
    dice = []
    for i, face in enumerate(roll):
        by = [who for who in ("player", "coach") if i in used[who]]
        dice.append(PictureDie(12 * i, face, "both" if len(by) == 2 else "".join(by)))
    return Picture(roll=tuple(dice), boards=boards)


def _power(actions: list[dict[str, Any]]) -> str:
    return next((str(a["type"]) for a in actions if a.get("type") in POWERS), "")


def _powered(actions: list[dict[str, Any]]) -> set[int]:
    dice: set[int] = set()
    for action in actions:
        if action.get("type") in ("decrease", "increase"):
            dice.add(int(action["die"]))
        elif action.get("type") == "reroll":
            dice.update(int(d) for d in action["dice"])
    return dice


def _after(board: str, roll: list[int], actions: list[dict[str, Any]]) -> tuple[PictureCell, ...]:
    cells = list(board)
    new = set()
    for action in actions:
        if action.get("type") == "stage" and 0 <= int(action["die"]) < len(roll):
            cells[int(action["cell"])] = str(roll[int(action["die"])])
            new.add(int(action["cell"]))
        elif action.get("type") == "accept_magdagdon":
            cells[int(action["cell"])] = "X"
            new.add(int(action["cell"]))
    return tuple(
        PictureCell(10 * (i % 4), 10 * (i // 4), "" if c == "." else c, i in new)
        for i, c in enumerate(cells)
    )
