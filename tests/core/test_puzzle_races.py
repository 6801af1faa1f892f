"""Real server, real database: tabs of one visitor racing to answer one puzzle count one attempt
(the database's unique (player, puzzle) decides; the others are told only the first answer
counts), and the player's and the puzzle's ratings move once."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support import servers

MAKE = (
    "import json; from tests.support.puzzles import form_of, mishimash_puzzle; "
    "p = mishimash_puzzle(); print(json.dumps([p.pk, form_of('mishimash', p.decision['coach'])]))"
)


@pytest.fixture
def served(tmp_path):
    with servers.fresh_database(tmp_path) as env:
        port = servers.free_port()
        process = servers.start_gunicorn(env, port, workers=3)
        try:
            yield env, f"http://127.0.0.1:{port}"
        finally:
            servers.stop_process(process)


def test_racing_tabs_answering_one_puzzle_count_once(served):
    env, base = served
    puzzle_id, form = json.loads(servers.manage(env, "shell", "-c", MAKE).strip().splitlines()[-1])
    visitor = servers.Visitor(base)
    visitor.get("/")
    assert visitor.post("/nickname/", {"nickname": "Racer"})[0] == 303
    tabs = [visitor.tab(base) for _ in range(8)]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda tab: tab.post(f"/puzzles/{puzzle_id}/", form), tabs))
    assert {status for status, _, _ in answers} == {200}, [a[:2] for a in answers]
    counted = [body for _, _, body in answers if "data-counted>" in body]
    assert len(counted) == 1
    assert all("data-counted-before" in body for _, _, body in answers if body not in counted)
    assert servers.query(env, "SELECT COUNT(*) FROM core_puzzleattempt") == [(1,)]
    assert servers.query(env, "SELECT COUNT(*) FROM core_puzzleattempt WHERE solved") == [(1,)]
    assert servers.query(env, "SELECT attempts, version FROM core_puzzlerating") == [(1, 1)]
    rows = servers.query(
        env, f"SELECT attempts, solved, version FROM core_puzzle WHERE id = {puzzle_id}"
    )
    assert rows == [(1, 1, 1)]
