"""How strong and how quick the Ishido coach is: seeded games played by the coach alone.

    nice -n 10 .venv/bin/python benchmarks/coach_ishido.py --games 200 [--placements N] [--jobs 2]

Each game is `new_game` from `random.Random("coach-bench-<i>")`, then the coach's advice applied
until the game ends. Prints the mean final score with its standard error, the share of games
with all 72 stones placed, 4-ways per game, and the decision time per `advise` call (CPU time,
which other work on a shared machine does not inflate, and wall clock; p50 / p95 / max).
With `--jobs 2` the games are split over two processes (each decision still runs on one core);
`--out` keeps every finished game, so that runs over different `--first` ranges can be summed
up with `--summary`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.coach.ishido.search import Coach  # noqa: E402
from games.rules import ishido  # noqa: E402

Game = tuple[int, bool, int, list[float], list[float]]


def play(args: tuple[int, int, tuple[int, int, int, float]]) -> Game:
    """One game: final score, all 72 placed, 4-ways, each decision's wall-clock and CPU time."""
    index, seed, settings = args
    coach = Coach(seed, *settings)
    state = ishido.new_game(ishido.Options(), random.Random(f"coach-bench-{index}"))
    times, cpu_times = [], []
    while not state.is_finished:
        start, cpu_start = time.perf_counter(), time.process_time()
        action = coach.advise(state)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        state = ishido.apply(state, action)
    assert state.final_score is not None
    return state.final_score, state.stones_left == 0, state.four_ways, times, cpu_times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(title: str, games: list[Game]) -> None:
    scores = [g[0] for g in games]
    times = [t for g in games for t in g[3]]
    cpu_times = [t for g in games for t in g[4]]
    print(title)
    se = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    print(f"mean final score   {statistics.mean(scores):,.0f} ± {se:,.0f} (standard error)")
    print(f"median final score {statistics.median(scores):,.0f}")
    print(f"all 72 placed      {100 * sum(g[1] for g in games) / len(games):.1f} %")
    print(f"4-ways per game    {statistics.mean(g[2] for g in games):.2f}")
    print(
        f"decision CPU time  p50 {percentile(cpu_times, 0.5):.3f} s, "
        f"p95 {percentile(cpu_times, 0.95):.3f} s, max {max(cpu_times):.3f} s, "
        f"mean {statistics.mean(cpu_times):.3f} s (what the wall clock would be on an idle core)"
    )
    print(
        f"decision wall time p50 {percentile(times, 0.5):.3f} s, "
        f"p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s ({len(times)} decisions)"
    )
    print(f"load average       {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--placements", type=int, default=Coach().placements)
    parser.add_argument("--width", type=int, default=Coach().width)
    parser.add_argument("--horizon", type=int, default=Coach().horizon)
    parser.add_argument("--wander", type=float, default=Coach().wander)
    parser.add_argument("--seed", type=int, default=0, help="the coach's own seed")
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, help="append each finished game to this file (JSON)")
    parser.add_argument(
        "--summary", type=Path, nargs="+", help="only summarise games written by --out"
    )
    options = parser.parse_args()
    if options.summary:
        lines = [line for path in options.summary for line in path.read_text().splitlines()]
        games = [tuple(json.loads(line)[1:]) for line in lines]
        report(f"Ishido coach, {len(games)} games read from {len(options.summary)} file(s)", games)
        return
    settings = (options.placements, options.width, options.horizon, options.wander)
    jobs = [(options.first + i, options.seed, settings) for i in range(options.games)]
    started = time.perf_counter()
    games = []
    with ProcessPoolExecutor(options.jobs) as pool:
        for (index, _, _), game in zip(jobs, pool.map(play, jobs), strict=True):
            games.append(game)  # progress on stderr, for long runs
            print(f"game {index}: {game[0]} points, {game[2]} 4-ways", file=sys.stderr)
            if options.out:
                with options.out.open("a") as out:
                    out.write(json.dumps([index, *game]) + "\n")
    elapsed = time.perf_counter() - started
    title = (
        f"Ishido coach, {len(games)} games from #{options.first}, "
        f"{options.placements} playout placements, width {options.width}, "
        f"horizon {options.horizon or 'none'}, wander {options.wander} a decision"
    )
    report(title, games)
    print(f"wall clock         {elapsed:.0f} s with {options.jobs} process(es)")


if __name__ == "__main__":
    main()
