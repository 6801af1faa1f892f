"""Ishido positions of every quality, each labelled by the coach's own play from there to the
end: the data Ishido's value model (games/coach/ishido/value.py) is fitted on
(training/build_ishido_values.py).

    nohup nice -n 10 python -m training.ishido_continuations \
        --out test-artifacts/ishido-cont.jsonl --games 1200 --minutes 25 &

Game `i` is `new_game` from `random.Random("cont-<i>")`. A prefix player (by `i`: the careful
greedy player, the first legal cell, a random cell, greedy with a random cell three times in
ten, or none) plays its first `t` stones (`t` drawn from `random.Random("cont-len-<i>")`, 0 to
66), then the HINT coach (`games.coach.ishido.HINT`, the review's reference) plays every stone
after, to the end. Every position from stone `t` on is then a position the coach plays on from,
and its label is the game's final score: the coach never sees the pouch's order, so the label's
expectation over the unseen order is the position's value under the coach's play.

From index `WEAK_FROM` (10000) on (`--first 10000`, a file of its own), the prefix player is
the first legal cell or a random cell, `t` from 0 to 40.

One JSON line a game, appended as it ends (the file is the checkpoint: a run resumes after the
last index written; `--minutes` ends a run after that long, between games, so a long job runs
in chunks): the index, the prefix player, `t`, every cell played in order, the final score.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from games.coach.ishido import HINT
from games.coach.ishido.board import Position, kind_of
from games.coach.ishido.policy import judge, live_mask
from games.rules import ishido

PLAYERS = ("greedy", "first legal", "random", "mixed", "coach")
LONGEST_PREFIX = 66
# From WEAK_FROM on, the prefixes are the weak players' only, shorter (their boards lock up
# early, so longer prefixes often end the game before the coach takes over)
WEAK_FROM = 10000
WEAK_PLAYERS = ("first legal", "random")
WEAK_LONGEST = 40


def greedy(state: ishido.State) -> int:
    """The fast policy's one look (benchmarks/baselines.py's careful greedy player)."""
    kind = kind_of(state.pouch[0])
    rest = [kind_of(s) for s in state.pouch[1:]]
    live = live_mask([rest.count(k) for k in range(36)])
    position = Position.from_board(state.board, state.four_ways, state.score)
    return max(sorted(state.legal_cells), key=lambda c: (judge(position, c, kind, live), -c))


def prefix_cell(player: str, state: ishido.State, pick: random.Random) -> int:
    cells = sorted(state.legal_cells)
    if player == "first legal":
        return cells[0]
    if player == "random" or (player == "mixed" and pick.random() < 0.3):
        return pick.choice(cells)
    return greedy(state)


def game(index: int) -> dict[str, Any]:
    if index >= WEAK_FROM:
        player = WEAK_PLAYERS[index % len(WEAK_PLAYERS)]
        longest = WEAK_LONGEST
    else:
        player = PLAYERS[index % len(PLAYERS)]
        longest = LONGEST_PREFIX
    length = 0 if player == "coach" else random.Random(f"cont-len-{index}").randint(0, longest)
    pick = random.Random(f"cont-pick-{index}")
    state = ishido.new_game(ishido.Options(), random.Random(f"cont-{index}"))
    cells: list[int] = []
    while not state.is_finished:
        if len(cells) < length:
            cell = prefix_cell(player, state, pick)
        else:
            cell = HINT.advise(state).cell
        cells.append(cell)
        state = ishido.apply(state, ishido.Place(cell))
    return {
        "index": index,
        "player": player,
        "t": min(length, len(cells)),
        "cells": cells,
        "final": state.final_score,
    }


def done(path: Path) -> int:
    """The next index to play: one after the last line written."""
    if not path.exists():
        return 0
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    return json.loads(lines[-1])["index"] + 1 if lines else 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--games", type=int, default=1200, help="indices first .. games-1 in all")
    parser.add_argument("--first", type=int, default=0, help="the first index of a new file")
    parser.add_argument("--minutes", type=float, default=25.0)
    args = parser.parse_args(argv)
    started = time.monotonic()
    index = max(args.first, done(args.out))
    while index < args.games and time.monotonic() - started < 60 * args.minutes:
        row = game(index)
        with args.out.open("a") as out:
            out.write(json.dumps(row) + "\n")
        index += 1


if __name__ == "__main__":
    main()
