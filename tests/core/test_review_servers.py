"""Real servers, real worker processes, a real database (SQLite here, PostgreSQL through
scripts/with_postgres.py): a review is analysed by django-tasks-db's `db_worker`, never by
gunicorn; two workers on one review store every decision exactly once, in order; a worker
killed (kill -9) mid-analysis loses nothing saved, and the page's next poll has the review
finished by another worker, with nothing doubled."""

import json
import os
import signal
import threading
import time

import pytest

from tests.support.servers import (
    Visitor,
    free_port,
    fresh_database,
    manage,
    query,
    start_gunicorn,
    start_worker,
    stop_process,
)

FINISH = (
    "from games.core.models import Player\n"
    "from games.rules import ishido, magdagdon, mishimash\n"
    "from tests.support.finished import finish\n"
    "player = Player.objects.create(nickname='Servers')\n"
    "print(finish(player, %r, %s, seed=%r).pk)\n"
)
QUEUE_AGAIN = "from games.core.review.tasks import analyse_review\nanalyse_review.enqueue(%d)\n"


@pytest.fixture
def database(tmp_path):
    with fresh_database(tmp_path) as env:
        env["REVIEW_STALLED_SECONDS"] = "3"  # a dead worker's review is queued again soon
        yield env


def finished_game(
    env, seed: str, kind: str = "mishimash", options: str = "mishimash.Options(('Servers',), 500)"
) -> int:
    return int(manage(env, "shell", "-v0", "-c", FINISH % (kind, options, seed)).split()[-1])


def stored(env, game: int) -> tuple[list[dict], int | None]:
    rows = query(env, f"SELECT decisions, total FROM core_review WHERE game_id = {game}")
    decisions, total = rows[0] if rows else ("[]", None)
    return (json.loads(decisions) if isinstance(decisions, str) else decisions), total


def poll_until_done(visitor: Visitor, game: int, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, html = visitor.get(f"/review/{game}/")
        assert status == 200
        if "data-review-summary" in html:
            return
        time.sleep(0.5)
    raise AssertionError("the review did not finish")


def in_order_once(decisions: list[dict]) -> bool:
    steps = [d["step"] for d in decisions]
    return steps == sorted(set(steps))


def test_two_workers_and_two_servers_build_one_review_once(database):
    ports = free_port(), free_port()
    servers = [start_gunicorn(database, port, workers=1) for port in ports]
    workers = []
    try:
        game = finished_game(database, "servers-two")
        tabs = [Visitor(f"http://127.0.0.1:{port}") for port in ports]
        assert tabs[0].get(f"/review/{game}/")[0] == 200  # asks for it: one task queued
        assert stored(database, game) == ([], None)  # the server analysed nothing itself
        manage(database, "shell", "-v0", "-c", QUEUE_AGAIN % game)  # a second task on it
        workers = [start_worker(database), start_worker(database)]
        threads = [threading.Thread(target=poll_until_done, args=(tab, game)) for tab in tabs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        decisions, total = stored(database, game)
        assert total is not None and len(decisions) == total > 50 and in_order_once(decisions)
    finally:
        for process in servers + workers:
            stop_process(process)


def test_a_worker_killed_mid_analysis_loses_nothing_and_doubles_nothing(database):
    port = free_port()
    server = start_gunicorn(database, port, workers=1)
    worker = start_worker(database)
    try:
        # A MAGDAGDON game of random stagings: each choice other than the coach's is valued
        # over the 126 next rolls (a second or more), so the worker saves it a decision or two
        # a step (an Ishido game's whole review now fits in one step of a second).
        game = finished_game(
            database,
            "servers-kill",
            "magdagdon",
            "magdagdon.Options(magdagdon.Difficulty.PEACEFUL)",
        )
        visitor = Visitor(f"http://127.0.0.1:{port}")
        assert visitor.get(f"/review/{game}/")[0] == 200
        deadline = time.monotonic() + 120
        while not stored(database, game)[0] and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)  # within a later step
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()
        saved, total = stored(database, game)
        assert total is not None and 0 < len(saved) < total
        worker = start_worker(database)
        poll_until_done(visitor, game)  # the page sees the review stalled and queues it again
        decisions, _ = stored(database, game)
        assert len(decisions) == total and in_order_once(decisions)
        assert decisions[: len(saved)] == saved  # nothing saved was lost
    finally:
        stop_process(worker)
        stop_process(server)
