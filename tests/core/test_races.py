"""Real server, real SQLite file: racing clients lose or double no move, and a killed server
loses no committed move. gunicorn with two workers, as `scripts/run` starts it."""

import os
import re
import signal
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar

import pytest

from tests.support.servers import free_port, fresh_database, start_gunicorn, stop_process


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Visitor:
    """A browser-like client: its own cookies, CSRF token from the cookie, no redirects."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect
        )

    def get(self, path: str) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def post(self, path: str, data: dict[str, object]) -> tuple[int, str, str]:
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **data}).encode()
        request = urllib.request.Request(self.base + path, body, headers={"Referer": self.base})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.headers.get("Location", ""), ""
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Location", ""), error.read().decode()


@pytest.fixture
def database(tmp_path):
    """A new SQLite file, or a new PostgreSQL database in the PostgreSQL run."""
    with fresh_database(tmp_path) as env:
        yield env


@pytest.fixture
def server(database):
    env = database
    port = free_port()

    def start() -> subprocess.Popen:
        return start_gunicorn(env, port)

    state = {"process": start()}

    def kill_and_restart() -> None:
        os.killpg(state["process"].pid, signal.SIGKILL)
        state["process"].wait()
        state["process"] = start()

    yield f"http://127.0.0.1:{port}", kill_and_restart
    stop_process(state["process"])


def start_ishido(visitor: Visitor) -> str:
    visitor.get("/")
    status, location, _ = visitor.post("/ishido/new/", {"confirm": "1"})
    assert status == 303, status
    return location


def board_of(visitor: Visitor, play_url: str) -> tuple[int, list[int], int]:
    status, html = visitor.get(play_url)
    assert status == 200
    version = int(re.search(r'name="version" value="(\d+)"', html).group(1))
    legal = [int(c) for c in re.findall(r'data-cell="(\d+)"[^>]*data-legal', html)]
    placed = len(re.findall(r'data-cell="\d+" data-value="[a-z]+-[a-z]+"', html))
    return version, legal, placed


def test_racing_tabs_make_exactly_one_move(server):
    base, _ = server
    visitor = Visitor(base)
    play_url = start_ishido(visitor)
    version, legal, placed = board_of(visitor, play_url)
    place_url = play_url.rstrip("/") + "/place/"
    with ThreadPoolExecutor(8) as pool:
        answers = list(
            pool.map(
                lambda cell: visitor.post(place_url, {"cell": cell, "version": version})[0],
                [legal[0]] * 4 + legal[1:5],
            )
        )
    assert sorted(answers).count(303) == 1, answers
    assert all(code == 409 for code in answers if code != 303), answers
    new_version, _, new_placed = board_of(visitor, play_url)
    assert (new_version, new_placed) == (version + 1, placed + 1)


def test_a_killed_server_loses_no_committed_move(server):
    base, kill_and_restart = server
    visitor = Visitor(base)
    play_url = start_ishido(visitor)
    place_url = play_url.rstrip("/") + "/place/"
    for _ in range(5):
        version, legal, _ = board_of(visitor, play_url)
        assert visitor.post(place_url, {"cell": legal[0], "version": version})[0] == 303
    before = board_of(visitor, play_url)
    kill_and_restart()
    assert board_of(visitor, play_url) == before
    assert before[0] == 5
