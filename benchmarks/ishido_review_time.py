"""How long Ishido's whole-game review analysis takes: per game, every decision analysed as the
review worker analyses it (`games.coach.ishido.COACH.analyse`), in one process.

    nice -n 10 .venv/bin/python benchmarks/ishido_review_time.py --games 3

Game g is the deal of benchmarks/review_grades.py (`random.Random("grades-<g>")`), played by
each player of benchmarks/baselines.py. Prints, per game, the decisions and the CPU seconds
(process time) and wall seconds of the analysis, then the mean and the largest per player.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baselines import PLAYERS  # noqa: E402

from games.coach import ishido as ishido_coach  # noqa: E402
from games.rules import ishido  # noqa: E402


def timed(player: str, index: int) -> tuple[int, float, float]:
    rng = random.Random(f"grades-{index}")
    pick = random.Random(f"pick-{index}")
    state = ishido.new_game(ishido.Options(), rng)
    states, payloads = [state], []
    while not state.is_finished:
        action = PLAYERS["ishido"][player](state, pick)
        state = ishido.apply(state, action, rng)
        states.append(state)
        payloads.append(action.to_dict())
    coach = ishido_coach.COACH
    cpu, wall = time.process_time(), time.perf_counter()
    points = coach.decision_points(states, payloads)
    for point in points:
        coach.analyse(point, states, payloads)
    return len(points), time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--player", action="append", choices=list(PLAYERS["ishido"]))
    args = parser.parse_args()
    print(f"{'player':12} {'game':>4} {'decisions':>9} {'cpu s':>7} {'wall s':>7}")
    for player in args.player or list(PLAYERS["ishido"]):
        cpus = []
        for index in range(args.games):
            n, cpu, wall = timed(player, index)
            cpus.append(cpu)
            print(f"{player:12} {index:4} {n:9} {cpu:7.2f} {wall:7.2f}")
        print(f"{player:12} mean {statistics.fmean(cpus):.2f} s, largest {max(cpus):.2f} s")


if __name__ == "__main__":
    main()
