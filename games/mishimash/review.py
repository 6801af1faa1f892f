"""MISHIMASH's words on the review page (MishimashKind.review_seen and review_choice)."""

from typing import Any

from django.utils.translation import gettext

from games.core.html import Html, escape
from games.core.review.wording import faces_text


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
