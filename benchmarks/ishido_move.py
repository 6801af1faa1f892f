"""Ishido: server time and bytes per move, and the first load's weight over the wire.

    .venv/bin/python benchmarks/ishido_move.py [games]

Plays whole games through the Django test client (htmx POSTs, like the browser) on a
throw-away SQLite database and prints ms/move and bytes/response (raw and gzipped), then the
first load of a game page: HTML + CSS + JS + htmx, gzipped as the server sends them.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import gz, print_first_load, scratch_database  # noqa: E402, I001  (sets Django up first)

from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from games.core.models import Game  # noqa: E402


def main(games: int) -> None:
    with scratch_database():
        client = Client()
        times, sizes, zipped = [], [], []
        for _ in range(games):
            client.post(reverse("ishido:new"), {"confirm": "on"})
            game = Game.objects.filter(status="active").latest("pk")
            url = reverse("ishido:place", args=[game.pk])
            while game.is_active:
                cell = min(game.state.legal_cells)
                start = time.perf_counter()
                response = client.post(
                    url, {"cell": cell, "version": game.version}, headers={"HX-Request": "true"}
                )
                times.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200, response.status_code
                sizes.append(len(response.content))
                zipped.append(gz(response.content))
                game.refresh_from_db()
        print(f"{len(times)} moves in {games} games")
        print(
            f"server time per move: median {statistics.median(times):.1f} ms, "
            f"p95 {sorted(times)[int(len(times) * 0.95)]:.1f} ms"
        )
        print(
            f"response per move: median {statistics.median(sizes):.0f} bytes raw, "
            f"{statistics.median(zipped):.0f} bytes gzipped"
        )

        client.post(reverse("ishido:new"), {"confirm": "on"})
        game = Game.objects.filter(status="active").latest("pk")
        page = client.get(game.get_absolute_url(), headers={"Accept-Encoding": "gzip"})
        print_first_load(page, ("css/ishido.css", "ishido/board.js"))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
