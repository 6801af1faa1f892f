"""One address floods HINT and review pages; a bystander at another address measures its own
ordinary page, quiet and under the flood (issue 29, item 2: within 1.5× of its quiet p50).

The site is served as `scripts/run` serves it (gunicorn, 2 sync workers, a file SQLite database,
the database cache table) behind one trusted proxy (PROXY_COUNT=1), so each client names its
address in X-Forwarded-For. The flooder, at 203.0.113.7, runs FLOODERS connections at once, each
the player of its own Ishido game: it asks for a hint, plays the hinted move (so the next hint
is for a new version, which the cache does not hold) and GETs the review page of a finished
game: first hints alone (with their moves), then hints and reviews, at RATE rounds a second
(the issue's attack: 24 hints a second, sent whatever the answers), then both again as fast as
answers come (a closed loop that keeps both workers busy: printed, with no goal). The
bystander, at 198.51.100.2, GETs /leaderboards/ one request after another. Printed: the
bystander's p50 and p90 alone and under the flood, their ratio, and what the flood's requests
were answered (200, 429, other).

    .venv/bin/python benchmarks/hint_flood.py [seconds per phase] [flooders] [rate]
"""

from __future__ import annotations

import collections
import http.client
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
sys.path[:0] = [str(ROOT), str(HERE)]

from players import move_request  # noqa: E402
from served import start_gunicorn, throwaway_env  # noqa: E402

FLOOD_ADDRESS, BYSTANDER_ADDRESS = "203.0.113.7", "198.51.100.2"
FINISHED = 6  # finished games whose review pages the flood asks for
HINTED = re.compile(rb'data-hint="([^"]+)"')


class Site:
    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp())
        self.env = throwaway_env(self.tmp, PROXY_COUNT="1")
        for command in (["migrate", "-v0"], ["createcachetable"]):
            subprocess.run(
                [BIN / "python", "manage.py", *command], cwd=ROOT, env=self.env, check=True
            )
        self.server, base = start_gunicorn(self.env)
        self.port = int(base.rsplit(":", 1)[1])
        os.environ.update({k: self.env[k] for k in ("SQLITE_PATH", "SECRET_KEY", "PROXY_COUNT")})
        os.environ["DJANGO_SETTINGS_MODULE"] = "cubiri.settings"
        import django

        django.setup()

    def request(
        self, method: str, path: str, address: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body, {**headers, "X-Forwarded-For": address})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def stop(self) -> None:
        os.killpg(self.server.pid, signal.SIGTERM)
        self.server.wait()


def player_headers(player_id: int) -> dict[str, str]:
    from django.contrib.sessions.backends.signed_cookies import SessionStore

    session = SessionStore()
    session["player_id"] = player_id
    session.save()
    token = secrets.token_hex(16)
    return {
        "Cookie": f"sessionid={session.session_key}; csrftoken={token}",
        "X-CSRFToken": token,
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
    }


def new_ishido(player: object, seed: str) -> object:
    from games.core.kinds import get_kind
    from games.core.models import Game
    from games.rules import ishido

    return Game.start(player, get_kind("ishido"), ishido.Options(), seed=seed)


def finished_games() -> list[int]:
    from games.core.models import Player
    from games.rules import ishido

    owner, ids = Player.objects.create(nickname="Finisher"), []
    for number in range(FINISHED):
        game = new_ishido(owner, f"finished-{number}")
        while game.is_active:
            game.apply_action(ishido.Place(min(game.state.legal_cells)), game.version)
        ids.append(game.pk)
    return ids


class Flooder:
    """One connection of the flood: the player of one Ishido game, at the flood's address."""

    def __init__(self, site: Site, number: int, reviews: list[int], seen: collections.Counter):
        from games.core.models import Player

        self.site, self.reviews, self.seen = site, reviews, seen
        self.player = Player.objects.create(nickname=f"Flood{number}")
        self.headers = player_headers(self.player.pk)
        self.rng = random.Random(number)
        self.fresh()

    def fresh(self) -> None:
        self.game = new_ishido(self.player, f"flood-{self.player.pk}-{time.time()}")
        self.version = 0

    def send(self, what: str, method: str, path: str, fields: list[tuple[str, object]]) -> bytes:
        body = urllib.parse.urlencode(fields).encode()
        status, content = self.site.request(method, path, FLOOD_ADDRESS, self.headers, body)
        self.seen[what, status] += 1
        return content if status == 200 else b""

    def round(self, reviews: bool) -> None:
        from games.rules import ishido

        fields = [("version", self.version), ("confirm", "1")]
        answer = self.send("hint", "POST", f"/hint/{self.game.pk}/", fields)
        if hinted := HINTED.search(answer):
            action = ishido.action_from_text(hinted.group(1).decode())
            suffix, move = move_request("ishido", action)
            path = f"/ishido/{self.game.pk}/{suffix}/"
            if self.send("move", "POST", path, [("version", self.version), *move]):
                self.version += 1
            else:
                self.fresh()  # the game ended (or the move was refused): a new one
        if reviews:
            self.send("review", "GET", f"/review/{self.rng.choice(self.reviews)}/", [])


def bystander(site: Site, stop: float) -> list[float]:
    latencies = []
    while time.perf_counter() < stop:
        started = time.perf_counter()
        status, _ = site.request("GET", "/leaderboards/", BYSTANDER_ADDRESS, {})
        assert status == 200, status
        latencies.append(time.perf_counter() - started)
    return latencies


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def flood(flooder: Flooder, stop: float, reviews: bool, every: float) -> None:
    """Rounds until `stop`: one every `every` seconds (a paced flood, as a script sends it
    whatever the answers), or as fast as answers come (`every` 0)."""
    due = time.perf_counter()
    while time.perf_counter() < stop:
        flooder.round(reviews)
        if every:
            due += every
            time.sleep(max(0.0, due - time.perf_counter()))


def main(seconds: float, flooders: int, rate: float) -> None:
    site = Site()
    results = []
    try:
        reviews = finished_games()
        crowd_seen: collections.Counter[tuple[str, int]] = collections.Counter()
        crowd = [Flooder(site, number, reviews, crowd_seen) for number in range(flooders)]
        quiet = bystander(site, time.perf_counter() + seconds)
        for with_reviews, paced in ((False, rate), (True, rate), (False, 0), (True, 0)):
            crowd_seen.clear()
            stop = time.perf_counter() + seconds
            every = flooders / paced if paced else 0.0
            threads = [
                threading.Thread(target=flood, args=(f, stop, with_reviews, every)) for f in crowd
            ]
            for thread in threads:
                thread.start()
            loud = bystander(site, stop)
            for thread in threads:
                thread.join()
            results.append((with_reviews, paced, loud, collections.Counter(crowd_seen)))
    finally:
        site.stop()
    q50 = percentile(quiet, 0.5)
    print(
        f"{flooders} flood connections from one address, {seconds:g} s a phase; the bystander"
        f" GETs /leaderboards/ from another.\n"
        f"quiet: bystander p50 {q50:.1f} ms, p90 {percentile(quiet, 0.9):.1f} ms"
        f" ({len(quiet)} requests)"
    )
    for with_reviews, paced, loud, seen in results:
        l50 = percentile(loud, 0.5)
        how = f"{paced:g} rounds a second" if paced else "as fast as answers come"
        print(
            f"flood of hints{' and reviews' if with_reviews else ''}, {how}: bystander p50"
            f" {l50:.1f} ms, p90 {percentile(loud, 0.9):.1f} ms ({len(loud)} requests);"
            f" p50 ratio {l50 / q50:.2f}× quiet"
            + (" (goal: within 1.5×)" if paced else " (a closed-loop flood: no goal)")
        )
        for what in ("hint", "move", "review"):
            answers = {status: n for (kind, status), n in sorted(seen.items()) if kind == what}
            if answers:
                print(f"  {what:6} {sum(answers.values()):5} requests, answered {answers}")
        hints = sum(n for (kind, _), n in seen.items() if kind == "hint")
        print(f"  hints refused with 429: {seen['hint', 429]} of {hints}")


if __name__ == "__main__":
    main(
        float(sys.argv[1]) if len(sys.argv) > 1 else 10,
        int(sys.argv[2]) if len(sys.argv) > 2 else 4,
        float(sys.argv[3]) if len(sys.argv) > 3 else 24,
    )
