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


# Per difficulty, the self-play stages in order: games, learning rate, seed. PEACEFUL starts
# from SURVIVAL's tables after its first stage: with no power left the two difficulties are the
# same game (M5, M6), and SURVIVAL's one-power tables are a fair first guess for every power
# left. Measured wall-clock on the busy shared 2-core machine: NIGHTMARE about 10 min,
# SURVIVAL 17 min, PEACEFUL 6 min - about half an hour run one after another. The third stages
# (NIGHTMARE 3 min, SURVIVAL 8 min on a quieter machine) added about 3 and 6 points a game
# (1000 and 500 paired seeded games).
SCHEDULE: dict[Difficulty, tuple[tuple[int, float, int], ...]] = {
    Difficulty.PEACEFUL: ((1200, 0.1, 5), (600, 0.03, 6)),
    Difficulty.SURVIVAL: ((10000, 0.1, 5), (1500, 0.03, 6), (20000, 0.02, 7)),
    Difficulty.NIGHTMARE: ((30000, 0.1, 5), (10000, 0.03, 6), (30000, 0.02, 7)),
}


def _stages(
    difficulty: Difficulty,
    network: Network,
    stages: tuple[tuple[int, float, int], ...],
    scale: float,
    seed: int,
) -> Network:
    for games, rate, stage_seed in stages:
        network = train(difficulty, round(games * scale), 100 * seed + stage_seed, rate, network)
    return network


def warm_start(survival: Network) -> Network:
    """PEACEFUL tables from SURVIVAL's: no power left as is, its one-power tables for 1-3 left."""
    weights = np.stack([survival.weights[0]] + [survival.weights[1]] * 3)
    bias = np.stack([survival.bias[0]] + [survival.bias[1]] * 3)
    return Network(weights, bias)


def train_schedule(scale: float = 1.0, seed: int = 0) -> dict[Difficulty, Network]:
    """Every difficulty's network trained by SCHEDULE (game counts times `scale`, seeds shifted
    by 100 x `seed`); the default arguments rebuild the shipped tables."""
    nightmare, survival = Difficulty.NIGHTMARE, Difficulty.SURVIVAL
    first, *rest = SCHEDULE[survival]
    survival_first = _stages(survival, Network.blank(survival), (first,), scale, seed)
    return {
        nightmare: _stages(nightmare, Network.blank(nightmare), SCHEDULE[nightmare], scale, seed),
        survival: _stages(survival, copy(survival_first), tuple(rest), scale, seed),
        Difficulty.PEACEFUL: _stages(
            Difficulty.PEACEFUL,
            warm_start(survival_first),
            SCHEDULE[Difficulty.PEACEFUL],
            scale,
            seed,
        ),
    }


def copy(network: Network) -> Network:
    return Network(network.weights.copy(), network.bias.copy())
