"""MAGDAGDON coach strength: seeded games per difficulty, the coach alone, and a greedy baseline.

    nice -n 10 .venv/bin/python benchmarks/coach_magdagdon.py --games 2000 --jobs 2 [--player coach]

Prints, per difficulty and player, the mean final score (M21) with its standard error and the
decision time p50/p95 of `advise`. Game g uses `random.Random(g)`, the same for every player;
`--jobs N` plays the games in N processes; `--chunk N` prints the running figures of every
difficulty and player after each N seeds. Decision times are given as wall-clock time (what a
player waits, inflated when the machine is busy) and as the process's CPU time.
The greedy baseline is the careful greedy player with exact odds of benchmarks/baselines.py
(one roll ahead, exactly over the 126 next rolls, on the plain score with an empty cell worth an
average die). With both players, the coach's lead over it is printed per difficulty: the mean
of the paired differences of the same seeds' final scores, with its standard error. On seeds
0-99 (2026-12-03): PEACEFUL coach 437.9 ± 4.5, greedy 325.5 ± 9.1, lead +112.4 ± 9.3; SURVIVAL
341.9 ± 9.5 against 279.7 ± 8.9, +62.2 ± 10.1; NIGHTMARE 228.2 ± 11.5 against 187.7 ± 9.4,
+40.5 ± 9.3. (Issue 31 reports a careful greedy player of 343 / 297 / 195: about 18, 17 and 7
points stronger than this one, so the lead may still be that much too large.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import baselines  # noqa: E402

from games.coach.magdagdon import plan as coach  # noqa: E402
from games.rules import magdagdon as mg  # noqa: E402
from games.rules.magdagdon import Difficulty  # noqa: E402

Advisor = Callable[[mg.State], mg.Action]


def greedy_advise(state: mg.State) -> mg.Action:
    """The careful greedy player with exact odds (benchmarks/baselines.py)."""
    return baselines.magdagdon_greedy(state, _NO_PICK)


_NO_PICK = random.Random(0)  # the greedy player draws nothing


def play(
    advise: Advisor,
    difficulty: Difficulty,
    seed: int,
    times: list[float],
    cpu_times: list[float] | None = None,
) -> int:
    """One seeded game; appends each decision's wall-clock (and process CPU) seconds."""
    rng = random.Random(seed)
    state = mg.new_game(mg.Options(difficulty), rng)
    while not state.is_finished:
        started, cpu = time.perf_counter(), time.process_time()
        action = advise(state)
        times.append(time.perf_counter() - started)
        if cpu_times is not None:
            cpu_times.append(time.process_time() - cpu)
        state = mg.apply(state, action, rng)
    return mg.live_score(state).total


PLAYERS: dict[str, Advisor] = {"coach": coach.advise, "greedy": greedy_advise}


def play_one(job: tuple[str, str, int]) -> tuple[int, list[float], list[float]]:
    player, difficulty, seed = job
    times: list[float] = []
    cpu_times: list[float] = []
    score = play(PLAYERS[player], Difficulty(difficulty), seed, times, cpu_times)
    return score, times, cpu_times


def _percentiles(times: list[float]) -> str:
    times = sorted(times)
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    return f"p50 {p50 * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--chunk", type=int, default=0, help="print running figures every N games")
    parser.add_argument("--player", choices=("coach", "greedy", "both"), default="both")
    parser.add_argument("--difficulty", choices=[d.value for d in Difficulty], action="append")
    args = parser.parse_args()
    chosen = list(PLAYERS) if args.player == "both" else [args.player]
    names = args.difficulty or [d.value for d in Difficulty]
    chunk = args.chunk or args.games
    played: dict[tuple[str, str], list[tuple[int, list[float], list[float]]]] = {}
    with Pool(args.jobs) as pool:
        for first in range(args.first, args.first + args.games, chunk):
            seeds = range(first, min(first + chunk, args.first + args.games))
            for name in names:
                for player in chosen:
                    jobs = [(player, name, g) for g in seeds]
                    games = played.setdefault((name, player), [])
                    games += pool.map(play_one, jobs, chunksize=4)
                    _print(name, player, games)
                if len(chosen) == 2:
                    _lead(name, played[(name, "coach")], played[(name, "greedy")])


def _lead(
    name: str, coached: list[tuple[int, Any, Any]], greedy: list[tuple[int, Any, Any]]
) -> None:
    """The coach's lead over the greedy player on the same seeds, with its standard error."""
    leads = [c[0] - g[0] for c, g in zip(coached, greedy, strict=True)]
    error = statistics.stdev(leads) / len(leads) ** 0.5 if len(leads) > 1 else 0.0
    print(
        f"{name:9} coach lead over greedy  games {len(leads):5}  "
        f"{statistics.fmean(leads):+6.1f} ± {error:4.1f} (paired, same seeds)",
        flush=True,
    )


def _print(name: str, player: str, played: list[tuple[int, list[float], list[float]]]) -> None:
    scores = [score for score, _, _ in played]
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    wall = _percentiles([t for _, game, _ in played for t in game])
    cpu = _percentiles([t for _, _, game in played for t in game])
    print(
        f"{name:9} {player:6} games {len(scores):5}  mean {mean:6.1f} ± {error:4.1f}"
        f"  decision wall {wall}  cpu {cpu}",
        flush=True,
    )


if __name__ == "__main__":
    main()
