"""Why a move-like request is refused: the messages of the one answer (games.core.play.moves)
and `Refused`, which any step of a move may raise to be answered with its message."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.rules import IllegalMove

STALE_MESSAGE = _(
    "That move was made on an old board (another tab or a double tap moved first). "
    "Nothing was changed; here is the current board."
)
OVER_MESSAGE = _("This game has ended; start a new one.")
NO_VERSION_MESSAGE = _("The move did not say which board it was made on; reload the page.")
# HINT is not a move, but is answered by the same ladder, in its own words.
STALE_HINT_MESSAGE = _(
    "That hint was asked for on an old board (another tab moved first). Nothing was changed; "
    "here is the current board."
)
OVER_HINT_MESSAGE = _("This game has ended: there is nothing to hint.")
NO_HINTS_MESSAGE = _("This game offers no hints.")
# Past the limits of settings.HINT_LIMITS and HINT_BURSTS (games.core.play.hint): status 429.
TOO_MANY_HINTS_MESSAGES = {
    "player": _(
        "You asked for too many hints in a minute (at most %(limit)d). Nothing was changed; "
        "please try again within a minute."
    ),
    "address": _(
        "Too many hints were asked for from your address in a minute (at most %(limit)d). "
        "Nothing was changed; please try again within a minute."
    ),
}

TOO_MANY_HINTS_AT_ONCE_MESSAGE = _(
    "Too many hints at once (at most %(limit)d in %(seconds)d seconds). Nothing was changed; "
    "please wait a few seconds and try again."
)


class Refused(Exception):
    """A move-like request that is not allowed now: a message for the visitor and the status
    (400, or 403 for somebody who may never make it); nothing was written."""

    def __init__(self, message: Any, status: int = 400) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.status = status


def rules_message(error: IllegalMove) -> str:
    """The rules' message in the visitor's language."""
    template = gettext(error.template)
    return template % error.params if error.params else template
