"""Throughput with more app servers: real Ishido move POSTs (htmx) against 1, then 2 gunicorn
servers on the same PostgreSQL database; prints moves/s for each and the ratio, then checks
that every accepted move is stored exactly once.

    .venv/bin/python scripts/with_postgres.py -- \\
        .venv/bin/python benchmarks/scale_throughput.py [clients] [seconds] [workers]

Defaults: 16 clients (4 processes of 4 threads, so the load generator is not one GIL),
10 seconds per phase, 2 workers per server (as scripts/run). The clients, both servers and
PostgreSQL all run on this machine: with fewer cores than processes the ratio measures how the
cores are shared, not what a second machine would add. The script prints the core count next
to it; read the ratio with that in mind.
"""

import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.cookiejar import CookieJar
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import start_gunicorn  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PROCESSES = 4


def post(opener, jar, base: str, path: str, data: dict[str, object]) -> tuple[int, str, str]:
    token = next(c.value for c in jar if c.name == "csrftoken")
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **data}).encode()
    headers = {"Referer": base, "HX-Request": "true"}
    request = urllib.request.Request(base + path, body, headers=headers)
    try:
        with opener.open(request, timeout=60) as response:
            return response.status, response.url, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, "", error.read().decode()


def board(html: str) -> tuple[int, list[int]]:
    found = re.search(r'name="version" value="(\d+)"', html)
    legal = [int(c) for c in re.findall(r'data-cell="(\d+)"[^>]*data-legal', html)]
    return (int(found.group(1)) if found else -1), legal


def play(base: str, stop: float, accepted: dict[int, int], lock: threading.Lock) -> None:
    """One player: new Ishido games, lowest legal cell each move, until `stop`."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(base + "/ishido/new/", timeout=60).read()
    while time.time() < stop:
        _, url, html = post(opener, jar, base, "/ishido/new/", {"confirm": "1"})
        game_id = int(re.search(r"/ishido/(\d+)/", url).group(1))
        version, legal = board(html)
        while legal and time.time() < stop:
            status, _, html = post(
                opener,
                jar,
                base,
                f"/ishido/{game_id}/place/",
                {"cell": legal[0], "version": version},
            )
            assert status == 200, status
            with lock:
                accepted[game_id] = accepted.get(game_id, 0) + 1
            version, legal = board(html)


def client_process(bases: list[str], threads: int, stop: float) -> dict[int, int]:
    accepted: dict[int, int] = {}
    lock = threading.Lock()
    players = [
        threading.Thread(target=play, args=(bases[i % len(bases)], stop, accepted, lock))
        for i in range(threads)
    ]
    for player in players:
        player.start()
    for player in players:
        player.join()
    return accepted


def measure(bases: list[str], clients: int, seconds: float) -> dict[int, int]:
    """Moves accepted per game while `clients` players spread over `bases` for `seconds`."""
    stop = time.time() + seconds
    # Each process gets its own share of the servers: client i plays on server i mod n.
    with multiprocessing.Pool(PROCESSES) as pool:
        parts = pool.starmap(
            client_process,
            [
                (bases[p % len(bases) :] + bases[: p % len(bases)], clients // PROCESSES, stop)
                for p in range(PROCESSES)
            ],
        )
    accepted: dict[int, int] = {}
    for part in parts:
        for game_id, moves in part.items():
            accepted[game_id] = accepted.get(game_id, 0) + moves
    return accepted


def main(clients: int, seconds: float, workers: int) -> None:
    import psycopg

    server_url = os.environ.get("DATABASE_URL", "")
    if not server_url.startswith(("postgres://", "postgresql://")):
        sys.exit("Run it through scripts/with_postgres.py (DATABASE_URL must name PostgreSQL).")
    name = f"cubiri_scale_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = server_url.rsplit("/", 1)[0] + "/" + name
    env = {**os.environ, "DATABASE_URL": url, "PLAIN_STATIC": "1", "SECRET_KEY": uuid.uuid4().hex}
    servers: list[subprocess.Popen] = []
    try:
        for command in (["migrate", "-v0"], ["createcachetable"]):
            subprocess.run([BIN / "python", "manage.py", *command], cwd=ROOT, env=env, check=True)
        print(
            f"{os.cpu_count()} cores for everything: {clients} clients, PostgreSQL, "
            f"servers of {workers} gunicorn workers each; {seconds:.0f} s per phase"
        )
        bases = []
        accepted: dict[int, int] = {}
        rates = []
        for count in (1, 2):
            process, base = start_gunicorn(env, workers)
            servers.append(process)
            bases.append(base)
            moves = measure(bases, clients, seconds)
            rate = sum(moves.values()) / seconds
            rates.append(rate)
            print(f"{count} app server{'s' if count > 1 else ' '}: {rate:7.0f} moves/s")
            accepted |= moves
        print(f"ratio 2 servers / 1 server: {rates[1] / rates[0]:.2f}")
        with psycopg.connect(url) as connection:
            stored = dict(
                connection.execute(
                    "SELECT game_id, COUNT(*) FROM core_action GROUP BY game_id"
                ).fetchall()
            )
        wrong = {g: (n, stored.get(g, 0)) for g, n in accepted.items() if stored.get(g, 0) != n}
        print(
            f"{sum(accepted.values())} moves accepted in {len(accepted)} games; "
            f"stored exactly once: {'yes' if not wrong else f'NO {wrong}'}"
        )
    finally:
        for process in servers:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
        with psycopg.connect(server_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 16,
        float(sys.argv[2]) if len(sys.argv) > 2 else 10,
        int(sys.argv[3]) if len(sys.argv) > 3 else 2,
    )
