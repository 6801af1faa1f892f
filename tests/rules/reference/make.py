"""Write the reference games: `python -m tests.rules.reference.make` (pure Python, no Django).

Plays seeded games, choosing uniformly among `legal_actions` with a separate seeded
`random.Random`, and writes `tests/rules/reference/<game>.txt` (the format is described in
`tests/support/reference.py`). Deterministic: running it again writes the same files,
unless the rules changed, which is what the reference test is there to notice.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

from tests.support.reference import GAMES, ReferenceGame, format_line, path, result, rules

GAMES_PER_FILE = 300
# MISHIMASH: (players, target); small targets keep the games (and the file) short.
MISHIMASH_TABLES = [
    (["Anna"], 10),
    (["Anna"], 30),
    (["Anna"], 60),
    (["Anna"], 100),
    (["Anna", "Béla"], 20),
    (["Anna", "Béla"], 50),
    (["Anna", "Béla", "Cili"], 30),
    (["Anna", "Béla", "Cili", "Dani"], 20),
]
DIFFICULTIES = ["peaceful", "survival", "nightmare"]


def options_for(game: str, number: int) -> dict[str, Any]:
    if game == "magdagdon":
        return {"difficulty": DIFFICULTIES[number % len(DIFFICULTIES)]}
    if game == "mishimash":
        players, target = MISHIMASH_TABLES[number % len(MISHIMASH_TABLES)]
        return {"players": players, "target": target}
    return {}


def play(game: str, number: int) -> ReferenceGame:
    """One random-legal game; the seed is the string the site would pass to random.Random."""
    module = rules(game)
    seed = f"{game}-{number:03d}"
    options = options_for(game, number)
    rng, pick = random.Random(seed), random.Random(number)
    state = module.new_game(module.Options.from_dict(options), rng)
    texts = []
    while not state.is_finished:
        action = pick.choice(module.legal_actions(state))
        texts.append(action.text())
        state = module.apply(state, action, rng)
    return ReferenceGame(game, seed, options, tuple(texts), result(game, state))


def lines(game: str) -> Iterator[str]:
    yield f"# {game} reference games, written by `python -m tests.rules.reference.make`."
    yield "# seed<TAB>options JSON<TAB>action texts joined by '; '<TAB>result JSON"
    for number in range(GAMES_PER_FILE):
        yield format_line(play(game, number))


def main(games: list[str]) -> None:
    for game in games or GAMES:
        path(game).write_text("".join(f"{line}\n" for line in lines(game)), encoding="utf-8")
        print(f"{path(game)}: {path(game).stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
