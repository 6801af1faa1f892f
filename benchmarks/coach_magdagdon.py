"""MAGDAGDON coach strength: seeded games per difficulty, the coach alone, and a greedy baseline.

    nice -n 10 .venv/bin/python benchmarks/coach_magdagdon.py --games 2000 --jobs 2 [--player coach]

Prints, per difficulty and player, the mean final score (M21) with its standard error and the
decision time p50/p95 of `advise`. Game g uses `random.Random(g)`, the same for every player;
`--jobs N` plays the games in N processes; `--chunk N` prints the running figures of every
difficulty and player after each N seeds. Decision times are given as wall-clock time (what a
player waits, inflated when the machine is busy) and as the process's CPU time.
The greedy baseline plays one turn at a time with exact odds: of the 8 boards that score most
now, the one with the best score less 15 x the exact chance that the next roll is a
MAGDAGDON; a DECREASE/INCREASE only to save a ruin when it costs less than the ruin.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from multiprocessing import Pool

from games.coach.magdagdon import plan as coach
from games.coach.magdagdon.plan import Plan, reachable_boards
from games.rules import magdagdon as mg
from games.rules.magdagdon import RUIN, Board, Difficulty

Advisor = Callable[[mg.State], mg.Action]
GREEDY_CHECKED = 8


def _rolls() -> list[tuple[tuple[int, ...], float]]:
    found = []
    for faces in itertools.combinations_with_replacement(range(1, 7), 4):
        ways = math.factorial(4)
        for count in Counter(faces).values():
            ways //= math.factorial(count)
        found.append((faces, ways / 6**4))
    return found


ROLLS = _rolls()  # the 126 distinct rolls of four dice with their exact chances


def magdagdon_chance(board: Board, required: int) -> float:
    """M15: the exact chance that the next roll cannot place `required` dice on `board`."""
    if required <= 0:
        return 0.0
    return sum(p for faces, p in ROLLS if not mg.can_place(board, faces, required))


def greedy_value(board: Board, difficulty: Difficulty) -> float:
    now = mg.score(board, difficulty, 0).total
    if None not in board:
        return now
    return now - 15 * magdagdon_chance(board, mg.required_dice(board, difficulty))


def greedy_plan(state: mg.State) -> Plan:
    board, roll, difficulty = state.board, state.roll, state.difficulty
    boards = reachable_boards(board, roll, mg.required_dice(board, difficulty))
    if boards:
        # exact odds for the boards that score most now (the rest cannot catch up with them)
        top = sorted(boards, key=lambda b: -mg.score(b, difficulty, 0).total)[:GREEDY_CHECKED]
        best = max(top, key=lambda b: greedy_value(b, difficulty))
        return Plan(greedy_value(best, difficulty), staging=boards[best])
    ruins = [c for c in range(16) if board[c] is None]
    cell = max(ruins, key=lambda c: greedy_value(board[:c] + (RUIN,) + board[c + 1 :], difficulty))
    plan = Plan(0.0, ruin=cell)
    penalty = mg.next_penalty(state)
    if penalty is not None and penalty < 15 and not state.staged:
        for power in mg.legal_actions(state):
            if isinstance(power, mg.Decrease | mg.Increase) and power_rescues(state, power):
                return Plan(0.0, power=power)
    return plan


def power_rescues(state: mg.State, power: mg.Decrease | mg.Increase) -> bool:
    """Whether a DECREASE/INCREASE surely makes the roll placeable."""
    step = 1 if isinstance(power, mg.Increase) else -1
    roll = list(state.roll)
    roll[power.die] += step
    return bool(reachable_boards(state.board, tuple(roll), mg.required(state)))


def greedy_advise(state: mg.State) -> mg.Action:
    if state.phase == mg.ROLLING:
        return mg.Roll()
    plan = greedy_plan(state)
    if plan.power is not None:
        return plan.power
    if plan.ruin is not None:
        return mg.AcceptMagdagdon(plan.ruin)
    return coach._next_staging_step(state, plan.staging)


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
