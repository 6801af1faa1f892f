"""Ishido games of weak players with the coach's cell beside every placement: one-step pairs for
Ishido's value model (training/build_ishido_values.py, `--steps`).

    nohup nice -n 10 python -m training.ishido_steps --out test-artifacts/ishido-steps.jsonl \
        --games 2000 --minutes 25 &

Game `i` is `new_game` from `random.Random("steps-<i>")`, played to its end by a weak player (by
`i`: the careful greedy player, the first legal cell, a random cell, greedy with a random cell
three times in ten; training/ishido_continuations.py's); at every placement the HINT coach's cell
for the same position is kept too. A pair is the position a weak placement leaves and, with the
next stone, the position the coach's cell would leave: the model's value of the first is fitted
to the points of the coach's placement plus its value of the second (the coach's own play one
step on), so the model stays consistent on boards the coach would never build, where the
continuations (whole games the coach finishes) are few.

One JSON line a game, appended as it ends (the file is the checkpoint: a run resumes after the
last index written; `--minutes` ends a run after that long, between games): the index, the
player, every cell played and the coach's cell for each.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from games.coach.ishido import HINT
from games.rules import ishido
from training.ishido_continuations import done, prefix_cell

PLAYERS = ("greedy", "first legal", "random", "mixed")


def game(index: int) -> dict[str, Any]:
    player = PLAYERS[index % len(PLAYERS)]
    pick = random.Random(f"steps-pick-{index}")
    state = ishido.new_game(ishido.Options(), random.Random(f"steps-{index}"))
    cells: list[int] = []
    coach: list[int] = []
    while not state.is_finished:
        coach.append(HINT.advise(state).cell)
        cell = prefix_cell(player, state, pick)
        cells.append(cell)
        state = ishido.apply(state, ishido.Place(cell))
    return {"index": index, "player": player, "cells": cells, "coach": coach}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--games", type=int, default=2000, help="indices first .. games-1 in all")
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
