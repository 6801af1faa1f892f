"""Real moves through gunicorn against Django's own floor, side by side in one run.

The site is served as `scripts/run` serves it (gunicorn, 2 sync workers, whitenoise, a file
SQLite database in WAL mode) with one extra URL, `/floor/`: a plain HttpResponse view behind
the same middleware. For each game, N clients each play their own game with random legal moves
(htmx POSTs answered by the board partial), chosen from a mirror of the game that the client
keeps with the rules package (it dealt the game from a seed it knows). Each game's moves, and
the next games of each client, are chosen and dealt before the clock starts, so that during a
measure a client does the same HTTP work as the floor's, whatever the game. The floor is hit by the
same kind of client, and so is a game page: "page" GETs the whole page of a running Ishido game
(a reload, no htmx), each client its own game. The script prints requests per second, the ratio
of moves to the floor, latency percentiles as the clients see them (queueing for a worker
included: with N clients waiting in turn that is N / throughput at least, Little's law) and as
the workers spent them (gunicorn's access log), and the size of the move answers; then it
checks that every accepted move is stored exactly once.

    .venv/bin/python benchmarks/move_floor.py [seconds per run] [connections ...]
"""

from __future__ import annotations

import http.client
import os
import random
import secrets
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
sys.path[:0] = [str(ROOT), str(HERE)]

from players import OPTIONS, RULES, choose, move_request  # noqa: E402
from served import start_gunicorn, throwaway_env  # noqa: E402


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    accepted: dict[int, int] = field(default_factory=dict)
    errors: int = 0
    dealt_late: int = 0  # games a client had to deal on the clock, its spares used up
    server: list[float] = field(default_factory=list)  # the workers' time per request


class Site:
    """gunicorn serving the site plus /floor/ on a throw-away SQLite database."""

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp())
        self.env = throwaway_env(self.tmp, "floor_settings", PYTHONPATH=f"{ROOT}:{HERE}")
        subprocess.run(
            [BIN / "python", "manage.py", "migrate", "-v0"], cwd=ROOT, env=self.env, check=True
        )
        self.log = self.tmp / "access.log"
        # As scripts/run logs every request, here with the time the worker spent on it (from
        # reading the request to the last byte: no time in the listen queue).
        self.server, base = start_gunicorn(
            self.env,
            extra=("--access-logfile", str(self.log), "--access-logformat", "%(U)s %(D)s"),
        )
        self.port = int(base.rsplit(":", 1)[1])
        os.environ.update(
            {k: self.env[k] for k in ("SQLITE_PATH", "SECRET_KEY", "DJANGO_SETTINGS_MODULE")}
        )
        import django

        django.setup()

    def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body, headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def server_times(self, since: int) -> tuple[list[float], int]:
        """The workers' time (s) for each request logged after byte `since`; the new end."""
        with open(self.log, "rb") as log:
            log.seek(since)
            data = log.read()
        times = [int(line.split()[1]) / 1e6 for line in data.decode().splitlines() if line]
        return times, since + len(data)

    def stop(self) -> None:
        os.killpg(self.server.pid, signal.SIGTERM)
        self.server.wait()


class Client:
    """One player with their own game, dealt from a seed the client knows."""

    def __init__(self, site: Site, game: str, seed: str) -> None:
        from django.contrib.sessions.backends.signed_cookies import SessionStore

        from games.core.kinds import get_kind
        from games.core.models import Game, Player

        self.site, self.game, self.rng = site, game, random.Random(seed)
        player = Player.objects.create(nickname="Bench")
        self.record = Game.start(player, get_kind(game), OPTIONS[game], seed=seed)
        self.mirror_rng = random.Random(seed)
        self.state = RULES[game].new_game(OPTIONS[game], self.mirror_rng)
        session = SessionStore()
        session["player_id"] = player.pk
        session.save()
        token = secrets.token_hex(16)
        self.headers = {
            "Cookie": f"sessionid={session.session_key}; csrftoken={token}",
            "X-CSRFToken": token,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        # The whole game's moves, chosen before the clock starts: the client's share of the
        # machine's two cores is then the same HTTP work as the floor's client, whatever the
        # rules cost to mirror (else a MISHIMASH client spends a quarter of a millisecond a
        # move choosing, on the cores the server needs).
        self.plan: list[bytes] = []
        self.suffixes: list[str] = []
        state = self.state
        while not state.is_finished:
            action = choose(self.game, state, self.rng)
            suffix, fields = move_request(self.game, action, state)
            body = urllib.parse.urlencode([("version", len(self.plan)), *fields]).encode()
            self.plan.append(body)
            self.suffixes.append(suffix)
            state = RULES[self.game].apply(state, action, self.mirror_rng)
        self.done = 0

    def page(self, stats: Stats) -> None:
        """The whole game page, as a reload or a plain link asks for it."""
        headers = {"Cookie": self.headers["Cookie"]}
        started = time.perf_counter()
        status, content = self.site.request("GET", f"/{self.game}/{self.record.pk}/", b"", headers)
        stats.latencies.append(time.perf_counter() - started)
        if status != 200:
            stats.errors += 1
        stats.sizes.append(len(content))

    def move(self, stats: Stats) -> bool:
        """The game's next move; False once the game has ended."""
        if self.done == len(self.plan):
            return False
        body, suffix = self.plan[self.done], self.suffixes[self.done]
        started = time.perf_counter()
        status, content = self.site.request(
            "POST", f"/{self.game}/{self.record.pk}/{suffix}/", body, self.headers
        )
        stats.latencies.append(time.perf_counter() - started)
        if status != 200:
            stats.errors += 1
            return False
        stats.sizes.append(len(content))
        stats.accepted[self.record.pk] = stats.accepted.get(self.record.pk, 0) + 1
        self.done += 1
        return True


def run(site: Site, game: str, connections: int, seconds: float) -> tuple[Stats, float]:
    stats = Stats()
    dealt = "ishido" if game == "page" else game
    clients = (
        []
        if game == "floor"
        else [
            Client(site, dealt, f"{game}-{connections}-{i}-{time.time()}")
            for i in range(connections)
        ]
    )
    # The games each client plays next when one ends, dealt before the clock starts too: as
    # many as the client could play if its moves went at FASTEST a second (the floor's pace
    # on this machine is some 2,000), so that short games (MAGDAGDON's are some 30 moves) are
    # not dealt on the clock, by the client, on the cores the server needs.
    ahead = FASTEST * seconds / connections
    spares: dict[int, list[Client]] = {}
    for i in range(connections if game not in ("floor", "page") else 0):
        planned, spares[i] = len(clients[i].plan), []
        while planned < ahead:
            spares[i].append(Client(site, game, f"{game}-{i}-{len(spares[i])}-{time.time()}"))
            planned += len(spares[i][-1].plan)
    stop = time.perf_counter() + seconds

    def play(index: int) -> None:
        client = clients[index]
        while time.perf_counter() < stop:
            if not client.move(stats):
                if not spares[index]:  # ran out: a game dealt on the clock (counted)
                    stats.dealt_late += 1
                    spares[index].append(Client(site, game, f"{game}-{index}-{time.time()}"))
                client = clients[index] = spares[index].pop()

    def floor(index: int) -> None:
        while time.perf_counter() < stop:
            started = time.perf_counter()
            status, content = site.request("GET", "/floor/")
            stats.latencies.append(time.perf_counter() - started)
            stats.sizes.append(len(content))

    def page(index: int) -> None:
        while time.perf_counter() < stop:
            clients[index].page(stats)

    target = {"floor": floor, "page": page}.get(game, play)
    since = site.log.stat().st_size if site.log.exists() else 0
    begun = time.perf_counter()
    threads = [threading.Thread(target=target, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    took = time.perf_counter() - begun
    time.sleep(0.3)  # the last lines of the access log
    stats.server, _ = site.server_times(since)
    return stats, took


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


FASTEST = 3000  # moves a second, above any measured pace: bounds the games dealt ahead
ROUNDS = 3  # each measure is taken in slices, interleaved, so that a noisy moment hits all


def main(seconds: float, connection_counts: list[int]) -> None:
    site = Site()
    all_accepted: dict[int, int] = {}
    targets = ("floor", "ishido", "magdagdon", "mishimash", "page")
    try:
        for connections in connection_counts:
            print(
                f"\n{connections} connections, {seconds:g} s each in {ROUNDS} interleaved slices"
                " (gunicorn, 2 workers, SQLite)"
            )
            totals = {target: (Stats(), 0.0) for target in targets}
            for _ in range(ROUNDS):
                for target in targets:
                    stats, took = run(site, target, connections, seconds / ROUNDS)
                    kept, spent = totals[target]
                    kept.latencies += stats.latencies
                    kept.sizes += stats.sizes
                    kept.errors += stats.errors
                    kept.dealt_late += stats.dealt_late
                    kept.server += stats.server
                    totals[target] = (kept, spent + took)
                    all_accepted.update(stats.accepted)
            floor_rate = len(totals["floor"][0].latencies) / totals["floor"][1]
            for target in targets:
                stats, took = totals[target]
                rate = len(stats.latencies) / took
                mean = sum(stats.sizes) / max(1, len(stats.sizes)) / 1024
                size = (
                    f"answers mean {mean:4.1f} KB, max {max(stats.sizes, default=0) / 1024:4.2f} KB"
                )
                p50, p99 = percentile(stats.latencies, 0.5), percentile(stats.latencies, 0.99)
                served = percentile(stats.server, 0.99)
                served_mean = sum(stats.server) / max(1, len(stats.server)) * 1000
                errors = f"  errors {stats.errors}" if stats.errors else ""
                if stats.dealt_late:
                    errors += f"  games dealt on the clock {stats.dealt_late}"
                print(
                    f"  {target:10} {rate:7.0f}/s  {rate / floor_rate:5.2f}× floor"
                    f"  client p50 {p50:5.1f} ms p99 {p99:6.1f} ms"
                    f"  server mean {served_mean:4.1f} p99 {served:5.1f} ms"
                    f"  {size}{errors}"
                )
    finally:
        site.stop()
    stored = dict(
        sqlite3.connect(site.tmp / "db.sqlite3")
        .execute("select game_id, count(*) from core_action group by game_id")
        .fetchall()
    )
    lost = {g: (n, stored.get(g, 0)) for g, n in all_accepted.items() if stored.get(g, 0) != n}
    print(
        f"\n{sum(all_accepted.values())} moves accepted in {len(all_accepted)} games; "
        f"stored exactly once: {'yes' if not lost else f'NO {lost}'}"
    )


if __name__ == "__main__":
    main(
        float(sys.argv[1]) if len(sys.argv) > 1 else 8,
        [int(n) for n in sys.argv[2:]] or [16, 64],
    )
