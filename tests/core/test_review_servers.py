"""Real servers, a real database: a review stepped by two tabs on two gunicorn servers at once
has every decision exactly once, in order; a server killed in the middle of a step loses only
that step, and the review goes on from what was saved."""

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
    stop_gunicorn,
)

FINISH = (
    "from games.core.models import Player\n"
    "from games.rules import ishido, mishimash\n"
    "from tests.support.finished import finish\n"
    "player = Player.objects.create(nickname='Servers')\n"
    "print(finish(player, %r, %s, seed=%r).pk)\n"
)


@pytest.fixture
def database(tmp_path):
    with fresh_database(tmp_path) as env:
        yield env


def finished_game(
    env, seed: str, kind: str = "mishimash", options: str = "mishimash.Options(('Servers',), 500)"
) -> int:
    return int(manage(env, "shell", "-v0", "-c", FINISH % (kind, options, seed)).split()[-1])


def stored(env, game: int) -> tuple[list[dict], int]:
    rows = query(env, f"SELECT decisions, total FROM core_review WHERE game_id = {game}")
    decisions, total = rows[0] if rows else ("[]", 0)
    return (json.loads(decisions) if isinstance(decisions, str) else decisions), total


def poll_until_done(visitor: Visitor, game: int, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, html = visitor.get(f"/review/{game}/")
        assert status == 200
        if "data-review-summary" in html:
            return
    raise AssertionError("the review did not finish")


def doomed_step(base: str, game: int) -> None:
    """A step whose server is killed under it: no answer comes."""
    try:
        Visitor(base).get(f"/review/{game}/")
    except OSError:
        pass


def in_order_once(decisions: list[dict]) -> bool:
    steps = [d["step"] for d in decisions]
    return steps == sorted(set(steps))


def test_two_tabs_on_two_servers_build_one_review(database):
    ports = free_port(), free_port()
    servers = [start_gunicorn(database, port, workers=1) for port in ports]
    try:
        game = finished_game(database, "servers-two")
        tabs = [Visitor(f"http://127.0.0.1:{port}") for port in ports]
        threads = [threading.Thread(target=poll_until_done, args=(tab, game)) for tab in tabs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        decisions, total = stored(database, game)
        assert len(decisions) == total > 50 and in_order_once(decisions)
    finally:
        for server in servers:
            stop_gunicorn(server)


def test_a_server_killed_mid_step_loses_only_that_step(database):
    port = free_port()
    server = start_gunicorn(database, port, workers=1)
    base = f"http://127.0.0.1:{port}"
    try:
        # An Ishido game: each placement is played out over sampled pouch orders (a tenth of
        # a second or so), so one step of about a second saves only part of its ~70 decisions.
        game = finished_game(database, "servers-kill", "ishido", "ishido.Options()")
        visitor = Visitor(base)
        assert visitor.get(f"/review/{game}/")[0] == 200  # one step saved
        saved, total = stored(database, game)
        assert 0 < len(saved) < total
        step = threading.Thread(target=doomed_step, args=(base, game))
        step.start()
        time.sleep(0.3)  # the fourth step is computing
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        step.join()
        after_kill, _ = stored(database, game)
        assert after_kill[: len(saved)] == saved  # nothing saved was lost
        server = start_gunicorn(database, port, workers=1)
        poll_until_done(visitor, game)
        decisions, _ = stored(database, game)
        assert len(decisions) == total and in_order_once(decisions)
        assert decisions[: len(saved)] == saved
    finally:
        stop_gunicorn(server)
