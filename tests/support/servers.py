"""Real servers for the tests: a fresh database of the configured kind, gunicorn on it, and a
browser-like HTTP visitor.

In the SQLite run each database is a new file; in the PostgreSQL run of `scripts/test`
(`DATABASE_URL` names the throw-away server) each is a new database on that server, dropped
afterwards. Either way the servers started here share it, as app servers behind a load
balancer share theirs.
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def on_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def manage(env: dict[str, str], *args: str) -> str:
    """Run `manage.py` in its own process with `env`; its standard output."""
    return subprocess.run(
        [BIN / "python", "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@contextmanager
def fresh_database(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of a server process on a new, migrated database (cache table too)."""
    env = {**os.environ, "PLAIN_STATIC": "1"}
    if on_postgres():
        import psycopg

        server_url = os.environ["DATABASE_URL"]
        name = f"servers_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(server_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        env["DATABASE_URL"] = server_url.rsplit("/", 1)[0] + "/" + name
    else:
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = str(tmp_path / "db.sqlite3")
    try:
        manage(env, "migrate", "-v0")
        manage(env, "createcachetable")
        yield env
    finally:
        if on_postgres():
            with psycopg.connect(server_url, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def query(env: dict[str, str], sql: str) -> list[tuple[Any, ...]]:
    """Rows of one SQL query on the database of `env` (plain SQL, valid on both backends)."""
    if "DATABASE_URL" in env:
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as connection:
            return connection.execute(sql).fetchall()
    import sqlite3

    connection = sqlite3.connect(env["SQLITE_PATH"])
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_gunicorn(env: dict[str, str], port: int, workers: int = 2) -> subprocess.Popen:
    """gunicorn as `scripts/run` starts it, answering on 127.0.0.1:`port` once this returns."""
    process = subprocess.Popen(
        [BIN / "gunicorn", "cubiri.wsgi", "-c", "cubiri/gunicorn.conf.py"]
        + ["-b", f"127.0.0.1:{port}", "-w", str(workers)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/leaderboards/", timeout=2)
            return process
        except OSError:
            time.sleep(0.05)
    stop_process(process)
    raise RuntimeError("gunicorn did not start")


def start_worker(env: dict[str, str]) -> subprocess.Popen:
    """The background worker as `scripts/run` starts it (django-tasks-db's db_worker)."""
    return subprocess.Popen(
        [BIN / "python", "manage.py", "db_worker", "--interval", "0.2", "--no-startup-delay"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop_process(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Signal a server or worker started in its own session, its whole process group, and wait
    for it; one already gone (a worker killed by a test) is no error, so a cleanup after a
    failed assertion still stops the rest."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    process.wait()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


class Visitor:
    """A browser-like client: its own cookies, CSRF token from the cookie, no redirects.

    `tab(base)` is another tab of the same browser (same cookies) talking to another server.
    """

    def __init__(self, base: str, jar: CookieJar | None = None) -> None:
        self.base = base
        self.jar = jar if jar is not None else CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect
        )

    def tab(self, base: str) -> "Visitor":
        return Visitor(base, self.jar)

    def get(self, path: str) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def post(self, path: str, data: dict[str, object], htmx: bool = False) -> tuple[int, str, str]:
        """(status, Location, body); with `htmx` the answer is the board partial."""
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **data}, doseq=True).encode()
        headers = {"Referer": self.base, **({"HX-Request": "true"} if htmx else {})}
        request = urllib.request.Request(self.base + path, body, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                return (
                    response.status,
                    response.headers.get("Location", ""),
                    response.read().decode(),
                )
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Location", ""), error.read().decode()
