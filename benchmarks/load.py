"""Moves under load: gunicorn (2 workers, as `scripts/run`) on a file SQLite database.

Several players play Ishido at once, each move an htmx POST answered by the board partial, and
the script prints moves per second and latency percentiles next to a light page read in the
same run (the machine's noise is large: compare the two, not absolute numbers). At the end it
checks the database: every accepted move is stored exactly once, none lost, none doubled.

    .venv/bin/python benchmarks/load.py [players] [seconds]
"""

import re
import sqlite3
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import gunicorn_site  # noqa: E402


class Visitor:
    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        self.opener.open(base + "/ishido/new/", timeout=30).read()

    def post(self, path: str, data: dict[str, object], htmx: bool = False) -> tuple[int, str, str]:
        jar = next(h.cookiejar for h in self.opener.handlers if hasattr(h, "cookiejar"))
        token = next(c.value for c in jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **data}).encode()
        headers = {"Referer": self.base}
        if htmx:
            headers["HX-Request"] = "true"
        request = urllib.request.Request(self.base + path, body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, "", error.read().decode()


def parse(html: str) -> tuple[int, list[int]]:
    """The board's version and legal cells; no cells once the game has ended."""
    found = re.search(r'name="version" value="(\d+)"', html)
    if found is None:
        return -1, []
    legal = [int(c) for c in re.findall(r'data-cell="(\d+)"[^>]*data-legal', html)]
    return int(found.group(1)), legal


def player(base: str, stop: float, latencies: list[float], accepted: dict[int, int]) -> None:
    visitor = Visitor(base)
    while time.time() < stop:
        status, url, html = visitor.post("/ishido/new/", {"confirm": "1"})
        game_id = int(re.search(r"/ishido/(\d+)/", url).group(1))
        accepted[game_id] = 0
        version, legal = parse(html)
        while legal and time.time() < stop:
            started = time.perf_counter()
            status, _, html = visitor.post(
                f"/ishido/{game_id}/place/", {"cell": legal[0], "version": version}, htmx=True
            )
            latencies.append(time.perf_counter() - started)
            assert status == 200, status
            accepted[game_id] += 1
            version, legal = parse(html)


def reads(base: str, stop: float, latencies: list[float]) -> None:
    opener = urllib.request.build_opener()
    while time.time() < stop:
        started = time.perf_counter()
        opener.open(base + "/leaderboards/", timeout=30).read()
        latencies.append(time.perf_counter() - started)


def report(name: str, latencies: list[float], seconds: float) -> None:
    latencies.sort()
    n = len(latencies)
    p = lambda q: latencies[min(n - 1, int(q * n))] * 1000  # noqa: E731
    print(f"{name:28} {n / seconds:7.0f}/s   p50 {p(0.5):6.1f} ms   p99 {p(0.99):6.1f} ms")


def main(players: int, seconds: float) -> None:
    with gunicorn_site() as (base, db):
        for label, run in (
            ("page reads (/leaderboards/)", "reads"),
            ("moves (htmx POST)", "moves"),
        ):
            latencies: list[float] = []
            accepted: dict[int, int] = {}
            stop = time.time() + seconds
            if run == "reads":
                threads = [
                    threading.Thread(target=reads, args=(base, stop, latencies))
                    for _ in range(players)
                ]
            else:
                threads = [
                    threading.Thread(target=player, args=(base, stop, latencies, accepted))
                    for _ in range(players)
                ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            report(f"{label}, {players} clients", latencies, seconds)
        stored = dict(
            sqlite3.connect(db)
            .execute("select game_id, count(*) from core_action group by game_id")
            .fetchall()
        )
        lost = {g: (n, stored.get(g, 0)) for g, n in accepted.items() if stored.get(g, 0) != n}
        print(
            f"{sum(accepted.values())} moves accepted in {len(accepted)} games; "
            f"stored exactly once: {'yes' if not lost else f'NO {lost}'}"
        )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 8,
        float(sys.argv[2]) if len(sys.argv) > 2 else 10,
    )
