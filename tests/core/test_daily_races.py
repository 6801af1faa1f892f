"""Real server, real database: tabs of one visitor racing to start today's daily challenge make
one game (the database's unique constraint decides; the losers resume the winner's game)."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from games.core.clock import today
from tests.support.servers import (
    Visitor,
    free_port,
    fresh_database,
    query,
    start_gunicorn,
    stop_gunicorn,
)


@pytest.fixture
def served(tmp_path):
    with fresh_database(tmp_path) as env:
        port = free_port()
        process = start_gunicorn(env, port)
        try:
            yield env, f"http://127.0.0.1:{port}"
        finally:
            stop_gunicorn(process)


def test_racing_tabs_start_one_ranked_daily(served):
    env, base = served
    visitor = Visitor(base)
    visitor.get("/")
    assert visitor.post("/nickname/", {"nickname": "Racer"})[0] == 303
    tabs = [visitor.tab(base) for _ in range(8)]
    day = today().isoformat()
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda tab: tab.post("/ishido/daily/", {"day": day}), tabs))
    assert {status for status, _, _ in answers} == {303}, answers
    assert len({location for _, location, _ in answers}) == 1, answers
    rows = query(env, "SELECT COUNT(*) FROM core_game WHERE kind_key = 'ishido'")
    assert rows == [(1,)]
