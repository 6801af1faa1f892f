"""Server time and bytes of each game's moves, in this process, and each game page's first load.

    .venv/bin/python benchmarks/moves.py [moves per game]

Plays random legal moves (benchmarks/players.py) of each game through the Django test client,
as htmx POSTs like the browser, on a throw-away SQLite database; prints ms per move (process
time: a busy shared machine distorts it less than wall time) and bytes per answer, raw and
gzipped, next to a plain HttpResponse view served the same way; then the first load of a game
page (HTML + CSS + JS + htmx, gzipped as the server sends them).
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import gz, print_first_load, scratch_database  # noqa: E402, I001  (sets Django up first)

from django.contrib.sessions.backends.signed_cookies import SessionStore  # noqa: E402
from django.test import Client  # noqa: E402

from games.core.kinds import get_kind  # noqa: E402
from games.core.models import Game, Player  # noqa: E402
from players import OPTIONS, RULES, choose, move_request  # noqa: E402

ASSETS = {
    "ishido": ("css/ishido.css", "ishido/board.js"),
    "magdagdon": ("css/magdagdon.css", "magdagdon/board.js"),
    "mishimash": ("css/mishimash.css", "mishimash/board.js"),
}


def new_game(client: Client, game: str, seed: str) -> tuple[Game, object, random.Random]:
    player = Player.objects.create(nickname="Bench")
    session = SessionStore()
    session["player_id"] = player.pk
    session.save()
    client.cookies["sessionid"] = session.session_key
    record = Game.start(player, get_kind(game), OPTIONS[game], seed=seed)
    rng = random.Random(seed)
    return record, RULES[game].new_game(OPTIONS[game], rng), rng


def play(game: str, moves: int) -> None:
    client, pick = Client(), random.Random(game)
    times, sizes, zipped = [], [], []
    record, state, rng = new_game(client, game, f"{game}-0")
    version = 0
    while len(times) < moves:
        if state.is_finished:
            record, state, rng = new_game(client, game, f"{game}-{len(times)}")
            version = 0
        action = choose(game, state, pick)
        suffix, fields = move_request(game, action, state)
        data: dict[str, object] = {"version": version}
        for name, value in fields:
            if name in ("dice", "hints"):  # repeated fields, as a form sends them
                data.setdefault(name, []).append(value)  # type: ignore[union-attr]
            else:
                data[name] = value
        started = time.process_time()
        response = client.post(
            f"/{game}/{record.pk}/{suffix}/", data, headers={"HX-Request": "true"}
        )
        times.append((time.process_time() - started) * 1000)
        assert response.status_code == 200, (response.status_code, action)
        sizes.append(len(response.content))
        zipped.append(gz(response.content))
        state, version = RULES[game].apply(state, action, rng), version + 1
    print(
        f"{game:10} {statistics.median(times):5.2f} ms per move (median), "
        f"answers median {statistics.median(sizes):5.0f} bytes raw, max {max(sizes):5d}, "
        f"{statistics.median(zipped):4.0f} gzipped"
    )
    page = client.get(record.get_absolute_url(), headers={"Accept-Encoding": "gzip"})
    print_first_load(page, ASSETS[game], game)


def main(moves: int) -> None:
    with scratch_database():
        for game in RULES:
            play(game, moves)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
