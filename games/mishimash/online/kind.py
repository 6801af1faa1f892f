"""MISHIMASH played at an online table, as the shared app sees it: its own kind, so that a
table's game (stored under the host) never abandons, nor is abandoned by, the host's solo or
hot-seat game; never on a leaderboard (like hot-seat games); drawn and replayed as MISHIMASH."""

from typing import Any, ClassVar

from django.utils.translation import gettext

from games.core.kinds import ResultFields
from games.mishimash.kind import MishimashKind
from games.rules import mishimash


class OnlineMishimashKind(MishimashKind):
    key = "mishimash_online"
    leaderboards = ()
    listed: ClassVar[bool] = False  # reached through /mishimash/online/, not the game lists
    # No HINT at a table: the coach would help one friend against the others.
    offers_hints: ClassVar[bool] = False
    preferences: ClassVar[dict[str, Any]] = {}  # a table's player keeps their own game's

    def leaderboard(self, options: mishimash.Options) -> str:
        return ""

    def result(self, state: mishimash.State, options: mishimash.Options) -> ResultFields | None:
        return None

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        kind = payload.get("type")
        if kind not in ("skip", "remove"):
            return super().describe_action(payload, options)
        seat = int(payload.get("player", 0))
        names = getattr(options, "players", ())
        name = f"\u2068{names[seat]}\u2069" if 0 <= seat < len(names) else str(seat + 1)
        if kind == "skip":
            return gettext("%(name)s was away: turn skipped") % {"name": name}
        return gettext("%(name)s was removed from the table") % {"name": name}


ONLINE_KIND = OnlineMishimashKind()
