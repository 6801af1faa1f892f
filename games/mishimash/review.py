"""MISHIMASH's words on the review page (MishimashKind.review_seen and review_choice)."""

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core.html import Html, escape
from games.core.review.wording import faces_text

NOTE = _(
    "Why these: one turn is worth about 16 points under the best play. An inaccuracy costs a "
    "tenth of a turn, a mistake almost a third, a blunder a whole turn, as much as a turn that "
    "busts. In the final round the unit is the chance to win, and the grades are lichess's: 10, "
    "20 and 30 percentage points."
)


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
