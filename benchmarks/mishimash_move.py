"""MISHIMASH move cost: prints numbers, asserts nothing (performance is never a test).

    .venv/bin/python benchmarks/mishimash_move.py [moves]

1. The rules alone over a long 8-player game: load the stored snapshot, apply, dump it again
   (what the server does per move), and the snapshot's size.
2. Whole requests through Django's test client on a throw-away SQLite database: a bot plays
   `moves` moves (htmx POSTs, and one preview GET per selection), printing CPU ms per request
   (process time, so a busy shared machine distorts it less than wall time) and bytes per
   response.
3. The first load of the play page: HTML, CSS and htmx, raw and gzipped.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import print_first_load, scratch_database  # noqa: E402, I001  (sets Django up first)

from django.test import Client  # noqa: E402

from games.core.kinds import get_kind  # noqa: E402
from games.core.models import Game, Player  # noqa: E402
from games.rules import mishimash as rules  # noqa: E402
from tests.rules.test_mishimash_support import bot_action, bot_states, decode  # noqa: E402


def best_of(runs: int, measure) -> float:  # type: ignore[no-untyped-def]
    """The fastest of several runs: the machine is shared, the minimum is the honest cost."""
    return min(measure() for _ in range(runs))


def rules_only() -> None:
    options = rules.Options(tuple(f"P{i}" for i in range(8)), target=1000)
    states, codes = bot_states(5, options, 40)
    pairs = []
    rng = random.Random(5)
    for state, code in zip(states, codes, strict=False):
        pairs.append((json.loads(json.dumps(state.to_dict())), code, rng.getstate()))
        rules.apply(state, decode(code, state.current), rng)

    def measure() -> float:
        start = time.process_time()
        for snapshot, code, rng_state in pairs:
            state = rules.State.from_dict(snapshot)
            rng = random.Random()
            rng.setstate(rng_state)
            after = rules.apply(state, decode(code, state.current), rng)
            json.dumps(after.to_dict())
        return (time.process_time() - start) / len(pairs)

    sizes = [len(json.dumps(s.to_dict())) for s in states]
    per_move = best_of(5, measure)
    print(
        f"rules: {len(codes)} moves of an 8-player game to 1000 ({len(states[-1].log)} events kept"
    )
    print(f"  at the end, {states[-1].events_so_far} in all)")
    print(f"  load snapshot + apply + dump: {per_move * 1e3:.3f} CPU ms/move (best of 5)")
    print(f"  snapshot JSON: mean {statistics.mean(sizes):.0f} B, max {max(sizes)} B")


def requests(moves: int) -> None:
    client = Client()
    client.get("/")
    client.post("/nickname/", {"nickname": "Bench"})
    player = Player.objects.get(pk=client.session["player_id"])
    kind = get_kind("mishimash")
    game = Game.start(player, kind, rules.Options(("Anna", "Béla", "Cyril"), 1000), seed="bench")
    posts: list[tuple[float, int]] = []
    gets: list[tuple[float, int]] = []
    htmx = {"HX-Request": "true"}
    base = game.get_absolute_url()
    for _ in range(moves):
        game.refresh_from_db()
        if not game.is_active:
            break
        state = game.state
        action = bot_action(state, 40)
        data = {"version": game.version, "player": state.current}
        if isinstance(action, rules.Roll):
            name = "roll"
        else:
            name = "bank" if isinstance(action, rules.SelectAndBank) else "roll-again"
            data["dice"] = list(action.dice)
            query = "&".join(f"dice={i}" for i in action.dice)
            start = time.process_time()
            response = client.get(f"{base}?{query}", headers=htmx)
            gets.append((time.process_time() - start, len(response.content)))
        start = time.process_time()
        response = client.post(f"{base}{name}/", data, headers=htmx)
        posts.append((time.process_time() - start, len(response.content)))
        assert response.status_code == 200, response.content[:300]
    game.refresh_from_db()
    print(f"requests (Django test client, SQLite): {len(posts)} moves, {len(gets)} previews;")
    print("  CPU time of this process per request (the test client's own work included)")
    for label, rows in (("move POST (htmx)", posts), ("preview GET (htmx)", gets)):
        times = sorted(t for t, _ in rows)
        sizes = [b for _, b in rows]
        print(
            f"  {label}: median {statistics.median(times) * 1e3:.2f} ms, "
            f"p90 {times[int(len(times) * 0.9)] * 1e3:.2f} ms; "
            f"response {statistics.mean(sizes):.0f} B mean, {max(sizes)} B max"
        )
    print(f"  stored snapshot now: {len(json.dumps(game.snapshot))} B")
    page = client.get(base, headers={"Accept-Encoding": "gzip"})
    print_first_load(page, ("css/mishimash.css",), "the play page")


if __name__ == "__main__":
    rules_only()
    with scratch_database():
        requests(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
