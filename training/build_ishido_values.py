"""Fit Ishido's value model (games/coach/ishido/value.py) on continuations written by
training/ishido_continuations.py and one-step pairs written by training/ishido_steps.py, and
write games/coach/data/ishido_values.json.

    python -m training.build_ishido_values test-artifacts/ishido-cont.jsonl \
        test-artifacts/ishido-weak.jsonl --steps test-artifacts/ishido-steps.jsonl \
        --cache test-artifacts/ishido-rows.jsonl

Every continuation is replayed; each placement after which the coach played every stone to the
end is a row: the position after it, the stones still to come (contents), its features
(`value.features`) and the points that came after it (the final score less the score then).
One Poisson regression (log link, so it estimates the mean points to come, not a typical
score) on `value.design` rows (an intercept per five stones to come, each feature times 1, u,
u * u), with a small ridge, each row weighing 1 but the first after a weak prefix
(`PREFIX_WEIGHT`: the only rows on boards the weak player built). First fitted to the final
scores (Monte Carlo), then `TD_ROUNDS` times to TD(`LAMBDA`) labels, the pairs joining in
(`td_fit`, `step_pairs`). `par` is the mean final score of the continuations' coach games (the
coach's own from the first stone). `--check` fits on the games of even index and prints, for
the odd ones, the mean predicted and realised final score by prefix player and stage (and the
other way round), instead of writing the file.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from games.coach.ishido import value
from games.coach.ishido.board import Position, kind_of, place
from games.rules import ishido
from games.rules.ishido import end_bonus

LAMBDA = 0.9
TD_ROUNDS = 4
STEP_WEIGHT = 1.0
PREFIX_WEIGHT = 2.0
RIDGE = 1.0


def cached_rows(games: list[dict[str, Any]], cache: Path | None) -> dict[int, Any]:
    """`rows` of every game by index, kept in `cache` (a JSON line a game) between runs."""
    found: dict[int, Any] = {}
    if cache and cache.exists():
        for line in cache.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                found[entry["index"]] = entry["rows"]
    for game in games:
        if game["index"] not in found:
            found[game["index"]] = rows(game)
            if cache:
                with cache.open("a") as out:
                    out.write(
                        json.dumps({"index": game["index"], "rows": found[game["index"]]}) + "\n"
                    )
    return found


def _games(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def rows(game: dict[str, Any]) -> list[tuple[int, list[float], int, int]]:
    """(stones to come, features, score after the placement, final score) of each placement
    from the last prefix one on (the coach played every stone after it)."""
    state = ishido.new_game(ishido.Options(), random.Random(f"cont-{game['index']}"))
    position = Position.from_board(state.board, state.four_ways, state.score)
    kinds = [kind_of(s) for s in state.pouch]
    counts = [0] * 36
    for k in kinds:
        counts[k] += 1
    found = []
    first = max(0, game["t"] - 1)
    for i, cell in enumerate(game["cells"]):
        counts[kinds[i]] -= 1
        place(position, cell, kinds[i])
        if i >= first:
            x = value.features(position, counts)
            found.append((sum(counts), x, position.score, game["final"]))
    return found


def fit(
    data: list[tuple[int, list[float], int, float]], weight: list[float] | None = None
) -> list[float]:
    """One Poisson regression of the points to come on `value.design` rows (stones to come 2 ..
    65; fewer are exact), each row weighing `weight` (1 without)."""
    weight = weight or [1.0] * len(data)
    used = [i for i, r in enumerate(data) if r[0] >= 2]
    x = np.array([value.design(data[i][1], data[i][0]) for i in used])
    y = np.array([float(data[i][3] - data[i][2]) for i in used])
    w = np.array([weight[i] for i in used])
    return [round(float(b), 6) for b in poisson(x, y, w)]


Pair = tuple[int, list[float], int, Any]  # a weak placement's row and what the coach would do next


def step_pairs(game: dict[str, Any]) -> list[Pair]:
    """From a game of training/ishido_steps.py, each weak placement with two stones or more to
    come: (stones to come, features, score) after it, and either ("exact", final score) when the
    next stone fits nowhere (the game ends there) or the row the coach's cell for the next stone
    leaves (stones to come, features, score, and its exact points to come when fewer than two
    stones are left)."""
    state = ishido.new_game(ishido.Options(), random.Random(f"steps-{game['index']}"))
    position = Position.from_board(state.board, state.four_ways, state.score)
    kinds = [kind_of(s) for s in state.pouch]
    counts = [0] * 36
    for k in kinds:
        counts[k] += 1
    cells, coach = game["cells"], game["coach"]
    found: list[Pair] = []
    for i, cell in enumerate(cells):
        counts[kinds[i]] -= 1
        place(position, cell, kinds[i])
        stones = sum(counts)
        if stones < 2:
            continue
        x = value.features(position, counts)
        if i + 1 == len(cells):  # the next stone fitted nowhere: the end, exactly
            found.append((stones, x, position.score, ("exact", position.score + end_bonus(stones))))
            continue
        after = position.copy()
        place(after, coach[i + 1], kinds[i + 1])
        rest = counts[:]
        rest[kinds[i + 1]] -= 1
        left = sum(rest)
        exact = after.score + value.points_to_come(after, rest) if left < 2 else None
        found.append(
            (stones, x, position.score, (left, value.features(after, rest), after.score, exact))
        )
    return found


def td_fit(
    games: list[dict[str, Any]],
    by_index: dict[int, Any],
    rounds: int = TD_ROUNDS,
    pairs: list[Pair] | None = None,
) -> list[float]:
    """`fit` on the games' rows labelled by the final score (Monte Carlo), then `rounds` times
    refitted on TD(`LAMBDA`) labels: a row's points to come are the points the coach's next
    placement earns plus, weighted 1 - LAMBDA, what the model predicts after it and, weighted
    LAMBDA, that row's own label (the last rows, one stone or none to come, are exact). The
    labels make the model consistent from one placement to the next, so that a game's losses
    add up to its chart's fall. `pairs` (`step_pairs`) join the refits, each labelled by the
    coach's placement one step on and the model's value after it (TD(0))."""
    weight = weights_of(games, by_index)
    data = [r for g in games for r in by_index[g["index"]]]
    weights = fit(data, weight)
    for _ in range(rounds):
        labelled = []
        for g in games:
            found = by_index[g["index"]]
            label = float(g["final"])  # the final score, as a row's (score + points to come)
            backwards = []
            for i in range(len(found) - 1, -1, -1):
                stones, x, score, final = found[i]
                if i < len(found) - 1:
                    after = found[i + 1]
                    guess = (
                        predict(weights, after[0], after[1], after[2])
                        if after[0] >= 2
                        else float(final)
                    )
                    label = (1 - LAMBDA) * guess + LAMBDA * label
                backwards.append((stones, x, score, label))
            labelled += backwards[::-1]
        extra = []
        for stones, x, score, nxt in pairs or []:
            if nxt[0] == "exact":
                label = float(nxt[1])
            elif nxt[3] is not None:
                label = float(nxt[3])
            else:
                label = predict(weights, nxt[0], nxt[1], nxt[2])
            extra.append((stones, x, score, label))
        weights = fit(labelled + extra, weight + [STEP_WEIGHT] * len(extra))
    return weights


def weights_of(games: list[dict[str, Any]], by_index: dict[int, Any]) -> list[float]:
    """`PREFIX_WEIGHT` for a game's first row after its prefix (the position its player left),
    1 for the others (positions the coach's own play reached from there)."""
    found = []
    for g in games:
        n = len(by_index[g["index"]])
        found += [PREFIX_WEIGHT if i == 0 and g["t"] > 0 else 1.0 for i in range(n)]
    return found


def poisson(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Poisson regression by iteratively reweighted least squares, a ridge on all but the
    intercept."""
    beta = np.zeros(x.shape[1])
    beta[: value.STAGES] = np.log(max(y.mean(), 1.0))
    ridge = RIDGE * np.eye(x.shape[1])
    ridge[: value.STAGES, : value.STAGES] *= 1e-4  # (a stage without rows stays at 0)
    for _ in range(50):
        eta = np.clip(x @ beta, -20, 20)
        mu = np.exp(eta)
        z = eta + (y - mu) / mu
        wx = x * (mu * w)[:, None]
        new = np.linalg.solve(x.T @ wx + ridge * mu.mean(), wx.T @ z)
        if np.max(np.abs(new - beta)) < 1e-7:
            return new
        beta = new
    return beta


def predict(weights: list[float], stones: int, x: list[float], score: int) -> float:
    return score + float(np.exp(min(30.0, float(np.dot(weights, value.design(x, stones))))))


STAGES = {"start": (60, 71), "early": (45, 59), "mid": (25, 44), "late": (8, 24), "end": (2, 7)}


def check(games: list[dict[str, Any]], by_index: dict[int, Any], drop: list[str]) -> None:
    keep = [i for i, name in enumerate(value.NAMES) if name not in drop]

    def only(r: Any) -> Any:
        return (r[0], [v if i in keep else 0.0 for i, v in enumerate(r[1])], r[2], r[3])

    folds = [[g for g in games if g["index"] % 2 == p] for p in (0, 1)]
    data = [[only(r) for g in fold for r in by_index[g["index"]]] for fold in folds]
    row_weights = [weights_of(fold, by_index) for fold in folds]
    tagged = [
        [(g["player"], only(r)) for g in fold for r in by_index[g["index"]]] for fold in folds
    ]
    pairs: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for train, test in ((0, 1), (1, 0)):
        weights = fit(data[train], row_weights[train])
        for player, (stones, x, score, final) in tagged[test]:
            if stones < 2:
                continue
            stage = next(s for s, (lo, hi) in STAGES.items() if lo <= stones <= hi)
            pairs[(player, stage)].append((predict(weights, stones, x, score), float(final)))
            pairs[("all", stage)].append(pairs[(player, stage)][-1])
    total = 0.0
    for (player, stage), found in sorted(pairs.items()):
        diffs = [p - r for p, r in found]
        se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        mean = statistics.fmean(diffs)
        if player == "all":
            total += statistics.fmean(d * d for d in diffs)
        print(
            f"{player:12} {stage:6} rows {len(found):6}  predicted "
            f"{statistics.fmean(p for p, _ in found):9.1f}  realised "
            f"{statistics.fmean(r for _, r in found):9.1f}  diff {mean:+8.1f} ± {se:6.1f}"
            f"  ({mean / se if se else 0:+.1f} SE, rows correlated within a game)"
        )
    print(f"summed mean squared error over stages: {total:.4g}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--drop", action="append", default=[], help="a feature left out")
    parser.add_argument("--cache", type=Path, help="rows kept between runs")
    parser.add_argument("--steps", type=Path, nargs="*", default=[], help="one-step pairs")
    parser.add_argument("--rounds", type=int, default=TD_ROUNDS, help="TD refits (0: Monte Carlo)")
    parser.add_argument("--out", type=Path, default=value.DATA)
    args = parser.parse_args(argv)
    games = [g for path in args.files for g in _games(path)]
    by_index = cached_rows(games, args.cache)
    if args.check:
        check(games, by_index, args.drop)
        return
    keep = [i for i, name in enumerate(value.NAMES) if name not in args.drop]
    data = [r for g in games for r in by_index[g["index"]]]
    # a feature left out: zero in every row, so its weights stay 0 under the ridge
    for g in games:
        by_index[g["index"]] = [
            (r[0], [v if i in keep else 0.0 for i, v in enumerate(r[1])], r[2], r[3])
            for r in by_index[g["index"]]
        ]
    pairs = [p for path in args.steps for g in _games(path) for p in step_pairs(g)]
    pairs = [
        (st, [v if i in keep else 0.0 for i, v in enumerate(x)], sc, nxt)
        if nxt[0] == "exact" or nxt[3] is not None
        else (
            st,
            [v if i in keep else 0.0 for i, v in enumerate(x)],
            sc,
            (nxt[0], [v if i in keep else 0.0 for i, v in enumerate(nxt[1])], nxt[2], None),
        )
        for st, x, sc, nxt in pairs
    ]
    weights = td_fit(games, by_index, args.rounds, pairs)
    coach = [float(g["final"]) for g in games if g["player"] == "coach"]
    table = {
        "names": list(value.NAMES),
        "games": len(games),
        "left_out": args.drop,
        "pairs": len(pairs),
        "par": round(statistics.fmean(coach), 1),
        "par_games": len(coach),
        "weights": weights,
    }
    args.out.write_text(json.dumps(table, indent=1) + "\n")
    print(f"{len(games)} games, {len(data)} rows, {len(weights)} weights written to {args.out}")


if __name__ == "__main__":
    main()
