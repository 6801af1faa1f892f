"""Self-play training of the MAGDAGDON afterstate network: TD(0) on afterstates, as for 2048.

Each game plays the network's own choices (`magdagdon_search.choose`: the best board, RUIN or
power of each roll, one power level deep) on dice from a seeded generator; after each turn
the previous afterstate's value moves toward the value of the choice the next roll allowed
(penalties of powers used on the way included). The last afterstate of a game is a full board,
valued exactly by its score. Deterministic for a given seed and number of games.
"""

from __future__ import annotations

import random
import time

import numpy as np

from games.coach.magdagdon_boards import cells_of, empty_cells
from games.coach.magdagdon_search import choose
from games.coach.magdagdon_value import Network, powers_of
from games.rules.magdagdon import PENALTIES, Difficulty


def _rolled(roll: tuple[int, ...], dice: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    new = list(roll)
    for die in dice:
        new[die] = rng.randint(1, 6)
    return tuple(new)


def play_and_learn(
    network: Network, difficulty: Difficulty, rng: random.Random, rate: float
) -> float:
    """One self-play game; returns its final score (M21)."""
    code, left = 0, powers_of(difficulty)
    paid = 0.0
    previous: tuple[int, int] | None = (code, left)
    while empty_cells(code):
        roll = tuple(rng.randint(1, 6) for _ in range(4))
        target = None
        spent = 0.0
        while True:
            choice = choose(network, difficulty, code, roll, left, quick=True)
            if target is None:
                target = choice.value
            if choice.power is None:
                break
            spent += PENALTIES[difficulty][len(PENALTIES[difficulty]) - left]
            left -= 1
            if choice.power.name == "reroll":
                roll = _rolled(roll, choice.power.dice, rng)
            else:
                (die,) = choice.power.dice
                step = 1 if choice.power.name == "increase" else -1
                roll = roll[:die] + (roll[die] + step,) + roll[die + 1 :]
        if previous is not None:
            cells = cells_of(np.array([previous[0]], dtype=np.int64))
            error = target - float(network.values(cells, previous[1])[0])
            network.learn(cells, previous[1], error, rate)
        paid += spent
        code = choice.code
        previous = (code, left)
    final = network.values(cells_of(np.array([code], dtype=np.int64)), left)[0]
    return float(final) - paid


def train(
    difficulty: Difficulty,
    games: int,
    seed: int = 0,
    rate: float = 0.2,
    network: Network | None = None,
    report: int = 0,
) -> Network:
    """Train (or go on training) `difficulty`'s network for `games` self-play games."""
    network = network or Network.blank(difficulty)
    rng = random.Random(f"magdagdon-{difficulty.value}-{seed}")
    started = time.monotonic()
    recent: list[float] = []
    for game in range(games):
        recent.append(play_and_learn(network, difficulty, rng, rate))
        if report and (game + 1) % report == 0:
            print(
                f"{difficulty.value:9} game {game + 1:6}  mean of last {len(recent)}: "
                f"{sum(recent) / len(recent):6.1f}  {time.monotonic() - started:5.0f} s",
                flush=True,
            )
            recent = []
    return network


# Self-play games per difficulty and their learning rates, in order.
SCHEDULE: dict[Difficulty, tuple[tuple[int, float], ...]] = {
    Difficulty.PEACEFUL: ((6000, 0.1), (4000, 0.03)),
    Difficulty.SURVIVAL: ((10000, 0.1), (8000, 0.03)),
    Difficulty.NIGHTMARE: ((30000, 0.1), (30000, 0.02)),
}


def train_schedule(difficulty: Difficulty, scale: float = 1.0, seed: int = 0) -> Network:
    """`difficulty`'s network trained by SCHEDULE (its game counts times `scale`)."""
    network = Network.blank(difficulty)
    for stage, (games, rate) in enumerate(SCHEDULE[difficulty]):
        network = train(difficulty, round(games * scale), seed * 100 + stage, rate, network)
    return network
