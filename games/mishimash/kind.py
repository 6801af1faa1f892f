"""MISHIMASH as the shared app sees it: one public board per standard target (solo games
only), fewest turns to reach the target first, then the higher final score, then the earlier."""

from typing import Any

from django.utils.functional import Promise, lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core.kinds import GameKind, ResultFields
from games.rules import mishimash


def target_label(target: int) -> Promise:
    """ "Target 1000", translated when shown (a board label outlives the request)."""
    return lazy(lambda: gettext("Target %(target)s") % {"target": target}, str)()


class MishimashKind(GameKind):
    key = "mishimash"
    name = "MISHIMASH"
    pitch = _(
        "Push your luck with six dice: every roll again multiplies its points, "
        "but one bust loses the whole turn. Solo or up to 8 players on one device."
    )
    boards = tuple((str(target), target_label(target)) for target in mishimash.TARGET_CHOICES)
    ranking = ("turns", "-score", "finished_at")
    columns = (("turns", _("Turns")),)
    board_template = "mishimash/play.html#board"
    stylesheet = "css/mishimash.css"
    rules = mishimash

    def board_key(self, options: mishimash.Options) -> str:
        """The leaderboard a game would rank on: solo standard targets only ("" = unranked)."""
        if options.is_solo and options.target in mishimash.TARGET_CHOICES:
            return str(options.target)
        return ""

    def result(self, state: mishimash.State, options: mishimash.Options) -> ResultFields | None:
        """Hot-seat games and custom targets are not ranked."""
        board = self.board_key(options)
        if not board:
            return None
        return ResultFields(
            score=mishimash.halves_to_decimal(state.banked_halves[0]),
            board_key=board,
            turns=state.turns[0],
        )

    def describe_action(self, payload: dict[str, Any], options: Any = None) -> str:
        dice = ", ".join(str(i + 1) for i in payload.get("dice", []))
        seat = int(payload.get("player", 0))
        names = getattr(options, "players", ())
        if 0 <= seat < len(names):
            # The name isolated, so that a Latin name reads right inside an Arabic line.
            who = {"name": f"\u2068{names[seat]}\u2069", "dice": dice}
            if payload.get("type") == "roll":
                return gettext("%(name)s rolls") % who
            if payload.get("type") == "select_and_bank":
                return gettext("%(name)s sets aside dice %(dice)s and banks") % who
            return gettext("%(name)s sets aside dice %(dice)s and rolls again") % who
        numbered = {"seat": seat + 1, "dice": dice}
        if payload.get("type") == "roll":
            return gettext("Player %(seat)d rolls") % numbered
        if payload.get("type") == "select_and_bank":
            return gettext("Player %(seat)d sets aside dice %(dice)s and banks") % numbered
        return gettext("Player %(seat)d sets aside dice %(dice)s and rolls again") % numbered


KIND = MishimashKind()
