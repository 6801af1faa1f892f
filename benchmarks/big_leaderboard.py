"""Big leaderboards: 1,000,000 results across the games' boards, then the top-100 page with the
visitor's own rank, timed in this process (server time: middleware, view, queries, template)
and every query of the page EXPLAINed.

    .venv/bin/python benchmarks/big_leaderboard.py [results] [weight]        # SQLite file
    .venv/bin/python scripts/with_postgres.py -- \\
        .venv/bin/python benchmarks/big_leaderboard.py [results] [weight]    # PostgreSQL

`weight` (default 1) gives Ishido's single board that many shares against one per other board:
1 spreads 1,000,000 results evenly over the 7 boards; 4 puts 400,000 on one board.

On SQLite the database is a new file in a temporary directory (WAL, as the site runs it); with
DATABASE_URL naming PostgreSQL it is a new database on that server, dropped at the end.
The rows are written by one INSERT ... SELECT per table, values spread by a fixed hash (ties
included, as real boards have). PostgreSQL gets VACUUM ANALYZE after the load, as autovacuum
would do; SQLite gets no ANALYZE, as `migrate` leaves a real site's file.
"""

import os
import re
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cubiri.settings")
os.environ.setdefault("PLAIN_STATIC", "1")
warnings.filterwarnings("ignore", "No directory at")

SERVER_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = SERVER_URL.startswith(("postgres://", "postgresql://"))
SCRATCH = Path(tempfile.mkdtemp(prefix="cubiri-big-"))
DB_NAME = f"cubiri_big_{os.getpid()}"
if ON_POSTGRES:
    import psycopg

    with psycopg.connect(SERVER_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{DB_NAME}"')
    os.environ["DATABASE_URL"] = SERVER_URL.rsplit("/", 1)[0] + "/" + DB_NAME
else:
    os.environ["SQLITE_PATH"] = str(SCRATCH / "db.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.sessions.backends.signed_cookies import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.management.color import no_style  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Q  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from games.core.kinds import get_kind  # noqa: E402
from games.core.models import Game, LeaderboardSize, Player, Result  # noqa: E402

PLAYERS = 100_000
# (kind, board, share of the results, value expressions over the row number n and its hash h);
# equal shares unless the second argument weighs Ishido's one board more.
BOARDS = [
    ("ishido", "classic", 1, "h % 2001", {"stones_left": "h % 61"}),
    *(
        ("magdagdon", b, 1, "(h % 5001) / 10.0", {"powers_used": "h % 6", "turns": "10 + h % 191"})
        for b in ("peaceful", "survival", "nightmare")
    ),
    *(
        ("mishimash", b, 1, f"{b} + h % 300", {"turns": "5 + h % 56"})
        for b in ("500", "1000", "2000")
    ),
]
RUNS = 25


def sql_rows(total: int) -> str:
    """A row source of n = 1..total (and a hash h of n) on either backend."""
    if ON_POSTGRES:
        return f"(SELECT n, (n * 2654435761) % 1000003 AS h FROM generate_series(1, {total}) n) s"
    return (
        f"(WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < {total})"
        " SELECT n, (n * 2654435761) % 1000003 AS h FROM seq) s"
    )


def when(seconds: str) -> str:
    if ON_POSTGRES:
        return f"(TIMESTAMPTZ '2026-01-01 00:00:00+00' + ({seconds}) * INTERVAL '1 second')"
    return f"datetime('2026-01-01', '+' || ({seconds}) || ' seconds')"


def fill(total: int) -> dict[tuple[str, str], int]:
    """Players, finished games and their results; the number of results per board."""
    empty_blob = "'\\x'::bytea" if ON_POSTGRES else "x''"
    per_board: dict[tuple[str, str], int] = {}
    shares = sum(b[2] for b in BOARDS)
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO core_player (id, nickname, banned, created_at) "
            f"SELECT n, 'player ' || n, false, {when('n')} FROM {sql_rows(PLAYERS)}"
        )
        first = 1
        for kind, board, share, score, extra in BOARDS:
            count = (
                total * share // shares if (kind, board) != BOARDS[-1][:2] else total - first + 1
            )
            per_board[(kind, board)] = count
            offset = first - 1
            rows = f"(SELECT n + {offset} AS n, h FROM {sql_rows(count)}) r"
            cursor.execute(
                "INSERT INTO core_game (id, kind_key, options, leaderboard, seed, seed_hash,"
                " status, version, snapshot, rng_state, created_at, updated_at, finished_at,"
                " player_id) "
                f"SELECT n, '{kind}', '{{}}', '{board}', 's', 'h', 'finished', 1, '{{}}', "
                f"{empty_blob}, {when('n')}, {when('n')}, {when('n + h % 3600')}, "
                f"1 + n % {PLAYERS} FROM {rows}"
            )
            columns = ", ".join(extra)
            values = ", ".join(extra.values())
            cursor.execute(
                "INSERT INTO core_result (id, game_id, kind_key, leaderboard, player_id, nickname,"
                f" score, finished_at, hidden, {columns}) "
                f"SELECT n, n, '{kind}', '{board}', 1 + n % {PLAYERS}, 'player ' || (1 + n % "
                f"{PLAYERS}), {score}, {when('n + h % 3600')}, (h % 97 = 0), {values} FROM {rows}"
            )
            first += count
        for sql in connection.ops.sequence_reset_sql(no_style(), [Player, Game, Result]):
            cursor.execute(sql)
    LeaderboardSize.recount()  # the rows were written past the model, as by a bulk import
    if ON_POSTGRES:
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    return per_board


def before(kind: object, result: Result) -> Q:
    """The rows ranked strictly before `result` (a plain OR, to check the page's rank)."""
    condition, equal = Q(pk__in=[]), Q()
    for field in kind.ranking:  # type: ignore[attr-defined]
        name = field.lstrip("-")
        value = getattr(result, name)
        condition |= equal & Q(**{f"{name}__{'gt' if field[0] == '-' else 'lt'}": value})
        equal &= Q(**{name: value})
    return condition


def visitor_client() -> tuple[Client, Player]:
    player = Player.objects.create(nickname="visitor")
    session = SessionStore()
    session["player_id"] = player.pk
    session.save()
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return client, player


def timed(client: Client, url: str) -> list[float]:
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    return times


def explain(sql: str) -> str:
    prefix = "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " if ON_POSTGRES else "EXPLAIN QUERY PLAN "
    with connection.cursor() as cursor:
        cursor.execute(prefix + sql)
        rows = cursor.fetchall()
    if ON_POSTGRES:
        return "\n".join(f"      {r[0]}" for r in rows)
    return "\n".join(f"      {r[-1]}" for r in rows)


def main(total: int, weight: int) -> None:
    BOARDS[0] = (*BOARDS[0][:2], weight, *BOARDS[0][3:])
    vendor = f"PostgreSQL {connection.pg_version // 10000}" if ON_POSTGRES else "SQLite"
    if not ON_POSTGRES:
        import sqlite3

        vendor += f" {sqlite3.sqlite_version}"
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    per_board = fill(total)
    print(
        f"{vendor}: {total:,} results on {len(per_board)} boards, "
        f"{PLAYERS:,} players, loaded in {time.perf_counter() - started:.0f} s"
    )
    client, me = visitor_client()
    for (kind_key, board), count in per_board.items():
        kind = get_kind(kind_key)
        url = reverse("core:leaderboard", args=[kind_key, board])
        rows = Result.objects.ranked(kind, board)
        visible = rows.count()
        positions = (("best", 1), ("middle", visible // 2), ("last", visible))
        if (kind_key, board) != ("ishido", "classic"):
            positions = positions[1:2]
        for label, position in positions:
            result = rows[position - 1]
            Result.objects.filter(pk=result.pk).update(player=me)
            found = re.search(r'data-my-rank="(\d+)"', client.get(url).content.decode())
            assert found, "the page shows no rank for the visitor"
            rank = int(found.group(1))
            assert rank == rows.filter(before(kind, result)).count() + 1
            times = timed(client, url)
            print(
                f"  {kind_key}/{board:9} {count:>7,} rows, visitor {label:6} (rank {rank:>7,}):"
                f" median {statistics.median(times):5.1f} ms, max {max(times):5.1f} ms"
            )
            if label == "last" or (kind_key, board) == ("magdagdon", "peaceful"):
                with CaptureQueriesContext(connection) as queries:
                    client.get(url)
                for query in queries.captured_queries:
                    if "core_result" in query["sql"]:
                        print(f"    {query['sql']}\n{explain(query['sql'])}")
            Result.objects.filter(pk=result.pk).update(player=result.player_id)


if __name__ == "__main__":
    try:
        main(
            int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000,
            int(sys.argv[2]) if len(sys.argv) > 2 else 1,
        )
    finally:
        connection.close()
        shutil.rmtree(SCRATCH, ignore_errors=True)
        if ON_POSTGRES:
            with psycopg.connect(SERVER_URL, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE "{DB_NAME}" WITH (FORCE)')
