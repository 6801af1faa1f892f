"""MAGDAGDON: server time and bytes per move, and the first load's weight over the wire.

    .venv/bin/python benchmarks/magdagdon_move.py [games]

Plays whole PEACEFUL games with a simple player (tests/magdagdon/helpers.py: a power in the
first turn, a REROLL at the first MAGDAGDON, RUINs after) through the Django test client, as
htmx POSTs like the browser, on a throw-away SQLite database. Prints ms/move and bytes/response
(raw and gzipped) per action type, then the first load of a game page (HTML + CSS + htmx,
gzipped as the server sends them).
"""

import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import gz, print_first_load, scratch_database  # noqa: E402, I001  (sets Django up first)

from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from games.core.models import Game  # noqa: E402
from tests.magdagdon.helpers import next_action  # noqa: E402

URL_NAMES = {"accept_magdagdon": "accept"}


def play(client: Client, games: int) -> None:
    times: dict[str, list[float]] = defaultdict(list)
    sizes: list[int] = []
    zipped: list[int] = []
    selects: list[float] = []
    for _ in range(games):
        client.post(reverse("magdagdon:new"), {"difficulty": "peaceful", "confirm": "on"})
        game = Game.objects.filter(status="active").latest("pk")
        while game.is_active:
            action = next_action(game.state)
            data = {k: v for k, v in action.to_dict().items() if k != "type"}
            if "die" in data:  # the tap on the die first: a GET of the board with ?die=K
                start = time.perf_counter()
                client.get(
                    f"{game.get_absolute_url()}?die={data['die']}", headers={"HX-Request": "true"}
                )
                selects.append((time.perf_counter() - start) * 1000)
            url = reverse(f"magdagdon:{URL_NAMES.get(action.TYPE, action.TYPE)}", args=[game.pk])
            start = time.perf_counter()
            response = client.post(
                url, {"version": game.version, **data}, headers={"HX-Request": "true"}
            )
            times[action.TYPE].append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (response.status_code, response.content[:500])
            sizes.append(len(response.content))
            zipped.append(gz(response.content))
            game.refresh_from_db()
    every = [t for values in times.values() for t in values]
    print(f"{len(every)} moves in {games} games")
    print(
        f"server time per move: median {statistics.median(every):.1f} ms, "
        f"p95 {sorted(every)[int(len(every) * 0.95)]:.1f} ms"
    )
    for kind, values in sorted(times.items()):
        print(f"  {kind:17} {len(values):4} × median {statistics.median(values):.1f} ms")
    print(f"die selection (GET ?die=K, htmx): median {statistics.median(selects):.1f} ms")
    print(
        f"response per move: median {statistics.median(sizes):.0f} bytes raw, "
        f"{statistics.median(zipped):.0f} bytes gzipped (max {max(zipped)})"
    )


def first_load(client: Client) -> None:
    client.post(reverse("magdagdon:new"), {"difficulty": "peaceful", "confirm": "on"})
    game = Game.objects.filter(status="active").latest("pk")
    client.post(reverse("magdagdon:roll", args=[game.pk]), {"version": 0})
    page = client.get(f"{game.get_absolute_url()}?die=0", headers={"Accept-Encoding": "gzip"})
    print_first_load(
        page, ("css/magdagdon.css", "magdagdon/board.js"), "a rolled turn, a die selected"
    )


def main(games: int) -> None:
    with scratch_database():
        client = Client()
        play(client, games)
        first_load(client)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
