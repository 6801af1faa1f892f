"""Daily challenges: one deal per game per UTC day, the same for everyone, fair and checkable.

Words: a *challenge* is one game's deal of one day (`Challenge`), numbered from FIRST_DAY
("MAGDAGDON daily #12"). Its *seed* is an HMAC of the game and the day under the server's
DAILY_SECRET, so nobody can work it out ahead; its *fingerprint* is the SHA-256 of that seed
(`Game.seed_hash` of every game dealt from it), published COMMITTED_DAYS ahead on the archive
page; the seed itself is shown once the day is over. A player's *attempt* is their one game of
today's deal (unique per player, game and day in the database: tabs, devices and races all
resume it); a *practice* replays a past day unranked.

The policy that cannot be multiplied (`ranks`): an attempt is *ranked* only when its player's
nickname was secured before the day began (midnight UTC). Then one account is one attempt on
every device, and nobody can make a new identity after seeing the day's deal: a second guest
cookie, a guest after signing out, a nickname secured today all play the deal unranked and see
where they *would* have placed (`would_be`), marked so. A ranked attempt's result lives on its
day's board (`Result.leaderboard` is `board_key(day)`) and nowhere else, so the usual
leaderboards are never distorted by a shared deal.

Streaks count every day a player finished that day's attempt within its day, ranked or not
(never a practice, a late finish, a game with a hint, or a result hidden by staff): a streak
is one player's own and ranks nobody, so a guest keeps theirs, and keeps it on securing the
nickname.

A daily's replay and review open when its day is over, for everyone, its own player too (they
would show the deal still to come for the others); until then its end screen and My records
say when (`Opening`). Its SHARE text is the shared mechanism of every game's end screen
(games.core.play.ending.share_text) with a picture that gives nothing of the deal away
(GameKind.daily_share_picture), the player's streak and a link to the day's board.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from games.core.clock import day_start, today
from games.core.kinds import GameKind, all_kinds
from games.core.models import Game, LeaderboardSize, Player, Result
from games.core.play.ending import share_text
from games.core.players import ensure_player, get_player
from games.core.security import count_creation

FIRST_DAY = date(2026, 12, 1)  # daily #1
COMMITTED_DAYS = 14  # fingerprints published this many days ahead (the issue asks at least 7)
BOARD_PREFIX = "daily-"


class NotToday(Exception):
    """Only today's challenge can be played ranked."""


class NotOver(Exception):
    """A day is replayed for practice only once it is over."""


def board_key(day: date) -> str:
    """The leaderboard key of a day's board: "daily-2026-12-12"."""
    return f"{BOARD_PREFIX}{day.isoformat()}"


def day_of_board(key: str) -> date | None:
    """The day of a daily board's key; None for any other leaderboard."""
    if not key.startswith(BOARD_PREFIX):
        return None
    return date.fromisoformat(key.removeprefix(BOARD_PREFIX))


def daily_seed(kind_key: str, day: date) -> str:
    """The day's secret seed for that game: 64 hex digits, like every other game's seed."""
    message = f"cubiri-daily:{kind_key}:{day.isoformat()}".encode()
    return hmac.new(settings.DAILY_SECRET.encode(), message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Challenge:
    """One game's daily challenge of one day."""

    kind: GameKind
    day: date

    @property
    def number(self) -> int:
        return (self.day - FIRST_DAY).days + 1

    @property
    def exists(self) -> bool:
        return self.day >= FIRST_DAY

    @property
    def fingerprint(self) -> str:
        return hashlib.sha256(daily_seed(self.kind.key, self.day).encode()).hexdigest()

    @property
    def is_over(self) -> bool:
        return self.day < today()

    @property
    def is_today(self) -> bool:
        return self.day == today()

    @property
    def seed(self) -> str:
        """The seed, once the day is over ("" before: it is what makes the day fair)."""
        return daily_seed(self.kind.key, self.day) if self.is_over else ""

    @property
    def board_key(self) -> str:
        return board_key(self.day)

    @property
    def label(self) -> str:
        """What the challenge plays: "PEACEFUL", "Target 500", "Classic"."""
        options = self.kind.daily_options("Player")
        return str(self.kind.leaderboard_label(self.kind.leaderboard(options)))

    def leaderboard_url(self) -> str:
        return reverse("core:daily_leaderboard", args=[self.kind.key, self.day])

    def today_url(self) -> str:
        return reverse("core:daily", args=[self.kind.key])


def challenge(kind: GameKind, day: date | None = None) -> Challenge:
    return Challenge(kind, today() if day is None else day)


# --- the policy and starting ----------------------------------------------------------------
def ranks(player: Player | None, day: date) -> bool:
    """Whether `player`'s attempt at that day's challenge goes on the day's board: only a
    nickname secured before the day began (see the module's policy)."""
    return player is not None and player.secured_before(day_start(day))


def attempt(player: Player | None, kind: GameKind, day: date) -> Game | None:
    """The player's one attempt at that day's challenge, if they started it."""
    if player is None:
        return None
    games = Game.objects.filter(player=player, kind_key=kind.key, day=day)
    return games.exclude(leaderboard="").first()


def start_attempt(request: HttpRequest, kind: GameKind, day: date) -> Game:
    """Start today's attempt, or resume it: a second start (another tab or device of the same
    account, a double tap, a race) finds the first. NotToday for any other day."""
    if day != today() or day < FIRST_DAY:
        raise NotToday
    found = attempt(get_player(request), kind, day)
    if found is not None:
        return found
    try:
        with transaction.atomic():
            count_creation(request, "game")
            player = ensure_player(request)
            return _deal(player, kind, day, board_key(day))
    except IntegrityError:  # the other tab's start committed first: resume that one
        game = attempt(get_player(request), kind, day)
        if game is None:
            raise
        return game


def start_practice(request: HttpRequest, kind: GameKind, day: date) -> Game:
    """Replay a past day's deal, unranked (abandoning the player's earlier practice of that
    game). NotOver for today and later days, whose seed is still secret."""
    if day >= today() or day < FIRST_DAY:
        raise NotOver
    with transaction.atomic():
        count_creation(request, "game")
        player = ensure_player(request)
        practising = Game.objects.filter(
            player=player, kind_key=kind.key, status=Game.Status.ACTIVE, day__isnull=False
        )
        practising.filter(leaderboard="").update(status=Game.Status.ABANDONED)
        return _deal(player, kind, day, "")


def _deal(player: Player, kind: GameKind, day: date, leaderboard: str) -> Game:
    options = kind.daily_options(player.display_name)
    seed = daily_seed(kind.key, day)
    return Game.start(player, kind, options, seed, day=day, leaderboard=leaderboard)


# --- boards, ranks and streaks --------------------------------------------------------------
def day_results(kind: GameKind, day: date) -> Iterable[Result]:
    return Result.objects.ranked(kind, board_key(day))


def ranked_result(game: Game) -> Result | None:
    """The visible result of a ranked daily, with its `position` on the day's board."""
    found = Result.objects.visible().filter(game=game).first()
    if found is not None:
        found.position = found.rank(game.kind)
    return found


def would_be(game: Game | None) -> Result | None:
    """Where a finished unranked attempt would have placed on its day's board: an unsaved
    row with its `position` among the ranked ones (None for a ranked, running, late or
    coached game, or a practice)."""
    if game is None or game.is_active or game.day is None or not game.leaderboard:
        return None
    if game.finished_at is None:  # abandoned, never finished
        return None
    if game.coached or finished_late(game) or Result.objects.filter(game=game).exists():
        return None
    kind = game.kind
    fields = kind.result(game.state, kind.options_from_dict(game.options))
    if fields is None:
        return None
    row = Result(
        game=game,
        kind_key=kind.key,
        player=game.player,
        nickname=game.player.display_name,
        finished_at=game.finished_at,
        **{**fields.__dict__, "leaderboard": board_key(game.day)},
    )
    row.position = row.rank(kind)
    return row


def finished_late(game: Game) -> bool:
    """Whether a daily game ended after its day (then it is not ranked: the seed was public)."""
    ended = game.finished_at
    return game.day is not None and ended is not None and ended.astimezone(UTC).date() > game.day


def streaks(days: Iterable[date], on: date) -> tuple[int, int]:
    """(current, longest) run of consecutive days in `days`; the current run ends `on` or the
    day before (today's challenge may still be ahead).

    >>> d = date(2026, 12, 10)
    >>> streaks([d, d - timedelta(1), d - timedelta(3)], d)
    (2, 2)
    >>> streaks([d - timedelta(1), d - timedelta(2)], d), streaks([d - timedelta(2)], d)
    ((2, 2), (0, 1))
    """
    ordered = sorted(set(days))
    longest = run = 0
    previous: date | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == timedelta(1) else 1
        longest = max(longest, run)
        previous = day
    current = run if previous is not None and on - previous <= timedelta(1) else 0
    return current, longest


def played_days(player: Player, kind_key: str) -> list[date]:
    """The days whose attempt at that game's challenge the player finished within the day:
    the ranked ones (visible results on a day's board) and the unranked ones."""
    keys = Result.objects.visible().filter(
        player=player, kind_key=kind_key, leaderboard__startswith=BOARD_PREFIX
    )
    found = (day_of_board(key) for key in keys.values_list("leaderboard", flat=True))
    return [day for day in found if day is not None] + unranked_days(player, kind_key)


def unranked_days(player: Player, kind_key: str) -> list[date]:
    """The days whose attempt the player finished within the day unranked (a guest's, or a
    nickname's secured that day), without a hint; none for a banned player."""
    if player.banned:
        return []
    games = Game.objects.filter(
        player=player,
        kind_key=kind_key,
        status=Game.Status.FINISHED,
        day__isnull=False,
        coached=False,
        result__isnull=True,
    ).exclude(leaderboard="")
    found = games.values_list("day", "finished_at")
    return [day for day, ended in found if ended and ended.astimezone(UTC).date() == day]


def streak(player: Player, kind_key: str) -> tuple[int, int]:
    return streaks(played_days(player, kind_key), today())


# --- what the pages show --------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """Today's challenge of one game as the home page shows it to a player."""

    challenge: Challenge
    status: str  # "new", "running", "finished" or "late" (finished after its day: unranked)
    game: Game | None
    result: Result | None
    would_be: Result | None  # an unranked attempt's place had it ranked
    total: int
    streak: int = 0  # the player's current streak at this game's challenges


def today_cards(player: Player | None) -> list[Card]:
    """Today's three challenges with the player's status and current streak in each (home
    page)."""
    day = today()
    games: dict[str, Game] = {}
    if player is not None:
        found = Game.objects.filter(player=player, day=day).exclude(leaderboard="")
        games = {game.kind_key: game for game in found}
    cards = []
    for kind in all_kinds():
        game = games.get(kind.key)
        result = ranked_result(game) if game is not None and not game.is_active else None
        status = "new" if game is None else "running" if game.is_active else "finished"
        if game is not None and finished_late(game):
            status = "late"
        total = LeaderboardSize.of(kind.key, board_key(day))
        unranked = would_be(game) if result is None else None
        current = streak(player, kind.key)[0] if player is not None else 0
        cards.append(Card(challenge(kind, day), status, game, result, unranked, total, current))
    return cards


@dataclass(frozen=True)
class Opening:
    """When a daily's replay and review open: at the end of its day (midnight UTC), `hours`
    and `minutes` from now (rounded up: "in 1 min" until it opens)."""

    at: datetime
    hours: int
    minutes: int

    @property
    def countdown(self) -> str:
        """ "5 h 12 min", "12 min" in the visitor's language."""
        if self.hours:
            return gettext("%(hours)d h %(minutes)d min") % {
                "hours": self.hours,
                "minutes": self.minutes,
            }
        return gettext("%(minutes)d min") % {"minutes": self.minutes}


def opening(day: date) -> Opening | None:
    """When that day's replays and reviews open; None once the day is over (they are open)."""
    if day < today():
        return None
    at = day_start(day + timedelta(1))
    minutes = max(1, math.ceil((at - timezone.now()).total_seconds() / 60))
    hours, minutes = divmod(minutes, 60)
    return Opening(at, hours, minutes)


@dataclass(frozen=True)
class DailyEnd:
    """The end screen of a daily game: the day's rank, the streak and the text to share."""

    challenge: Challenge
    practice: bool  # a replay of a past day, never ranked
    late: bool  # finished after its day, not ranked
    result: Result | None
    would_be: Result | None  # an unranked attempt (a guest's, say): its place had it ranked
    total: int
    streak: int
    longest: int
    share_text: str
    opening: Opening | None  # when its replay and review open (None: open now)


def end_screen(request: HttpRequest, game: Game) -> DailyEnd | None:
    """What a finished daily game's end screen adds (None while it runs, or for other games)."""
    if game.day is None or game.is_active:
        return None
    kind = game.kind
    found = challenge(kind, game.day)
    result = ranked_result(game) if game.leaderboard else None
    unranked = would_be(game) if result is None else None
    current, longest = streak(game.player, kind.key)
    total = LeaderboardSize.of(kind.key, found.board_key)
    rank = f"#{result.position}/{total}" if result is not None else ""
    days = ngettext("🔥 %(days)d-day streak", "🔥 %(days)d-day streak", current)
    streak_line = days % {"days": current} if current and game.leaderboard else ""
    return DailyEnd(
        challenge=found,
        practice=not game.leaderboard,
        late=finished_late(game),
        result=result,
        would_be=unranked,
        total=total,
        streak=current,
        longest=longest,
        share_text=share_text(
            _share_title(game, found, result),
            rank,
            streak_line,
            daily_picture(game),
            request.build_absolute_uri(found.leaderboard_url()),
        ),
        opening=opening(game.day),
    )


def _share_title(game: Game, found: Challenge, result: Result | None) -> str:
    """ "MAGDAGDON daily #3 · 73", "MISHIMASH daily #3 · 510 in 9 turns"."""
    score, turns = _score_and_turns(game, result)
    if turns is None:
        text = gettext("%(game)s daily #%(number)d · %(score)s")
    else:
        text = ngettext(
            "%(game)s daily #%(number)d · %(score)s in %(turns)d turn",
            "%(game)s daily #%(number)d · %(score)s in %(turns)d turns",
            turns,
        )
    return text % {"game": game.kind.name, "number": found.number, "score": score, "turns": turns}


def daily_picture(game: Game) -> str:
    """The finished daily's spoiler-free picture (GameKind.daily_share_picture), kept: a
    finished game never changes, and it is read from the game's every stored action."""

    def draw() -> str:
        actions = game.actions.order_by("number").values_list("payload", flat=True)
        return game.kind.daily_share_picture(game.state, list(actions))

    return str(cache.get_or_set(f"daily-share-picture:{game.pk}", draw, timeout=None))


def _score_and_turns(game: Game, result: Result | None) -> tuple[str, int | None]:
    """The final score as text, and the turns where the game ranks by turns first."""
    kind = game.kind
    fields = result or kind.result(game.state, kind.options_from_dict(game.options))
    score = Decimal(fields.score) if fields is not None else Decimal(0)
    turns = fields.turns if fields is not None and kind.ranking[0] == "turns" else None
    return f"{score.normalize():f}", turns


def coming_days(kinds: Iterable[GameKind] | None = None) -> list[tuple[date, int, list[Challenge]]]:
    """Today and the next COMMITTED_DAYS days: (day, number, each game's challenge)."""
    kinds = list(kinds or all_kinds())
    start = max(today(), FIRST_DAY)
    days = [start + timedelta(n) for n in range(COMMITTED_DAYS + 1)]
    return [(day, (day - FIRST_DAY).days + 1, [Challenge(k, day) for k in kinds]) for day in days]


def past_days(count: int = 30) -> list[tuple[date, int, list[Challenge]]]:
    """The latest `count` days that are over, newest first (the archive)."""
    kinds = all_kinds()
    days = [today() - timedelta(n) for n in range(1, count + 1)]
    return [
        (day, (day - FIRST_DAY).days + 1, [Challenge(k, day) for k in kinds])
        for day in days
        if day >= FIRST_DAY
    ]


# --- My records -----------------------------------------------------------------------------
RECORDS = 30  # the newest finished dailies My records lists


@dataclass(frozen=True)
class DailyRecord:
    """One finished daily game in its player's records."""

    game: Game
    challenge: Challenge
    score: Decimal
    standing: str  # "ranked", "unranked", "coached", "late" or "practice"
    rank: int | None  # on the day's board, when ranked
    opening: Opening | None  # when its replay and review open (None: open now)


def records(player: Player | None) -> list[DailyRecord]:
    """The player's newest finished daily games (attempts and practices), newest day first."""
    if player is None:
        return []
    games = Game.objects.filter(player=player, day__isnull=False, status=Game.Status.FINISHED)
    found = []
    for game in games.select_related("result").order_by("-day", "-finished_at")[:RECORDS]:
        assert game.day is not None
        kind = game.kind
        result: Result | None = getattr(game, "result", None)
        fields = result or kind.result(game.state, kind.options_from_dict(game.options))
        score = Decimal(fields.score) if fields is not None else Decimal(0)
        standing = _standing(game, result)
        rank = result.rank(kind) if standing == "ranked" and result is not None else None
        found.append(
            DailyRecord(game, challenge(kind, game.day), score, standing, rank, opening(game.day))
        )
    return found


def _standing(game: Game, result: Result | None) -> str:
    if not game.leaderboard:
        return "practice"
    if game.coached:
        return "coached"
    if finished_late(game):
        return "late"
    return "ranked" if result is not None and not result.hidden else "unranked"
