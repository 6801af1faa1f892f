"""Self-play of the coaches as the site plays them, every decision's predicted values kept
beside the game's realised final result: the data the values' calibration is fitted on
(training/build_calibration.py) and checked against (benchmarks/coach_calibration.py).

    nice -n 10 python -m training.coach_selfplay ishido --prefix fit --first 0 --games 100 \
        --out test-artifacts/ishido-fit.jsonl

One JSON line per finished game, appended as it ends (a run stopped midway keeps its games;
`--first` resumes after the last one written): the seed's index, the final result and, per
decision, `[stones or cells to come, hint value, review value]`:

- Ishido: the game is `new_game` from `random.Random("<prefix>-<index>")`, played by the HINT
  coach (`games.coach.ishido.HINT`); per placement the stones in the pouch (the current one
  included), the hint's *raw* value of its cell (the mean of its playouts) and the review's raw
  value of the same cell (`review.ishido_values`, the fast policy's playouts).
- MAGDAGDON: `new_game(Options(difficulty), random.Random("<prefix>-<difficulty>-<index>"))`
  played by `plan.advise`; per turn's decision the empty cells before it, and the coach plan's
  raw value (the same for the hint and the review).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from games.coach.ishido import HINT
from games.coach.ishido import review as ishido_review
from games.coach.magdagdon import plan as magdagdon_plan
from games.rules import ishido, magdagdon


def ishido_game(prefix: str, index: int) -> dict[str, Any]:
    state = ishido.new_game(ishido.Options(), random.Random(f"{prefix}-{index}"))
    rows = []
    while not state.is_finished:
        values = HINT.raw_values(state)
        cell = values[0][0].cell
        review = ishido_review.raw_values(state, [cell])[cell]
        rows.append([len(state.pouch), round(values[0][1], 2), round(review, 2)])
        state = ishido.apply(state, ishido.Place(cell))
    return {"index": index, "final": state.final_score, "rows": rows}


def magdagdon_game(prefix: str, difficulty: str, index: int) -> dict[str, Any]:
    rng = random.Random(f"{prefix}-{difficulty}-{index}")
    state = magdagdon.new_game(magdagdon.Options(magdagdon.Difficulty(difficulty)), rng)
    rows = []
    while not state.is_finished:
        if state.phase != magdagdon.ROLLING and not state.staged:
            value = magdagdon_plan.turn_plan(state).value
            rows.append([state.board.count(None), round(value, 3), round(value, 3)])
        state = magdagdon.apply(state, magdagdon_plan.advise(state), rng)
    return {"index": index, "final": magdagdon.live_score(state).total, "rows": rows}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=("ishido", "peaceful", "survival", "nightmare"))
    parser.add_argument("--prefix", default="fit")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    for index in range(args.first, args.first + args.games):
        if args.game == "ishido":
            game = ishido_game(args.prefix, index)
        else:
            game = magdagdon_game(args.prefix, args.game, index)
        with args.out.open("a") as out:
            out.write(json.dumps(game) + "\n")


if __name__ == "__main__":
    main()
