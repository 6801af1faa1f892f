"""How the MISHIMASH computer strengths compare: solo speed and head-to-head wins.

    nice -n 10 .venv/bin/python benchmarks/computer_players.py [--games 200] [--target 500]

Solo: each strength plays `--games` seeded games alone to the target (mean turns, and the
exact expectation where one is known). Head-to-head: every pair plays `--games` two-player
games, each seating order half of the time (the wins of each, X15-X16 endgame included),
and the time per decision of each strength (p50 / p95 / max).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.coach.mishimash import players  # noqa: E402
from games.coach.mishimash.tables import rule_expected_turns  # noqa: E402
from games.rules import mishimash as mm  # noqa: E402

TIMES: dict[str, list[float]] = {s: [] for s in players.STRENGTHS}


def play(strengths: tuple[str, ...], target: int, seed: str) -> mm.State:
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(len(strengths)))
    state = mm.new_game(mm.Options(names, target), rng)
    while not state.is_finished:
        strength = strengths[state.current]
        start = time.perf_counter()
        action = players.play(strength, state)
        TIMES[strength].append(time.perf_counter() - start)
        state = mm.apply(state, action, rng)
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--target", type=int, default=500)
    args = parser.parse_args()
    print(f"Solo to {args.target}, {args.games} games each:")
    for strength in players.STRENGTHS:
        turns = [play((strength,), args.target, f"solo-{i}").turns[0] for i in range(args.games)]
        print(
            f"  {strength:9} mean {statistics.mean(turns):6.2f} turns"
            f" (sd {statistics.stdev(turns):.1f})"
        )
    print(f"  (exact: bank30 {rule_expected_turns(args.target)[0]:.2f})")
    print(f"Head to head to {args.target}, {args.games} games a pair:")
    for a, b in itertools.combinations(players.STRENGTHS, 2):
        wins = {a: 0, b: 0}
        for i in range(args.games):
            seats = (a, b) if i % 2 == 0 else (b, a)
            state = play(seats, args.target, f"duel-{a}-{b}-{i}")
            assert state.winner is not None
            wins[seats[state.winner]] += 1
        print(f"  {a} {wins[a] / args.games:.1%} vs {b} {wins[b] / args.games:.1%}")
    print("Time per decision (ms, p50 / p95 / max):")
    for strength, times in TIMES.items():
        times.sort()
        p = [1000 * times[int(q * (len(times) - 1))] for q in (0.5, 0.95, 1.0)]
        print(f"  {strength:9} {p[0]:.2f} / {p[1]:.2f} / {p[2]:.1f}")


if __name__ == "__main__":
    main()
