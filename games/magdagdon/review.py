"""MAGDAGDON's words on the review page (MagdagdonKind.review_seen and review_choice)."""

from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.core.html import Html, escape, join, markup
from games.core.review.wording import faces_text

NOTE = _(
    "What a share is here: a game played by the coach scores about 430 points in PEACEFUL, "
    "350 in SURVIVAL and 230 in NIGHTMARE. In PEACEFUL an inaccuracy gives up about 4 points "
    "(one cell two pips lower), a mistake 13 (more than half a bonus), a blunder 35 (a RUIN "
    "and a bonus with it)."
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
