"""Do the coaches' values mean what they say? Predicted against realised final results of the
coach's own play, at the start, mid-game and late, per game and difficulty.

    .venv/bin/python benchmarks/coach_calibration.py \
        --ishido ishido-fit.jsonl ishido-check2.jsonl \
        --ishido-review ishido-cont.jsonl ishido-weak.jsonl --ishido-steps ishido-steps.jsonl \
        --magdagdon peaceful=peaceful-fit.jsonl,peaceful-check.jsonl \
        ... [--mishimash 200]

Ishido's hint and MAGDAGDON read two folds of self-play written by training/coach_selfplay.py
(seeds "fit-" and "check-"); Ishido's review, the continuations of
training/ishido_continuations.py (its own model, `ishido_review`). Cross-fitted: the
calibration fitted on one fold as training/build_calibration.py fits the shipped table (on
both) calibrates the other fold's raw values, and the other way round, so every prediction is
out of sample. MISHIMASH plays its solo
games here (`--mishimash` games per target, `random.Random("calibrate-<target>-<g>")`): its
values are exact expected turns (the shipped tables), the chart's "turns so far + turns to
come". Per point, the first decision at or past it:

- Ishido: start = the first stone (66 in the pouch), mid = 36 in the pouch, late = 12;
- MAGDAGDON: start = the first turn (16 empty cells), mid = 8 or fewer empty, late = 3 or fewer;
- MISHIMASH: start = the first turn, mid = half the target banked, late = 85 % banked.

Prints the mean predicted and realised results, their mean difference with its standard error
(the paired differences' SD / sqrt(n)) and how many SEs apart they are; Ishido and MAGDAGDON
also uncalibrated, the raw values as they were.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.coach.mishimash import policies  # noqa: E402
from games.coach.mishimash.tables import TARGETS, load_expected_turns  # noqa: E402
from games.rules import mishimash  # noqa: E402
from training import build_calibration as build  # noqa: E402
from training import build_ishido_values as values  # noqa: E402

Pair = tuple[float, float]  # predicted, realised


def line(name: str, point: str, pairs: list[Pair]) -> None:
    if len(pairs) < 2:
        print(f"{name:22} {point:6} too few games ({len(pairs)})")
        return
    predicted = [p for p, _ in pairs]
    realised = [r for _, r in pairs]
    diffs = [p - r for p, r in pairs]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    mean = statistics.fmean(diffs)
    z = mean / se if se else 0.0
    print(
        f"{name:22} {point:6} games {len(pairs):4}  predicted {statistics.fmean(predicted):10.2f}"
        f"  realised {statistics.fmean(realised):10.2f}  difference {mean:+9.2f} ± {se:7.2f}"
        f"  ({z:+.1f} SE)",
        flush=True,
    )


def at(rows: list[list[float]], reached: Callable[[float], bool]) -> list[float] | None:
    return next((row for row in rows if reached(row[0])), None)


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def selfplay(
    name: str,
    folds: tuple[list[dict[str, Any]], list[dict[str, Any]]],
    points: dict[str, Callable[[float], bool]],
    fit: Callable[[list[dict[str, Any]]], Callable[[float, float], float]],
    column: int = 1,
) -> None:
    """Cross-fitted: the calibration fitted on one fold of games (`fit`, as
    training/build_calibration.py fits the shipped one) predicts the other's, and the other way
    round; `column` 1: the hint's value, 2: the review's."""
    a, b = folds
    tested = [(fit(a), b), (fit(b), a)]
    raw: Callable[[float, float], float] = lambda k, v: v  # noqa: E731
    for label, pairs_of in (("calibrated", None), ("raw", raw)):
        for point, reached in points.items():
            pairs = []
            for calibrate, games in tested:
                value = pairs_of or calibrate
                for game in games:
                    row = at(game["rows"], reached)
                    if row is not None:
                        pairs.append((value(row[0], row[column]), float(game["final"])))
            line(f"{name} {label}", point, pairs)


def ishido_fit(source: str) -> Callable[[list[dict[str, Any]]], Callable[[float, float], float]]:
    def fit(games: list[dict[str, Any]]) -> Callable[[float, float], float]:
        ratios = build.ishido_table(games)[source]
        return lambda k, v: v * ratios.get(str(int(k)), 1.0) if k > 2 else v

    return fit


def ishido_review(paths: list[Path], steps: list[Path]) -> None:
    """The review's values (games.coach.ishido.value), cross-fitted: the model fitted as
    training/build_ishido_values.py fits the shipped one (with every one-step pair of `steps`:
    other deals), on the continuations of even index,
    predicts the coach's own games (prefix "coach") of odd index, and the other way round; one
    prediction per game at each point (the placement leaving 65, 35 and 11 stones to come, as
    the hint's start, mid and late: 66, 36 and 12 in the pouch before it)."""
    games = [g for path in paths for g in _read(path)]
    by_index = {g["index"]: values.rows(g) for g in games}
    one_step = [p for path in steps for g in _read(path) for p in values.step_pairs(g)]
    points = {"start": 65, "mid": 35, "late": 11}
    pairs: dict[str, list[Pair]] = {point: [] for point in points}
    for parity in (0, 1):
        train = [g for g in games if g["index"] % 2 != parity]
        weights = values.td_fit(train, by_index, pairs=one_step)
        for game in games:
            if game["index"] % 2 != parity or game["player"] != "coach":
                continue
            for point, stones in points.items():
                row = next((r for r in by_index[game["index"]] if r[0] <= stones), None)
                if row is not None:
                    predicted = values.predict(weights, row[0], row[1], row[2])
                    pairs[point].append((predicted, float(game["final"])))
    for point, found in pairs.items():
        line("ishido review", point, found)


def magdagdon_fit(games: list[dict[str, Any]]) -> Callable[[float, float], float]:
    offsets = build.magdagdon_table(games)
    return lambda e, v: v + offsets.get(str(int(e)), 0.0)


def mishimash_games(target: int, n: int) -> None:
    table = load_expected_turns(target)
    points: dict[str, list[Pair]] = {"start": [], "mid": [], "late": []}
    for g in range(n):
        rng = random.Random(f"calibrate-{target}-{g}")
        state = mishimash.new_game(mishimash.Options(("A",), target), rng)
        seen: dict[str, float] = {}
        while not state.is_finished:
            if not state.roll:  # a turn starts: the chart's value, turns so far + to come
                banked = state.banked_halves[0] / 2
                predicted = state.turns[0] + float(table[state.banked_halves[0]])
                for point, share in (("start", 0.0), ("mid", 0.5), ("late", 0.85)):
                    if point not in seen and banked >= share * target:
                        seen[point] = predicted
            state = mishimash.apply(state, policies.advise(state), rng)
        for point, predicted in seen.items():
            points[point].append((predicted, float(state.turns[0])))
    for point, pairs in points.items():
        line(f"mishimash {target}", point, pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ishido", type=Path, nargs=2, help="two folds of self-play")
    parser.add_argument(
        "--ishido-review", type=Path, nargs="+", help="training/ishido_continuations.py's"
    )
    parser.add_argument(
        "--ishido-steps", type=Path, nargs="*", default=[], help="training/ishido_steps.py's"
    )
    parser.add_argument(
        "--magdagdon", action="append", default=[], help="difficulty=fold1.jsonl,fold2.jsonl"
    )
    parser.add_argument("--mishimash", type=int, default=0, help="games per target")
    parser.add_argument("--target", type=int, action="append", help="MISHIMASH targets (all)")
    args = parser.parse_args()
    if args.ishido:
        folds = (_read(args.ishido[0]), _read(args.ishido[1]))
        stones = {"start": lambda k: k <= 66, "mid": lambda k: k <= 36, "late": lambda k: k <= 12}
        selfplay("ishido hint", folds, stones, ishido_fit("hint"), 1)
    if args.ishido_review:
        ishido_review(args.ishido_review, args.ishido_steps)
    for spec in args.magdagdon:
        difficulty, paths = spec.split("=", 1)
        first, second = paths.split(",")
        cells = {"start": lambda e: e <= 16, "mid": lambda e: e <= 8, "late": lambda e: e <= 3}
        folds = (_read(Path(first)), _read(Path(second)))
        selfplay(f"magdagdon {difficulty}", folds, cells, magdagdon_fit)
    for target in (args.target or TARGETS) if args.mishimash else ():
        mishimash_games(target, args.mishimash)


if __name__ == "__main__":
    main()
