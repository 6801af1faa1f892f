"""Daily boards and stats pages at scale: 1,000,000 results of 100,000 players (half of them on
100 days of daily boards of the three games, today the busiest with 50,000 results on each
game's board; half on the usual boards), then the server time
(middleware, view, queries, template, in this process) of a day's board with the visitor's own
rank and of a heavy player's stats page, and every query of each page EXPLAINed.

    nice -n 10 .venv/bin/python benchmarks/daily_stats.py [results]

The database is a new SQLite file in a temporary directory (WAL, as the site runs it), deleted
at the end. The filler rows are written by one INSERT ... SELECT per table; the visitor's own
games are real finished games (final snapshots and moves from the rules), so their stats page
reads what a real player's does. The clock is fixed at the 100th day, the busiest board's day.
"""

import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cubiri.settings")
os.environ.setdefault("PLAIN_STATIC", "1")
warnings.filterwarnings("ignore", "No directory at")
SCRATCH = Path(tempfile.mkdtemp(prefix="cubiri-daily-"))
os.environ["SQLITE_PATH"] = str(SCRATCH / "db.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.sessions.backends.signed_cookies import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.management.color import no_style  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402

from games.core.daily import challenges as daily  # noqa: E402
from games.core.kinds import all_kinds  # noqa: E402
from games.core.models import Action, Game, LeaderboardSize, Player, Result  # noqa: E402
from games.rules import ishido, magdagdon, mishimash  # noqa: E402

PLAYERS = 100_000
DAYS = 100
TODAY = daily.FIRST_DAY + timedelta(DAYS - 1)
NOW = datetime(TODAY.year, TODAY.month, TODAY.day, 20, 0, tzinfo=UTC)
KINDS = [
    ("magdagdon", "(h % 5001) / 10.0", {"powers_used": "h % 6", "turns": "10 + h % 191"}),
    ("mishimash", "500 + h % 300", {"turns": "5 + h % 56"}),
    ("ishido", "h % 2001", {"stones_left": "h % 61"}),
]
USUAL = [
    ("ishido", "classic", 2),
    *(("magdagdon", b, 1) for b in ("peaceful", "survival", "nightmare")),
    *(("mishimash", b, 1) for b in ("500", "1000", "2000")),
]
RUNS = 25
TODAY_PLAYERS = 50_000  # the busiest day, today: that many results on each game's board
VISITOR_GAMES = 150  # the visitor's usual games per game kind (and a 100-day streak in each)


def sql_rows(total: int) -> str:
    return (
        "(WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq"
        f" WHERE n < {total - 1}) SELECT n, (n * 2654435761) % 1000003 AS h FROM seq) s"
    )


def when(seconds: str) -> str:
    return f"datetime('{daily.FIRST_DAY.isoformat()}', '+' || ({seconds}) || ' seconds')"


def insert(cursor, rows: str, kind: str, board: str, day: str, player: str, extra, score) -> None:
    """One INSERT ... SELECT of finished games and one of their results over `rows` (n, h)."""
    snapshot = SNAPSHOTS[kind].replace("'", "''")
    cursor.execute(
        "INSERT INTO core_game (id, kind_key, options, leaderboard, seed, seed_hash, status,"
        " version, snapshot, rng_state, created_at, updated_at, finished_at, player_id, day) "
        f"SELECT id, '{kind}', '{{}}', {board}, 's', 'h', 'finished', 1, '{snapshot}', x'', "
        f"{when('t')}, {when('t')}, {when('t')}, {player}, {day} FROM {rows}"
    )
    columns = ", ".join(extra)
    values = ", ".join(extra.values())
    cursor.execute(
        "INSERT INTO core_result (id, game_id, kind_key, leaderboard, player_id, nickname, score,"
        f" finished_at, hidden, {columns}) "
        f"SELECT id, id, '{kind}', {board}, {player}, 'player ' || {player}, {score}, "
        f"{when('t')}, (h % 97 = 0), {values} FROM {rows}"
    )


SNAPSHOTS: dict[str, str] = {}  # a real final snapshot of each kind, for every filler game


def fill(total: int) -> None:
    """Players; half the results on the daily boards (each player at most once per game and
    day), half on the usual boards."""
    daily_total = total // 2
    busiest = min(TODAY_PLAYERS, daily_total // (2 * len(KINDS)))  # today's board of each game
    per_board = (daily_total // len(KINDS) - busiest) // (DAYS - 1)  # each earlier day's
    per_kind = busiest + per_board * (DAYS - 1)
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO core_player (id, nickname, banned, created_at) "
            f"SELECT n + 1, 'player ' || (n + 1), false, {when('n')} FROM {sql_rows(PLAYERS)}"
        )
        first = 1
        for kind, score, extra in KINDS:
            # row n: today's i-th player first, then day d's i-th (distinct within a day)
            later = f"n - {busiest}"
            rows = (
                f"(SELECT id, h, d, i, d * 86400 + 3600 + h % 72000 AS t FROM"
                f" (SELECT n + {first} AS id, h,"
                f" CASE WHEN n < {busiest} THEN {DAYS - 1} ELSE ({later}) / {per_board} END AS d,"
                f" CASE WHEN n < {busiest} THEN n ELSE ({later}) % {per_board} END AS i"
                f" FROM {sql_rows(per_kind)}) q) r"
            )
            board = f"'daily-' || date('{daily.FIRST_DAY.isoformat()}', '+' || d || ' days')"
            day = f"date('{daily.FIRST_DAY.isoformat()}', '+' || d || ' days')"
            player = f"(1 + (d * 7919 + i) % {PLAYERS})"
            insert(cursor, rows, kind, board, day, player, extra, score)
            first += per_kind
        usual_total = total - (first - 1)
        shares = sum(share for *_, share in USUAL)
        for n, (kind, board, share) in enumerate(USUAL):
            count = usual_total * share // shares if n < len(USUAL) - 1 else total - first + 1
            rows = (
                f"(SELECT n + {first} AS id, h, (n * 7) % ({DAYS} * 86400) AS t"
                f" FROM {sql_rows(count)}) r"
            )
            score, extra = next((s, e) for k, s, e in KINDS if k == kind)
            player = f"(1 + (id + h) % {PLAYERS})"
            insert(cursor, rows, kind, f"'{board}'", "NULL", player, extra, score)
            first += count
        for sql in connection.ops.sequence_reset_sql(no_style(), [Player, Game, Result]):
            cursor.execute(sql)
    LeaderboardSize.recount()  # the rows were written past the model, as by a bulk import


def real_games() -> dict[str, list[tuple[object, list[dict]]]]:
    """A few real finished games of each kind: (final state, the actions' payloads)."""
    found: dict[str, list[tuple[object, list[dict]]]] = {}
    for seed in range(6):
        rng = random.Random(seed)
        pick = random.Random(seed + 100)
        games = []
        state, actions = ishido.new_game(ishido.Options(), rng), []
        while not state.is_finished:
            action = pick.choice(ishido.legal_actions(state))
            actions.append(action.to_dict())
            state = ishido.apply(state, action, rng)
        games.append(("ishido", state, actions))
        rng = random.Random(seed)
        state, actions = mishimash.new_game(mishimash.Options(("visitor",), 500), rng), []
        while not state.is_finished:
            choices = mishimash.legal_actions(state)
            if state.roll:  # set aside the most dice; roll on while 3 or more are left
                most = max(len(a.dice) for a in choices)
                again = state.dice_in_play - most >= 3 and state.turn_halves < 600
                wanted = mishimash.SelectAndRollAgain if again else mishimash.SelectAndBank
                choices = [a for a in choices if len(a.dice) == most and isinstance(a, wanted)]
            action = choices[0]
            actions.append(action.to_dict())
            state = mishimash.apply(state, action, rng)
        games.append(("mishimash", state, actions))
        rng = random.Random(seed)
        state, actions = magdagdon.new_game(magdagdon.Options(), rng), []
        while not state.is_finished:
            legal = magdagdon.legal_actions(state)
            choices = [a for a in legal if not isinstance(a, magdagdon.Unstage)] or list(legal)
            confirm = [a for a in choices if isinstance(a, magdagdon.Confirm)]
            action = confirm[0] if confirm else pick.choice(choices)
            actions.append(action.to_dict())
            state = magdagdon.apply(state, action, rng)
        games.append(("magdagdon", state, actions))
        for kind, state, actions in games:
            found.setdefault(kind, []).append((state, actions))
    return found


def visitor() -> tuple[Client, Player]:
    """A heavy player: VISITOR_GAMES usual games of each kind and every day's three dailies,
    all real finished games (snapshots and moves)."""
    player = Player.objects.create(nickname="visitor")
    kinds = {kind.key: kind for kind in all_kinds()}
    games = REAL
    for kind_key, samples in games.items():
        kind = kinds[kind_key]
        options = kind.daily_options("visitor")
        for n in range(VISITOR_GAMES + DAYS):
            state, actions = samples[n % len(samples)]
            day = daily.FIRST_DAY + timedelta(n - VISITOR_GAMES) if n >= VISITOR_GAMES else None
            ended = NOW - timedelta(hours=4 * (VISITOR_GAMES + DAYS - n))
            if day is not None:
                ended = datetime(day.year, day.month, day.day, 21, 0, tzinfo=UTC)
            board = daily.board_key(day) if day else kind.leaderboard(options)
            game = Game.objects.create(
                kind_key=kind_key, player=player, options=options.to_dict(), leaderboard=board,
                seed="s", seed_hash="h", status=Game.Status.FINISHED, version=len(actions),
                snapshot=kind.dump_state(state), rng_state=b"", day=day, finished_at=ended,
            )  # fmt: skip
            Action.objects.bulk_create(
                Action(game=game, number=i + 1, payload=p) for i, p in enumerate(actions)
            )
            fields = kind.result(state, options)
            Result.objects.create(
                game=game, kind_key=kind_key, leaderboard=board, player=player,
                nickname="visitor", score=fields.score, turns=fields.turns,
                powers_used=fields.powers_used, stones_left=fields.stones_left, finished_at=ended,
            )  # fmt: skip
    session = SessionStore()
    session["player_id"] = player.pk
    session.save()
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return client, player


REAL = real_games()


def timed(client: Client, url: str) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each of RUNS requests. SQLite runs in this process, so
    its CPU time is the server's work; on a shared machine the wall clock also counts the
    time other processes held the cores."""
    client.get(url)  # warm: templates compiled, connection open
    wall, cpu = [], []
    for _ in range(RUNS):
        started, used = time.perf_counter(), time.process_time()
        response = client.get(url)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - used) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return wall, cpu


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def explain(sql: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + sql)
        return "\n".join(f"      {row[-1]}" for row in cursor.fetchall())


def report(name: str, client: Client, url: str, show_plans: bool) -> float:
    wall, cpu = timed(client, url)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    print(
        f"  {name:<44} CPU median {statistics.median(cpu):5.1f} ms p95 {p95(cpu):5.1f} ms · "
        f"wall median {statistics.median(wall):5.1f} ms p95 {p95(wall):6.1f} ms · "
        f"{len(queries.captured_queries)} queries"
    )
    if "--profile" in sys.argv:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(client.get, url)
        pstats.Stats(profile).sort_stats("cumulative").print_stats("games/|execute|render|json", 30)
    if show_plans:
        for query in queries.captured_queries:
            sql = query["sql"]
            if "django_session" in sql or not sql.lstrip().upper().startswith("SELECT"):
                continue
            print(f"    {sql[:150]}{'…' if len(sql) > 150 else ''}\n{explain(sql)}")
    return statistics.median(cpu)


def main(total: int) -> None:
    import sqlite3

    timezone.now = lambda: NOW  # the 100th day, in the evening
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    for kind in all_kinds():
        state = REAL[kind.key][0][0]
        SNAPSHOTS[kind.key] = json.dumps(kind.dump_state(state))
    fill(total)
    client, me = visitor()
    results = Result.objects.count()
    print(
        f"SQLite {sqlite3.sqlite_version}: {results:,} results ({results - total:,} of them the "
        f"visitor's), {Player.objects.count():,} players, loaded in "
        f"{time.perf_counter() - started:.0f} s; today is daily #{DAYS} ({TODAY})"
    )
    show = "--explain" in sys.argv
    os.system("uptime")  # how busy the shared machine is
    reference = reverse("core:leaderboard", args=["ishido", "classic"])
    report("for reference: Ishido's usual board", client, reference, False)
    worst = 0.0
    for kind in all_kinds():
        size = LeaderboardSize.of(kind.key, daily.board_key(TODAY))
        url = reverse("core:daily_leaderboard", args=[kind.key, TODAY])
        worst = max(
            worst, report(f"{kind.name} daily #{DAYS} ({size:,} results)", client, url, show)
        )
    old = TODAY - timedelta(40)
    url = reverse("core:daily_leaderboard", args=["ishido", old])
    worst = max(worst, report(f"Ishido daily #{DAYS - 40} (over, with replays)", client, url, show))
    mine = Result.objects.filter(player=me).count()
    worst = max(
        worst,
        report(
            f"stats of the visitor ({mine} results)",
            client,
            reverse("core:stats", args=[me.pk]),
            show,
        ),
    )
    typical = Result.objects.filter(player_id=4242).count()
    worst = max(
        worst,
        report(
            f"stats of player 4242 ({typical} results)",
            client,
            reverse("core:stats", args=[4242]),
            show,
        ),
    )
    worst = max(worst, report("home with today's three", client, "/", show))
    print(f"worst CPU median {worst:.1f} ms (budget 50 ms)")


if __name__ == "__main__":
    try:
        args = [a for a in sys.argv[1:] if not a.startswith("--")]
        main(int(args[0]) if args else 1_000_000)
    finally:
        connection.close()
        shutil.rmtree(SCRATCH, ignore_errors=True)
