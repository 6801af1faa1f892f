"""The site as `scripts/run` serves it (gunicorn, 2 workers), on a throw-away SQLite database,
for the benchmarks that measure over HTTP."""

import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def throwaway_env(tmp: Path, settings: str = "cubiri.settings", **extra: str) -> dict[str, str]:
    """The environment of a site on a throw-away SQLite database in `tmp`, its own secret key,
    plain static files (no collectstatic)."""
    return {
        **os.environ,
        "SQLITE_PATH": str(tmp / "db.sqlite3"),
        "SECRET_KEY": secrets.token_hex(32),
        "DJANGO_SETTINGS_MODULE": settings,
        "PLAIN_STATIC": "1",
        **extra,
    }


def start_gunicorn(
    env: dict[str, str], workers: int = 2, extra: tuple[str, ...] = ()
) -> tuple[subprocess.Popen[bytes], str]:
    """gunicorn as `scripts/run` starts it (its config file), on a free 127.0.0.1 port; the
    process and the base URL, once it answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [BIN / "gunicorn", "cubiri.wsgi", "--config", "cubiri/gunicorn.conf.py"]
        + ["-b", f"127.0.0.1:{port}", "-w", str(workers), *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/leaderboards/", timeout=2).read()
            return process, base
        except OSError:
            time.sleep(0.1)
    os.killpg(process.pid, signal.SIGTERM)
    raise RuntimeError("gunicorn did not start")


@contextmanager
def gunicorn_site(
    *, workers: int = 2, compressed_static: bool = False
) -> Iterator[tuple[str, Path]]:
    """Yield (base URL, database path) while the site runs; with `compressed_static`, static
    files are collected and served compressed by whitenoise, as in production."""
    tmp = Path(tempfile.mkdtemp())
    env = {**os.environ, "SQLITE_PATH": str(tmp / "db.sqlite3"), "STATIC_ROOT": str(tmp / "st")}
    commands = [["migrate", "-v0"], ["createcachetable"]]
    if compressed_static:
        env.pop("PLAIN_STATIC", None)
        commands.append(["collectstatic", "--noinput", "-v0"])
    else:
        env["PLAIN_STATIC"] = "1"
    for command in commands:
        subprocess.run([BIN / "python", "manage.py", *command], cwd=ROOT, env=env, check=True)
    server, base = start_gunicorn(env, workers)
    try:
        yield base, tmp / "db.sqlite3"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()
