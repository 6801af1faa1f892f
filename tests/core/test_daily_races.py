"""Real server, real database: tabs of one visitor racing to start today's daily challenge make
one game (the database's unique constraint decides; the losers resume the winner's game), and
so do the devices of one secured nickname: one ranked attempt per account."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from games.core.clock import today
from tests.support import servers
from tests.support.accounts import PASSWORD


@pytest.fixture
def served(tmp_path):
    with servers.fresh_database(tmp_path) as env:
        port = servers.free_port()
        process = servers.start_gunicorn(env, port)
        try:
            yield env, f"http://127.0.0.1:{port}"
        finally:
            servers.stop_process(process)


def test_racing_tabs_start_one_ranked_daily(served):
    env, base = served
    visitor = servers.Visitor(base)
    visitor.get("/")
    assert visitor.post("/nickname/", {"nickname": "Racer"})[0] == 303
    tabs = [visitor.tab(base) for _ in range(8)]
    day = today().isoformat()
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda tab: tab.post("/ishido/daily/", {"day": day}), tabs))
    assert {status for status, _, _ in answers} == {303}, answers
    assert len({location for _, location, _ in answers}) == 1, answers
    rows = servers.query(env, "SELECT COUNT(*) FROM core_game WHERE kind_key = 'ishido'")
    assert rows == [(1,)]


def secured_long_ago(env) -> None:
    """Every account as if secured before the day began (then its attempt ranks)."""
    sql = "UPDATE core_account SET created_at = '2026-11-30 00:00:00'"
    if "DATABASE_URL" in env:
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as connection:
            connection.execute(sql)
        return
    import sqlite3

    connection = sqlite3.connect(env["SQLITE_PATH"])
    try:
        connection.execute(sql)
        connection.commit()
    finally:
        connection.close()


def test_devices_of_one_secured_nickname_racing_start_one_ranked_attempt(served):
    env, base = served
    phone = servers.Visitor(base)
    phone.get("/")
    secure = {"nickname": "Racer", "password1": PASSWORD, "password2": PASSWORD}
    assert phone.post("/account/secure/", secure)[0] == 303
    secured_long_ago(env)
    devices = [phone]
    for _ in range(3):  # three more devices, each its own cookies, signed in as Racer
        device = servers.Visitor(base)
        device.get("/")
        assert (
            device.post("/account/sign-in/", {"nickname": "Racer", "password": PASSWORD})[0] == 303
        )
        devices.append(device)
    tabs = [device.tab(base) for device in devices for _ in range(2)]
    day = today().isoformat()
    with ThreadPoolExecutor(len(tabs)) as pool:
        answers = list(pool.map(lambda tab: tab.post("/ishido/daily/", {"day": day}), tabs))
    assert {status for status, _, _ in answers} == {303}, answers
    assert len({location for _, location, _ in answers}) == 1, answers
    rows = servers.query(
        env,
        "SELECT g.leaderboard, a.created_at < '2026-12-01' FROM core_game g "
        "JOIN core_account a ON a.player_id = g.player_id WHERE g.kind_key = 'ishido'",
    )
    assert rows == [(f"daily-{day}", True)]  # one attempt, of an account that ranks today
