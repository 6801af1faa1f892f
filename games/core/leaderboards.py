"""One leaderboard's page data: its top rows (guests marked), the visitor's own best with its
rank, and the board's size. Shared by the usual boards and each day's daily board.

A board ranks players: each player's best result (`Result.best`, kept by every write), by
default; `every=True` ranks every visible result, as the "all results" view does. Both read
their rows, the visitor's rank and the board's size off indexes and stored counts."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef
from django.http import HttpRequest

from games.core.accounts.models import Account
from games.core.kinds import GameKind
from games.core.models import LeaderboardSize, Result
from games.core.players import get_player

TOP = 100


@dataclass(frozen=True)
class Standing:
    rows: list[Result]  # the top rows, best first, each with its position
    mine: Result | None  # the visitor's best, with its rank as position
    total: int  # visible results on the board (players, when only each player's best counts)


def standing(request: HttpRequest, kind: GameKind, key: str, *, every: bool = False) -> Standing:
    # Guests are marked on the board: only a secured nickname is known to be its player's.
    secured = Account.objects.filter(player_id=OuterRef("player_id"))
    ranked = Result.objects.ranked(kind, key)
    shown = ranked if every else Result.objects.best_each(kind, key)
    top = list(shown.annotate(secured=Exists(secured))[:TOP])
    for number, row in enumerate(top, start=1):
        row.position = number
    mine = None
    player = get_player(request)
    if player is not None:
        # The visitor's own best through the player-led index (an annotation would lead the
        # planner to scan the leaderboard instead); the rank counts through the ranking's.
        mine = ranked.filter(player=player).first()
        if mine is not None:
            mine.position = mine.rank(kind, players=not every)
    return Standing(top, mine, LeaderboardSize.of(kind.key, key, players=not every))
