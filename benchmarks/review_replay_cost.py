"""What a request costs on a long game: server CPU and bytes of its game, replay and review
pages for a ~10,000-action game next to a ~10-action one and Django's floor (a plain
HttpResponse behind the same middleware), in one run, in-process (Django's test client).

The long game is a solo MISHIMASH game to a target of 32,000 (stored as older games could be;
new games are bounded at 10,000): every 50th move stored a checkpoint, so a replay page applies
at most 49 actions and lists 100 moves. Its review is analysed by the background worker's own
function (games.core.review.store.analyse), timed apart: no page does that work.

    .venv/bin/python benchmarks/review_replay_cost.py [repeats]
"""

from __future__ import annotations

import statistics
import sys
import time

from django.conf import settings  # noqa: E402
from django.test import Client  # noqa: E402
from inprocess import scratch_database

from games.core.kinds import get_kind  # noqa: E402
from games.core.models import Game, Player  # noqa: E402
from games.core.review import store  # noqa: E402
from games.rules import mishimash  # noqa: E402


def move(state: mishimash.State) -> mishimash.Action:
    """Set aside every scoring die showing; bank at 30 turn points or more."""
    moves = mishimash.legal_actions(state)
    if len(moves) == 1:
        return moves[0]
    best = max(
        (a for a in moves if isinstance(a, mishimash.SelectAndBank)),
        key=lambda a: (len(a.dice), a.dice),
    )
    if state.turn_halves + (state.selection_halves(best.dice) or 0) >= 60:
        return best
    return mishimash.SelectAndRollAgain(best.player, best.dice)


def played(player: Player, target: int, seed: str) -> Game:
    game = Game.start(player, get_kind("mishimash"), mishimash.Options(("Ada",), target), seed=seed)
    while game.is_active:
        game.apply_action(move(game.state), game.version)
    return game


def cost(client: Client, path: str, repeats: int) -> tuple[float, int, int]:
    """Median server CPU (ms), bytes and status of GET `path`."""
    times, size, status = [], 0, 0
    for _ in range(repeats):
        started = time.process_time()
        response = client.get(path)
        times.append(1000 * (time.process_time() - started))
        size, status = len(response.content), response.status_code
    return statistics.median(times), size, status


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    settings.ROOT_URLCONF = "floor_urls"
    settings.CREATION_LIMITS = {**settings.CREATION_LIMITS, "review": 1000}
    with scratch_database():
        client = Client()
        client.post("/nickname/", {"nickname": "Bench"})  # the client's own player
        player = Player.objects.get(pk=client.session["player_id"])
        started = time.monotonic()
        long = played(player, 32_000, "bench-long")
        built = time.monotonic() - started
        short = played(player, 25, "bench-short")
        rows: list[tuple[str, str, tuple[float, int, int], tuple[float, int, int]]] = []
        floor = cost(client, "/floor/", repeats)
        for label, path in (
            ("game page", "{}"),
            ("replay, end", "/replay/{}/"),
            ("replay, start", "/replay/{}/?step=0"),
            ("replay, middle", "/replay/{}/?step={}"),
            ("review, queued", "/review/{}/"),
        ):
            measured = []
            for game in (short, long):
                last = game.actions.count()
                url = game.get_absolute_url() if path == "{}" else path.format(game.pk, last // 2)
                measured.append(cost(client, url, repeats))
            rows.append((label, path, measured[0], measured[1]))
        worker = []
        for game in (short, long):
            began = time.process_time()
            store.analyse(game.pk)
            worker.append(time.process_time() - began)
        for label in ("review, stored",):
            measured = [cost(client, f"/review/{g.pk}/", repeats) for g in (short, long)]
            rows.append((label, "", measured[0], measured[1]))
        print(
            f"long game: {long.actions.count()} actions (played in {built:.0f} s), "
            f"short game: {short.actions.count()} actions; median of {repeats} GETs each"
        )
        print(f"floor: {floor[0]:.2f} ms CPU, {floor[1]} B")
        print(
            f"{'page':<16}{'short ms':>10}{'long ms':>10}{'long/short':>11}{'long/floor':>11}"
            f"{'short B':>10}{'long B':>10}"
        )
        for label, _, s, lg in rows:
            print(
                f"{label:<16}{s[0]:>10.2f}{lg[0]:>10.2f}{lg[0] / s[0]:>11.2f}"
                f"{lg[0] / floor[0]:>11.1f}{s[1]:>10}{lg[1]:>10}"
                + ("" if s[2] == lg[2] == 200 else f"  (status {s[2]}, {lg[2]})")
            )
        review = store.Review.objects.get(game=long)
        print(
            f"worker (off the request path): short {worker[0]:.2f} s, long {worker[1]:.1f} s "
            f"CPU for {review.total} decisions"
        )


if __name__ == "__main__":
    main()
