"""Real server, real database: a dozen devices at an online MISHIMASH table polling at once
after a computer's due time store exactly one computer action per due time."""

import json
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.mishimash.online.tables import COMPUTER_PAUSE_SECONDS
from tests.support import servers

POLLS = 12
BURSTS = 8


@pytest.fixture
def served(tmp_path):
    with servers.fresh_database(tmp_path) as env:
        port = servers.free_port()
        process = servers.start_gunicorn(env, port, workers=4)
        try:
            yield env, f"http://127.0.0.1:{port}"
        finally:
            servers.stop_process(process)


def computer_first_table(base: str) -> str:
    """Anna opens a table for three, seats two computers before her, and starts: the
    computers are to act, turn after turn, until hers. The table's address."""
    anna = servers.Visitor(base)
    anna.get("/")
    assert anna.post("/nickname/", {"nickname": "Anna"})[0] == 303
    data = {"target": 1000, "size": 3, "turn_seconds": 120}
    status, location, _ = anna.post("/mishimash/online/new/", data)
    assert status == 303, location
    table = re.fullmatch(r".*(/mishimash/online/[\w-]+/)", location)
    assert table is not None, location
    path = table.group(1)
    for name in ("Robo", "Robi"):
        assert anna.post(path + "computer/", {"name": name, "strength": "bank30"})[0] == 303
    order = {"direction": "later"}
    for position in (0, 1):  # Anna from the first seat to the last
        assert anna.post(path + "order/", {**order, "position": position})[0] == 303
    assert anna.post(path + "start/", {})[0] == 303
    return path


def game_row(env) -> tuple[int, int]:
    """(version, seat to act) of the one online game."""
    [(version, snapshot)] = servers.query(
        env, "SELECT version, snapshot FROM core_game WHERE kind_key = 'mishimash_online'"
    )
    snapshot = json.loads(snapshot) if isinstance(snapshot, str) else snapshot
    return version, snapshot["current"]


def test_racing_polls_after_the_due_time_store_one_computer_action(served):
    env, base = served
    path = computer_first_table(base)
    watchers = [servers.Visitor(base) for _ in range(POLLS)]
    for watcher in watchers:
        watcher.get(path)
    version, current = game_row(env)
    assert (version, current) == (0, 0)
    bursts = 0
    while current != 2 and bursts < BURSTS:  # a computer (seat 0 or 1) is to act
        time.sleep(COMPUTER_PAUSE_SECONDS + 0.2)  # its due time has come
        with ThreadPoolExecutor(POLLS) as pool:
            answers = list(pool.map(lambda watcher: watcher.get(path + "poll/")[0], watchers))
        assert set(answers) <= {200, 204}, answers
        after, current = game_row(env)
        assert after == version + 1, f"burst {bursts}: {after - version} computer actions"
        version, bursts = after, bursts + 1
    assert bursts >= 1
    actions = servers.query(env, "SELECT COUNT(*), MAX(number) FROM core_action")
    assert actions == [(version, version)]  # one stored action per version, none doubled
