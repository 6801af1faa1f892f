"""A player's public stats: games played and finished per game and board, best, mean and median
scores, daily streaks, the charts' data, and what each game's final states tell (MAGDAGDON's
line bonuses and RUINs, MISHIMASH's turns and busts, Ishido's stones left and 4-ways).

Only visible results count (moderation: a hidden result, and all of a banned player's, stays
hidden here too). Every figure is read from the stored results, final snapshots and actions;
nothing is cached.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.core import charts
from games.core.clock import today
from games.core.daily import challenges as daily
from games.core.kinds import GameKind, all_kinds
from games.core.models import Game, Player, Result
from games.core.stats.facts import Fact, FinishedResult

TIMELINE_POINTS = 200  # the chart of scores over time shows the latest this many
# Each game's own figures read final states and moves, so they cover the latest this many
# finished games: a page's cost stays bounded however long a player's history grows.
FACT_GAMES = 100
DAILY = "daily"  # every daily board of a game, summed as one row
UNRANKED = ""


@dataclass(frozen=True)
class BoardStats:
    key: str
    label: str | Promise
    played: int
    finished: int
    scores: tuple[Decimal, ...] = ()

    @property
    def best(self) -> Decimal | None:
        return max(self.scores) if self.scores else None

    @property
    def mean(self) -> Decimal | None:
        return round(Decimal(statistics.fmean(self.scores)), 1) if self.scores else None

    @property
    def median(self) -> Decimal | None:
        return Decimal(statistics.median(self.scores)) if self.scores else None


@dataclass(frozen=True)
class KindStats:
    kind: GameKind
    boards: tuple[BoardStats, ...]
    streak: int
    longest_streak: int
    histogram: charts.Histogram | None
    timeline: charts.Timeline | None
    facts: tuple[Fact, ...] = field(default=())
    fact_games: int = 0  # how many of the latest games the facts cover

    @property
    def played(self) -> int:
        return sum(board.played for board in self.boards)


def player_stats(player: Player) -> list[KindStats]:
    """Each game's stats for `player` (nothing for a banned player: all results hidden)."""
    if player.banned:
        return []
    played: dict[tuple[str, str, str], int] = defaultdict(int)
    # A LEFT JOIN on the result (no result yet, or a visible one), not an exclude(), whose
    # NOT IN (every hidden result) reads all of them.
    visible = Q(result__isnull=True) | Q(result__hidden=False)
    games = Game.objects.filter(visible, player=player, tutorial=False)  # a how-to-play: never
    for kind_key, board, status, count in games.values_list(
        "kind_key", "leaderboard", "status"
    ).annotate(count=Count("id")):
        played[kind_key, _board(board), status] += count
    rows = list(
        Result.objects.visible()
        .filter(player=player)
        .order_by("finished_at")
        .values_list(
            "kind_key", "leaderboard", "score", "turns", "stones_left", "finished_at", "game_id"
        )
    )
    by_kind: dict[str, list[FinishedResult]] = defaultdict(list)
    for row in rows:
        by_kind[row[0]].append(FinishedResult(*row))
    found = []
    for kind in all_kinds():
        results = by_kind.get(kind.key, [])
        boards = _boards(kind, played, results)
        if not any(board.played for board in boards):
            continue
        days = [d for r in results if (d := daily.day_of_board(r[1])) is not None]
        days += daily.unranked_days(player, kind.key)  # a guest's dailies count too
        current, longest = daily.streaks(days, today())
        recent = results[-TIMELINE_POINTS:]
        found.append(
            KindStats(
                kind=kind,
                boards=boards,
                streak=current,
                longest_streak=longest,
                histogram=charts.histogram([float(r[2]) for r in results]),
                timeline=charts.timeline([(r[5], float(r[2])) for r in recent]),
                facts=kind.stats_facts(results[-FACT_GAMES:]),
                fact_games=min(len(results), FACT_GAMES),
            )
        )
    return found


def _board(key: str) -> str:
    return DAILY if daily.day_of_board(key) is not None else key


def _boards(
    kind: GameKind, played: dict[tuple[str, str, str], int], results: Sequence[FinishedResult]
) -> tuple[BoardStats, ...]:
    scores: dict[str, list[Decimal]] = defaultdict(list)
    for row in results:
        scores[_board(row[1])].append(row[2])
    labels: list[tuple[str, str | Promise]] = [
        *kind.leaderboards,
        (DAILY, _("Daily challenge")),
        (UNRANKED, _("Unranked")),
    ]
    boards = []
    for key, label in labels:
        started = sum(played.get((kind.key, key, status), 0) for status in Game.Status.values)
        if not started:
            continue
        finished = played.get((kind.key, key, Game.Status.FINISHED), 0)
        boards.append(BoardStats(key, label, started, finished, tuple(scores.get(key, ()))))
    return tuple(boards)
