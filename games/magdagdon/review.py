"""MAGDAGDON's words on the review page (MagdagdonKind.review_seen and review_choice)."""

from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.core.html import Html, escape, join, markup
from games.core.review.wording import faces_text

NOTE = _(
    "Why these: every number counts twice, so one die a pip lower on one cell costs 2 points; "
    "a RUIN costs 15 and the about 7 points its cell would have held; TWO PAIRS is worth 20. "
    "An inaccuracy is a cell two pips lower, a mistake half a bonus, a blunder a RUIN or a "
    "bonus given away."
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
