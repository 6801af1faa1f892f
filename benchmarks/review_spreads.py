"""How big the review's losses are: seeded games played by a few simple players, every
decision valued as the review values it, the loss quantiles and the time per game printed.

    nice -n 10 .venv/bin/python benchmarks/review_spreads.py [games per player]

The grades in each game's coach review (games/coach/<game>/review.py) are set against these
figures.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from games import coach as contract
from games.coach import ishido as ishido_coach
from games.coach import magdagdon as magdagdon_package
from games.coach import mishimash as mishimash_coach
from games.coach.magdagdon import plan as magdagdon_coach
from games.rules import ishido, magdagdon, mishimash

COACHES: dict[Any, contract.GameCoach] = {
    magdagdon: magdagdon_package.COACH,
    mishimash: mishimash_coach.COACH,
    ishido: ishido_coach.COACH,
}

Player = Callable[[Any, random.Random], Any]


def play(rules: Any, state: Any, rng: random.Random, player: Player, pick: random.Random):
    states, payloads = [state], []
    while not state.is_finished:
        action = player(state, pick)
        state = rules.apply(state, action, rng)
        states.append(state)
        payloads.append(action.to_dict())
    return states, payloads


def magdagdon_random(state: magdagdon.State, pick: random.Random) -> Any:
    moves = [
        a
        for a in magdagdon.legal_actions(state)
        if not isinstance(a, magdagdon.Decrease | magdagdon.Increase | magdagdon.Reroll)
    ]
    stages = [a for a in moves if isinstance(a, magdagdon.Stage)]
    if magdagdon.Confirm() in moves and (not stages or pick.random() < 0.5):
        return magdagdon.Confirm()
    return pick.choice(stages or moves)


def magdagdon_coached(state: magdagdon.State, pick: random.Random) -> Any:
    return magdagdon_coach.advise(state)


def mishimash_bank30(state: mishimash.State, pick: random.Random) -> Any:
    moves = mishimash.legal_actions(state)
    if len(moves) == 1:
        return moves[0]
    best = max(
        (a for a in moves if isinstance(a, mishimash.SelectAndBank)),
        key=lambda a: mishimash.selection_halves(state.roll, [state.roll[i] for i in a.dice]) or 0,
    )
    gain = mishimash.selection_halves(state.roll, [state.roll[i] for i in best.dice]) or 0
    if state.turn_halves + gain >= 60:
        return best
    return mishimash.SelectAndRollAgain(best.player, best.dice)


def ishido_lowest(state: ishido.State, pick: random.Random) -> Any:
    return ishido.Place(min(state.legal_cells))


def ishido_random(state: ishido.State, pick: random.Random) -> Any:
    return ishido.Place(pick.choice(sorted(state.legal_cells)))


def measure(name: str, rules: Any, new: Callable[[random.Random], Any], player: Player, n: int):
    losses: list[float] = []
    seconds: list[float] = []
    decisions = 0
    for seed in range(n):
        rng = random.Random(f"spread-{seed}")
        states, payloads = play(rules, new(rng), rng, player, random.Random(seed))
        start = time.perf_counter()
        coach = COACHES[rules]
        found = [
            coach.analyse(p, states, payloads) for p in coach.decision_points(states, payloads)
        ]
        seconds.append(time.perf_counter() - start)
        decisions += len(found)
        losses += [d["loss"] for d in found if not d["forced"]]
    q = statistics.quantiles(losses, n=20) if len(losses) > 1 else [0.0] * 19
    print(
        f"{name:24} {decisions / n:5.1f} decisions/game  loss median {q[9]:8.3f}  "
        f"p75 {q[14]:8.3f}  p90 {q[17]:8.3f}  p95 {q[18]:8.3f}  mean {statistics.mean(losses):8.3f}"
        f"  review {statistics.mean(seconds):5.2f} s/game (max {max(seconds):.2f})"
    )


def quantiles(values: list[float]) -> str:
    q = statistics.quantiles(values, n=20)
    return f"median {q[9]:8.3f}  p75 {q[14]:8.3f}  p90 {q[17]:8.3f}"


def magdagdon_near_ties(n: int) -> None:
    """How far apart the coach's best and second-best boards are: below that, a choice is a
    matter of the estimate, not of play."""
    gaps: list[float] = []
    options = magdagdon.Options(magdagdon.Difficulty.PEACEFUL)
    for seed in range(n):
        rng = random.Random(f"ties-{seed}")
        states, _ = play(
            magdagdon, magdagdon.new_game(options, rng), rng, magdagdon_coached, random.Random(seed)
        )
        for state in states:
            if state.phase != magdagdon.PLACING or state.staged:
                continue
            required = magdagdon.required_dice(state.board, state.difficulty)
            boards = magdagdon_coach.reachable_boards(state.board, state.roll, required)
            values = sorted((magdagdon_coach.board_value(state, b) for b in boards), reverse=True)
            if len(values) > 1:
                gaps.append(values[0] - values[1])
    print(f"{'magdagdon best - 2nd':24} {len(gaps)} decisions  {quantiles(gaps)}")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    peaceful = magdagdon.Options(magdagdon.Difficulty.PEACEFUL)
    measure(
        "magdagdon coach",
        magdagdon,
        lambda r: magdagdon.new_game(peaceful, r),
        magdagdon_coached,
        n,
    )
    measure(
        "magdagdon random",
        magdagdon,
        lambda r: magdagdon.new_game(peaceful, r),
        magdagdon_random,
        n,
    )
    solo = mishimash.Options(("A",), 1000)
    measure(
        "mishimash bank-at-30",
        mishimash,
        lambda r: mishimash.new_game(solo, r),
        mishimash_bank30,
        n,
    )
    measure(
        "ishido lowest cell",
        ishido,
        lambda r: ishido.new_game(ishido.Options(), r),
        ishido_lowest,
        max(2, n // 3),
    )
    measure(
        "ishido random",
        ishido,
        lambda r: ishido.new_game(ishido.Options(), r),
        ishido_random,
        max(2, n // 3),
    )


if __name__ == "__main__":
    main()
