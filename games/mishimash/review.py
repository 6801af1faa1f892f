"""MISHIMASH's words and picture on the review page (MishimashKind.review_seen, review_choice
and review_picture)."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from games.core.html import Html, escape
from games.core.review.wording import faces_text
from games.rules.mishimash import DICE


def seen(context: dict[str, Any]) -> str:
    return gettext("Turn %(turn)d · roll %(roll)s · %(points)s turn points") % {
        "turn": context["turn"],
        "roll": faces_text(context["roll"]),
        "points": f"{context['turn_points']:g}",
    }


def choice(actions: list[dict[str, Any]], context: dict[str, Any]) -> Html:
    """The dice set aside (by face) and BANK or ROLL AGAIN."""
    roll = context.get("roll", [])
    action = actions[0]
    faces = faces_text([roll[i] for i in action.get("dice", [])])
    if action.get("type") == "select_and_bank":
        return escape(gettext("Set aside %(faces)s, then BANK") % {"faces": faces})
    return escape(gettext("Set aside %(faces)s, then ROLL AGAIN") % {"faces": faces})


# --- the picture of a reviewed decision (templates/mishimash/_review_picture.html) -----------


@dataclass(frozen=True)
class PictureDie:
    x: int
    face: int
    kept: bool  # set aside by this choice


@dataclass(frozen=True)
class PictureChoice:
    who: str  # "player" or "coach"
    dice: tuple[PictureDie, ...]
    banks: bool  # BANK, else ROLL AGAIN

    @property
    def width(self) -> int:
        """Six dice's room whatever the roll: a die is as large in a roll of one as of six."""
        return 12 * DICE


def picture(decision: dict[str, Any]) -> tuple[PictureChoice, ...] | None:
    """The roll twice, with the dice set aside by the choice played and by the coach's, and
    BANK or ROLL AGAIN: all in the analysis's context, so every stored review has one."""
    roll = [int(face) for face in decision["context"].get("roll", [])]
    if not roll:
        return None
    choices = []
    for who in ("player", "coach"):
        action = decision[who][0]
        kept = {int(i) for i in action.get("dice", [])}
        dice = tuple(PictureDie(12 * i, face, i in kept) for i, face in enumerate(roll))
        choices.append(PictureChoice(who, dice, action.get("type") == "select_and_bank"))
    return tuple(choices)
