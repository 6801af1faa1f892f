"""Fit the coaches' value calibration (games/coach/calibration.py) on their self-play
(training/coach_selfplay.py) and write games/coach/data/calibration.json.

    python -m training.build_calibration --ishido test-artifacts/cal/ishido-fit.jsonl \
        --magdagdon peaceful=test-artifacts/cal/peaceful-fit.jsonl ...

- Ishido, per source ("hint", "review") and stones in the pouch k: the ratio of the summed
  realised final scores to the summed raw values of the decisions with k stones, pooled over
  k - 2 .. k + 2 (the games are few, and the ratio moves slowly with k).
- MAGDAGDON, per difficulty and empty cells e before the turn: the mean of final score less the
  plan's value over the decisions in e's bin (1-3, 4-8, 9-12, 13-16 empty cells).
- `par`: each game's mean realised final score (what review shares are of).
Prints each table's figures and how many games it rests on.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

from games.coach.calibration import DATA

POOL = 2  # stones either side pooled into one Ishido ratio


def _games(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def ishido_table(games: list[dict[str, Any]]) -> dict[str, Any]:
    sums: dict[str, dict[int, list[float]]] = {
        "hint": defaultdict(lambda: [0.0, 0.0]),
        "review": defaultdict(lambda: [0.0, 0.0]),
    }
    for game in games:
        for stones, hint, review in game["rows"]:
            for source, raw in (("hint", hint), ("review", review)):
                for k in range(stones - POOL, stones + POOL + 1):
                    sums[source][k][0] += game["final"]
                    sums[source][k][1] += raw
    ratios = {
        source: {
            str(k): round(final / raw, 4)
            for k, (final, raw) in sorted(table.items())
            if k >= 2 and raw > 0
        }
        for source, table in sums.items()
    }
    return ratios


BINS = ((1, 3), (4, 8), (9, 12), (13, 16))  # empty cells pooled into one MAGDAGDON offset


def magdagdon_table(games: list[dict[str, Any]]) -> dict[str, float]:
    """The offset by empty cells: the mean of final - value over the decisions whose empty cells
    fall in the same bin of `BINS` (one offset a bin: the games are few, and the error per
    number of empty cells swings by ±10 points)."""
    found = {}
    for low, high in BINS:
        errors = [g["final"] - v for g in games for e, v, _r in g["rows"] if low <= e <= high]
        offset = round(statistics.fmean(errors), 2) if errors else 0.0
        found |= {str(e): offset for e in range(low, high + 1)}
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ishido", type=Path, nargs="+")
    parser.add_argument(
        "--magdagdon", action="append", default=[], help="difficulty=path[,path...]"
    )
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    found: dict[str, Any] = {"par": {}, "games": {}}
    if args.ishido:
        games = [g for path in args.ishido for g in _games(path)]
        found["ishido"] = ishido_table(games)
        found["par"]["ishido"] = round(statistics.fmean(g["final"] for g in games), 1)
        found["games"]["ishido"] = len(games)
        print(
            f"ishido: {len(games)} games, par {found['par']['ishido']}, hint ratio at 66 "
            f"stones {found['ishido']['hint'].get('66')}, at 30 {found['ishido']['hint'].get('30')}"
        )
    found["magdagdon"] = {}
    for spec in args.magdagdon:
        difficulty, path = spec.split("=", 1)
        games = [g for one in path.split(",") for g in _games(Path(one))]
        found["magdagdon"][difficulty] = magdagdon_table(games)
        found["par"][f"magdagdon-{difficulty}"] = round(
            statistics.fmean(g["final"] for g in games), 1
        )
        found["games"][f"magdagdon-{difficulty}"] = len(games)
        print(
            f"magdagdon {difficulty}: {len(games)} games, par "
            f"{found['par'][f'magdagdon-{difficulty}']}, offsets {found['magdagdon'][difficulty]}"
        )
    args.out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
