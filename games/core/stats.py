"""A player's public stats: games played and finished per game and board, best, mean and median
scores, daily streaks, the charts' data, and what each game's final states tell (MAGDAGDON's
line bonuses and RUINs, MISHIMASH's turns and busts, Ishido's stones left and 4-ways).

Only visible results count (moderation: a hidden result, and all of a banned player's, stays
hidden here too). Every figure is read from the stored results, final snapshots and actions;
nothing is cached.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.core import charts, daily
from games.core.clock import today
from games.core.kinds import GameKind, all_kinds
from games.core.models import Action, Game, Player, Result
from games.rules import magdagdon

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
class Fact:
    """One line of a game's own figures: a label and its value, as text."""

    key: str
    label: str | Promise
    value: str


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
    games = Game.objects.filter(visible, player=player)
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
    by_kind: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for row in rows:
        by_kind[row[0]].append(row)
    found = []
    for kind in all_kinds():
        results = by_kind.get(kind.key, [])
        boards = _boards(kind, played, results)
        if not any(board.played for board in boards):
            continue
        days = [d for r in results if (d := daily.day_of_board(r[1])) is not None]
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
                facts=FACTS[kind.key](results[-FACT_GAMES:]) if kind.key in FACTS else (),
                fact_games=min(len(results), FACT_GAMES),
            )
        )
    return found


def _board(key: str) -> str:
    return DAILY if daily.day_of_board(key) is not None else key


def _boards(
    kind: GameKind, played: dict[tuple[str, str, str], int], results: Sequence[tuple[Any, ...]]
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


# --- each game's own figures, from its final states and moves ------------------------------
def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "–"


def _per_game(total: int, games: int) -> str:
    return f"{total} ({total / games:.2f})" if games else "0"


def magdagdon_facts(results: Sequence[tuple[Any, ...]]) -> tuple[Fact, ...]:
    """How often each line bonus (M19) and RUINs happened in the finished games."""
    ids = [row[6] for row in results]
    combos: Counter[str] = Counter()
    ruins = ruined = 0
    for snapshot in Game.objects.filter(pk__in=ids).values_list("snapshot", flat=True):
        state = magdagdon.State.from_dict(snapshot)
        score = magdagdon.live_score(state)
        combos.update(bonus.combo for bonus in score.bonuses)
        ruins += score.ruins
        ruined += score.ruins > 0
    games = len(ids)
    return (
        Fact("straight", _("Straights (per game)"), _per_game(combos["straight"], games)),
        Fact(
            "four_of_a_kind",
            _("Fours of a kind (per game)"),
            _per_game(combos["four_of_a_kind"], games),
        ),
        Fact("two_pairs", _("Two pairs (per game)"), _per_game(combos["two_pairs"], games)),
        Fact("ruins", _("RUINs (per game)"), _per_game(ruins, games)),
        Fact("ruined", _("Games with a RUIN"), _share(ruined, games)),
    )


def mishimash_facts(results: Sequence[tuple[Any, ...]]) -> tuple[Fact, ...]:
    """Turns to reach the target and how often a turn went bust (X7): every solo turn ends
    with a bank or a bust, so busts are the turns less the banks."""
    ids = [row[6] for row in results]
    turns = [row[3] for row in results if row[3] is not None]
    banks = Action.objects.filter(game_id__in=ids, payload__type="select_and_bank").count()
    total = sum(turns)
    mean = f"{statistics.fmean(turns):.1f}" if turns else "–"
    return (
        Fact("best_turns", _("Fewest turns to the target"), str(min(turns)) if turns else "–"),
        Fact("mean_turns", _("Mean turns to the target"), mean),
        Fact("bust_rate", _("Turns that went bust"), _share(total - banks, total)),
    )


def ishido_facts(results: Sequence[tuple[Any, ...]]) -> tuple[Fact, ...]:
    """Stones left at the end (I10) and 4-ways made (I9), read from the final states."""
    ids = [row[6] for row in results]
    left = [row[4] for row in results if row[4] is not None]
    four_ways = [
        int(snapshot.get("four_ways", 0))
        for snapshot in Game.objects.filter(pk__in=ids).values_list("snapshot", flat=True)
    ]
    mean_left = f"{statistics.fmean(left):.1f}" if left else "–"
    return (
        Fact("fewest_left", _("Fewest stones left"), str(min(left)) if left else "–"),
        Fact("mean_left", _("Mean stones left"), mean_left),
        Fact("all_placed", _("Games with every stone placed"), _share(left.count(0), len(left))),
        Fact("four_ways", _("4-ways (per game)"), _per_game(sum(four_ways), len(four_ways))),
        Fact("best_four_ways", _("Most 4-ways in a game"), str(max(four_ways, default=0))),
    )


FACTS = {"magdagdon": magdagdon_facts, "mishimash": mishimash_facts, "ishido": ishido_facts}
