"""Two app servers on one database, as behind a load balancer: 64 clients race moves across
both, on games shared by several tabs (half of them on each server) and on games of their own
(each move on the other server). No move is lost or doubled, each raced version has exactly
one winner, every finished game has one result, and both servers show the same leaderboard.

In the PostgreSQL run of `scripts/test` the database is PostgreSQL; in the SQLite run, one
SQLite file that both servers open."""

import re
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest

from tests.support import servers

SHARED_GAMES, TABS, OWN_GAMES = 8, 4, 32  # 8 x 4 + 32 = 64 clients
MAX_ROUNDS = 80  # an Ishido game ends within 66 placements


@pytest.fixture
def two_servers(tmp_path):
    with servers.fresh_database(tmp_path) as env:
        env["SECRET_KEY"] = secrets.token_urlsafe(40)  # one key for both: sessions travel
        # 64 players from one address: lift the per-address creation limits for this test.
        env["PLAYERS_PER_HOUR"] = env["GAMES_PER_HOUR"] = "10000"
        processes, bases = [], []
        try:
            for _ in range(2):
                port = servers.free_port()
                processes.append(servers.start_gunicorn(env, port))
                bases.append(f"http://127.0.0.1:{port}")
            yield env, bases
        finally:
            for process in processes:
                servers.stop_process(process)


@dataclass
class Raced:
    """One game and the tabs (same cookies, either server) that move in it."""

    tabs: list[servers.Visitor]
    game_id: int = 0
    version: int = 0
    legal: list[int] = field(default_factory=list)
    accepted: int = 0
    won: list[int] = field(default_factory=list)  # the version each round's winner reached

    def read(self, html: str, after_move: bool = False) -> None:
        """The board's version and legal cells; a finished board has neither (its version is
        then one more than before the move, checked in the database at the end)."""
        found = re.search(r'name="version" value="(\d+)"', html)
        if found:
            self.version = int(found.group(1))
        else:
            assert 'data-state="finished"' in html
            self.version += after_move
        self.legal = [int(c) for c in re.findall(r'data-cell="(\d+)"[^>]*data-legal', html)]


def start(game: Raced) -> None:
    first = game.tabs[0]
    first.get("/")
    status, location, _ = first.post("/ishido/new/", {"confirm": "1"})
    assert status == 303, status
    game.game_id = int(re.search(r"/ishido/(\d+)/", location).group(1))
    status, html = game.tabs[-1].get(location)  # the page from the other server
    assert status == 200
    game.read(html)


def test_two_servers_race_64_clients_without_losing_or_doubling_a_move(two_servers):
    env, (a, b) = two_servers
    shared = []
    for _ in range(SHARED_GAMES):
        visitor = servers.Visitor(a)
        shared.append(Raced([visitor.tab(base) for base in (a, b) * (TABS // 2)]))
    own = []
    for _ in range(OWN_GAMES):
        visitor = servers.Visitor(a)
        own.append(Raced([visitor, visitor.tab(b)]))
    games = shared + own

    def move(job: tuple[Raced, servers.Visitor, int, int]) -> tuple[Raced, int, str]:
        game, tab, cell, version = job
        url = f"/ishido/{game.game_id}/place/"
        status, _, html = tab.post(url, {"cell": cell, "version": version}, htmx=True)
        return game, status, html

    with ThreadPoolExecutor(64) as pool:
        list(pool.map(start, games))
        for number in range(MAX_ROUNDS):
            playing = [game for game in games if game.legal]
            if not playing:
                break
            jobs = []
            for game in playing:
                if game in shared:  # every tab at once, each on a legal cell of its own
                    for i, tab in enumerate(game.tabs):
                        jobs.append((game, tab, game.legal[i % len(game.legal)], game.version))
                else:
                    jobs.append((game, game.tabs[number % 2], game.legal[0], game.version))
            answers: dict[int, list[tuple[int, str]]] = {}
            for game, status, html in pool.map(move, jobs):
                answers.setdefault(game.game_id, []).append((status, html))
            for game in playing:
                statuses = sorted(status for status, _ in answers[game.game_id])
                assert statuses == [200] + [409] * (len(statuses) - 1), (game.game_id, statuses)
                before = game.version
                won = next(html for status, html in answers[game.game_id] if status == 200)
                game.read(won, after_move=True)
                assert game.version == before + 1
                game.accepted += 1
                game.won.append(game.version)
    assert not any(game.legal for game in games), "games still running after the last round"

    stored = dict(servers.query(env, "SELECT game_id, COUNT(*) FROM core_action GROUP BY game_id"))
    numbers = dict(
        servers.query(
            env, "SELECT game_id, COUNT(DISTINCT number) FROM core_action GROUP BY game_id"
        )
    )
    rows = servers.query(env, "SELECT id, version, status FROM core_game")
    state = {game_id: (version, status) for game_id, version, status in rows}
    for game in games:
        assert stored[game.game_id] == numbers[game.game_id] == game.accepted
        assert game.won == list(range(1, game.accepted + 1))
        assert state[game.game_id] == (game.accepted, "finished")
    results = servers.query(env, "SELECT game_id, COUNT(*) FROM core_result GROUP BY game_id")
    assert sorted(results) == sorted((game.game_id, 1) for game in games)

    def board(base: str, visitor: servers.Visitor | None = None) -> str:
        status, html = (visitor or servers.Visitor(base)).get("/leaderboards/ishido/classic/")
        assert status == 200
        return re.search(r'<table class="leaderboard">.*</table>', html, re.S).group(0)

    assert board(a) == board(b)
    assert board(a).count("data-result=") == len(games)
    mine_a = re.search(
        r'data-my-rank="(\d+)"', shared[0].tabs[0].get("/leaderboards/ishido/classic/")[1]
    )
    mine_b = re.search(
        r'data-my-rank="(\d+)"', shared[0].tabs[1].get("/leaderboards/ishido/classic/")[1]
    )
    assert mine_a and mine_b and mine_a.group(1) == mine_b.group(1)
