"""Time the MISHIMASH coach's turn solve against a plain loop over every outcome and option.

    nice -n 10 .venv/bin/python benchmarks/mishimash_solver.py [--repeat 3]

The turn-start solves a computer player or a HINT meets (`_turn_start`, caches cleared) and
one block of the table builder (40 banked scores, 300 points from the target), each solved by
`solve` and by `loop_solve` (one small numpy step per (k, c, n), outcome group and option:
how the solver worked before it gathered a roll's options at once), alternately. Prints the
median wall and CPU (process) time of each, the ratio, and the largest difference found.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.coach.mishimash import policies as coach  # noqa: E402
from games.coach.mishimash import solver  # noqa: E402
from games.coach.mishimash.tables import load_expected_turns  # noqa: E402

TURN_STARTS = [
    ("fewest_turns", 1000, 0, 0),
    ("fewest_turns", 1000, 300, 0),
    ("fewest_turns", 1000, 1000, 0),
    ("beat_leader", 1000, 400, 2100),
]


def loop_solve(problem: solver.TurnProblem) -> Iterator[solver.Layer]:
    """The same layers as `solve`, the way it solved them before (one step per option)."""
    bank, domain = problem.bank, problem.domain
    after: dict[tuple[int, int], solver.Array] = {}

    def chosen(n: int, c: int) -> solver.Array:
        return after.get((n, c), bank)

    for k in range(problem.last_roll, problem.k0 - 1, -1):
        roll: dict[tuple[int, int], solver.Array] = {}
        for c in range(problem.last_clears, problem.c0 - 1, -1):
            lo = max(problem.lowest_total(k, c), problem.t0)
            if lo >= domain:
                continue
            for n in range(1, 7):
                values = np.full(bank.shape, -np.inf)
                values[:, lo:domain] = loop_roll_value(n, k, c, lo, domain, chosen, problem.bust)
                roll[(n, c)] = values
        yield solver.Layer(k, {key: v[:, :domain] for key, v in roll.items()})
        after = {key: np.where(values >= bank, values, bank) for key, values in roll.items()}


def loop_roll_value(
    n: int,
    k: int,
    c: int,
    lo: int,
    hi: int,
    chosen: Callable[[int, int], solver.Array],
    bust: solver.Array,
) -> solver.Array:
    total: solver.Array = np.multiply.outer(bust, np.full(hi - lo, solver.bust_rate(n)))
    best = np.empty_like(total)
    for p, options in solver.roll_groups(n):
        for i, (taken, halves) in enumerate(options):
            gain, dice, clears = solver.after_selection(n, k, c, taken, halves)
            source = chosen(dice, clears)[:, lo + gain : hi + gain]
            if i == 0:
                best[...] = source
            else:
                np.maximum(best, source, out=best)
        total += p * best
    return total


def timed(run: Callable[[], object]) -> tuple[float, float]:
    """Milliseconds of wall and CPU (process) time that `run()` takes."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return 1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu)


def difference(a: list[solver.Layer], b: list[solver.Layer]) -> float:
    worst = 0.0
    for x, y in zip(a, b, strict=True):
        for key, values in x.roll.items():
            finite = np.isfinite(values)
            assert (finite == np.isfinite(y.roll[key])).all()
            worst = max(worst, float(np.abs(values[finite] - y.roll[key][finite]).max()))
    return worst


def turn_start(case: tuple[str, int, int, int]) -> solver.TurnProblem:
    ends = coach._ends(*case)
    return solver.TurnProblem(
        ends.bank[None, :], np.array([ends.bust]), min(ends.end, coach.LOOKAHEAD)
    )


def builder_block() -> solver.TurnProblem:
    turns = np.append(load_expected_turns(1000), np.zeros(8000))
    scores = np.arange(1400, 1440)
    domain = 2000 - int(scores[0])
    bank = -turns[scores[:, None] + np.arange(solver.width(domain))[None, :]]
    return solver.TurnProblem(bank, -turns[scores], domain)


def compare(
    label: str, problem: solver.TurnProblem, repeat: int, now: Callable[[], object]
) -> None:
    """Time `now()` (which solves `problem`, caches cleared) and `loop_solve(problem)`."""
    new, old = [], []
    for _ in range(repeat):
        coach._turn_start.cache_clear()
        coach._ends.cache_clear()
        new.append(timed(now))
        old.append(timed(lambda: list(loop_solve(problem))))
    worst = difference(list(loop_solve(problem)), list(solver.solve(problem)))
    nw, nc = (statistics.median(t) for t in zip(*new, strict=True))
    ow, oc = (statistics.median(t) for t in zip(*old, strict=True))
    print(
        f"  {label:34} loop {ow:7.1f} ms (cpu {oc:7.1f})  now {nw:6.1f} ms (cpu {nc:6.1f})"
        f"  x{ow / nw:5.1f} (cpu x{oc / nc:5.1f})  differ {worst:.1e}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("Turn-start solves (median of --repeat, the two solvers alternately):")
    list(solver.solve(turn_start(TURN_STARTS[0])))  # the roll odds, computed once per process
    for case in TURN_STARTS:
        compare(
            str(case), turn_start(case), args.repeat, lambda case=case: coach._turn_start(*case)
        )
    block = builder_block()
    compare(
        "table builder: 40 scores, 300 pts", block, args.repeat, lambda: list(solver.solve(block))
    )


if __name__ == "__main__":
    main()
