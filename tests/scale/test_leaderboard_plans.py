"""Big leaderboards stay fast because every query of the page is read off an index in the
board's order: no scan of the table, no sort of the board (benchmarks/big_leaderboard.py
times it with 1,000,000 results). And the index-friendly rank still counts exactly the rows
ranked before, ties included."""

import random
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.core.kinds import all_kinds
from games.core.models import RANKED_ORDERS, Game, LeaderboardSize, Player, Result

pytestmark = pytest.mark.django_db


def fill_board(kind, board: str, count: int, me: Player | None = None) -> list[Result]:
    """`count` results on one board with many ties on every ranking field; the last is mine."""
    rng = random.Random(f"{kind.key}/{board}")
    start = timezone.now()
    players = Player.objects.bulk_create(Player(nickname=f"p{n}") for n in range(count))
    if me is not None:
        players[-1] = me
    games = Game.objects.bulk_create(
        Game(kind_key=kind.key, player=p, status="finished", leaderboard=board, rng_state=b"")
        for p in players
    )
    results = Result.objects.bulk_create(
        Result(
            game=game,
            kind_key=kind.key,
            leaderboard=board,
            player=game.player,
            nickname=game.player.nickname,
            score=Decimal(rng.randrange(4)),
            turns=rng.randrange(3),
            powers_used=rng.randrange(2),
            stones_left=rng.randrange(3),
            finished_at=start - timedelta(minutes=rng.randrange(3)),
            hidden=rng.random() < 0.1,
        )
        for game in games
    )
    LeaderboardSize.recount([(kind.key, board)])  # bulk_create writes past Result.save
    return results


def test_every_ranking_has_its_indexes():
    names = {index.name: index.fields for index in Result._meta.indexes}
    for kind in all_kinds():
        assert tuple(kind.ranking) in RANKED_ORDERS.values(), kind.key
        key = next(k for k, order in RANKED_ORDERS.items() if order == tuple(kind.ranking))
        assert names[f"result_rank_{key}"] == ["kind_key", "leaderboard", "hidden", *kind.ranking]
        assert names[f"result_best_{key}"] == [
            "player", "kind_key", "leaderboard", "hidden", *kind.ranking
        ]  # fmt: skip


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.key)
def test_rank_counts_the_rows_ranked_before_ties_included(kind):
    board = kind.leaderboards[0][0]
    rows = fill_board(kind, board, 120)
    visible = [row for row in rows if not row.hidden]

    def key(row: Result) -> tuple:
        return tuple(
            -getattr(row, f[1:]) if f.startswith("-") else getattr(row, f) for f in kind.ranking
        )

    for row in visible[:40]:
        expected = 1 + sum(1 for other in visible if key(other) < key(row))
        assert row.rank(kind) == expected


def plans(sql: str) -> str:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A tiny table is cheaper to scan and sort; forbid both to see whether an index can
            # serve the query in its order (a missing one would still show Seq Scan / Sort).
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("SET LOCAL enable_sort = off")
            cursor.execute("EXPLAIN " + sql)
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
        return "\n".join(str(row[-1]) for row in cursor.fetchall())


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.key)
def test_the_leaderboard_page_reads_results_only_through_indexes(kind, client):
    client.post(reverse("core:nickname"), {"nickname": "me"})
    me = Player.objects.get(pk=client.session["player_id"])
    board = kind.leaderboards[0][0]
    fill_board(kind, board, 150, me=me)
    Result.objects.filter(player=me).set_hidden(False)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("core:leaderboard", args=[kind.key, board]))
    assert response.context["mine"] is not None
    result_queries = [q["sql"] for q in queries.captured_queries if "core_result" in q["sql"]]
    assert len(result_queries) >= 3  # top rows, my best, my rank (the total is stored)
    counts = [q for q in result_queries if q.startswith("SELECT COUNT(*)")]
    assert all(" < " in q or " > " in q for q in counts)  # rank ranges only, no whole board
    visible = Result.objects.visible().filter(kind_key=kind.key, leaderboard=board).count()
    assert response.context["total"] == visible
    for sql in result_queries:
        plan = plans(sql)
        if '"core_result"."player_id" = ' in sql and "EXISTS" not in sql:
            # my best: my own rows, not a walk down the board (the top rows' guest mark looks
            # up each row's account by player, which is not this)
            assert "result_best_" in plan, f"{sql}\n{plan}"
        if connection.vendor == "postgresql":
            assert "Seq Scan" not in plan and "Sort" not in plan, f"{sql}\n{plan}"
            assert "Index" in plan, f"{sql}\n{plan}"
        else:
            assert "USING INDEX" in plan or "USING COVERING INDEX" in plan, f"{sql}\n{plan}"
            assert "SCAN core_result" not in plan and "TEMP B-TREE" not in plan, f"{sql}\n{plan}"
