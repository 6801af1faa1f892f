"""The coach's choices on coded boards: the best board for each roll, what each power is worth.

All values are expected final scores less the penalties of powers not yet used (the caller
subtracts those already used), read from the afterstate network (`value`):
- `best_per_roll`: for each roll of a batch, the best board it can confirm (M8-M11), or - a
  MAGDAGDON (M15) - the best cell to ruin (M16);
- `power_values`: each DECREASE / INCREASE (M12) and each REROLL of a set of dice (M13) of the
  roll showing, valued as its penalty (M5) plus the best play of the roll it gives (a REROLL
  averaged exactly over the new faces), with one power fewer left afterwards;
- `roll_values`: the exact expectation over the 126 rolls of the next turn (1-ply expectimax),
  powers included.
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from games.coach.magdagdon.boards import (
    ROLL_ARRAY,
    ROLL_CHANCES,
    ROLL_INDEX,
    ROLLS,
    Codes,
    afterstates,
    cells_of,
    empty_cells,
    ruined,
)
from games.coach.magdagdon.value import Floats, Network
from games.rules.magdagdon import PENALTIES, Difficulty

Roll = tuple[int, ...]


class Best(NamedTuple):
    """Per roll of a batch: the best value, the board that gets it, whether it is a RUIN."""

    values: Floats
    codes: Codes
    ruin: npt.NDArray[np.bool_]


def required_for(code: int, difficulty: Difficulty) -> int:
    """M6 on a coded board."""
    minimum = 3 if difficulty == Difficulty.NIGHTMARE else 2
    return min(minimum, empty_cells(code))


def best_per_roll(
    network: Network, difficulty: Difficulty, code: int, rolls: npt.NDArray[np.int8], left: int
) -> Best:
    return best_per_roll_for(network, difficulty, code, rolls, (left,))[0]


def best_per_roll_for(
    network: Network,
    difficulty: Difficulty,
    code: int,
    rolls: npt.NDArray[np.int8],
    lefts: tuple[int, ...],
) -> list[Best]:
    """`best_per_roll` for several numbers of powers left, the boards found once."""
    which, codes = afterstates(code, rolls, required_for(code, difficulty))
    unique, inverse = np.unique(codes, return_inverse=True)  # many rolls make one board
    cells = cells_of(unique)
    options = ruined(code)
    found = []
    if len(codes):
        starts = np.nonzero(np.concatenate([[True], which[1:] != which[:-1]]))[0]
        rows = which[starts]
        scored_for = network.values_for(cells, lefts)
    ruin_scores = network.values_for(cells_of(options), lefts) if len(options) else []
    for k in range(len(lefts)):
        values = np.full(len(rolls), -np.inf)
        best = np.zeros(len(rolls), dtype=np.int64)
        if len(codes):
            scored = scored_for[k][inverse]
            tops = np.maximum.reduceat(scored, starts)
            values[rows] = tops
            hits = np.nonzero(scored == np.repeat(tops, np.diff(np.append(starts, len(scored)))))[0]
            first = np.concatenate([[True], which[hits][1:] != which[hits][:-1]])
            best[rows] = codes[hits[first]]
        ruin = np.isinf(values)
        if ruin.any() and len(options):
            pick = int(np.argmax(ruin_scores[k]))  # the first best cell: the lowest among equals
            values[ruin] = ruin_scores[k][pick]
            best[ruin] = options[pick]
        found.append(Best(values, best, ruin))
    return found


@lru_cache(maxsize=4096)
def reroll_chances(kept: Roll, count: int) -> Floats:
    """The chances of the 126 sorted rolls when `count` dice are rerolled beside `kept`."""
    chances = np.zeros(len(ROLL_CHANCES))
    for faces in itertools.product(range(1, 7), repeat=count):
        chances[ROLL_INDEX[tuple(sorted(kept + faces))]] += 1.0
    chances /= 6.0**count
    chances.flags.writeable = False
    return chances


class PowerOption(NamedTuple):
    """A power on the roll showing: ("decrease" | "increase", die) or ("reroll", dice)."""

    name: str
    dice: tuple[int, ...]


def power_options(roll: Roll) -> list[PowerOption]:
    options = [PowerOption("decrease", (d,)) for d in range(len(roll)) if roll[d] > 1]
    options += [PowerOption("increase", (d,)) for d in range(len(roll)) if roll[d] < 6]
    for size in range(1, len(roll) + 1):
        options += [PowerOption("reroll", dice) for dice in itertools.combinations(range(4), size)]
    return options


def _one_die_rolls(roll: Roll) -> list[int]:
    """The rolls one DECREASE, INCREASE or one-die REROLL of `roll` can give."""
    found = set()
    for die in range(len(roll)):
        for face in range(1, 7):
            found.add(ROLL_INDEX[tuple(sorted(roll[:die] + (face,) + roll[die + 1 :]))])
    return sorted(found)


def power_values(
    network: Network,
    difficulty: Difficulty,
    code: int,
    roll: Roll,
    left: int,
    quick: bool = False,
) -> dict[PowerOption, float]:
    """What each power on the whole roll is worth (penalty included); empty without uses.
    `quick` (for training) weighs only the one-die powers."""
    if left <= 0:
        return {}
    penalty = PENALTIES[difficulty][len(PENALTIES[difficulty]) - left]
    options = power_options(roll)
    if quick:
        options = [option for option in options if len(option.dice) == 1]
        needed = _one_die_rolls(roll)
        after = np.full(len(ROLL_ARRAY), np.nan)
        after[needed] = best_per_roll(
            network, difficulty, code, ROLL_ARRAY[needed], left - 1
        ).values
    else:
        after = best_per_roll(network, difficulty, code, ROLL_ARRAY, left - 1).values
    found: dict[PowerOption, float] = {}
    for option in options:
        if option.name == "reroll":
            kept = tuple(sorted(v for d, v in enumerate(roll) if d not in option.dice))
            value = float(reroll_chances(kept, len(option.dice)) @ after)
        else:
            step = 1 if option.name == "increase" else -1
            (die,) = option.dice
            new = tuple(sorted(roll[:die] + (roll[die] + step,) + roll[die + 1 :]))
            value = float(after[ROLL_INDEX[new]])
        found[option] = value - penalty
    return found


class RollPlay(NamedTuple):
    """The best play of a roll: its value and a board to confirm / ruin, or a power."""

    value: float
    code: int
    ruin: bool
    power: PowerOption | None


def choose(
    network: Network,
    difficulty: Difficulty,
    code: int,
    roll: Roll,
    left: int,
    quick: bool = False,
) -> RollPlay:
    """The best play of `roll` on the board `code`: a board, a RUIN or a power (one level);
    `quick` weighs all powers only in a MAGDAGDON, else the one-die ones."""
    best = best_per_roll(network, difficulty, code, np.array([roll], dtype=np.int8), left)
    choice = RollPlay(float(best.values[0]), int(best.codes[0]), bool(best.ruin[0]), None)
    quick = quick and not choice.ruin
    for option, value in power_values(network, difficulty, code, roll, left, quick).items():
        if value > choice.value + 1e-9:
            choice = RollPlay(value, code, False, option)
    return choice


@cache
def _power_table() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Every power on every one of the 126 rolls as a row of chances over the roll it gives,
    and the roll each row belongs to."""
    rows, owners = [], []
    for i, roll in enumerate(ROLLS):
        for option in power_options(roll):
            if option.name == "reroll":
                kept = tuple(sorted(v for d, v in enumerate(roll) if d not in option.dice))
                rows.append(reroll_chances(kept, len(option.dice)))
            else:
                step = 1 if option.name == "increase" else -1
                (die,) = option.dice
                new = tuple(sorted(roll[:die] + (roll[die] + step,) + roll[die + 1 :]))
                row = np.zeros(len(ROLLS))
                row[ROLL_INDEX[new]] = 1
                rows.append(row)
            owners.append(i)
    return np.array(rows), np.array(owners, dtype=np.int64)


def roll_values(network: Network, difficulty: Difficulty, code: int, left: int) -> Floats:
    """The value of each of the 126 rolls on the board `code`, the best power included."""
    if left <= 0 or not empty_cells(code):
        return best_per_roll(network, difficulty, code, ROLL_ARRAY, left).values
    penalty = PENALTIES[difficulty][len(PENALTIES[difficulty]) - left]
    now, later = best_per_roll_for(network, difficulty, code, ROLL_ARRAY, (left, left - 1))
    plain, after = now.values, later.values
    table, owners = _power_table()
    values = plain.copy()
    np.maximum.at(values, owners, table @ after - penalty)
    return values


def expected_value(network: Network, difficulty: Difficulty, code: int, left: int) -> float:
    """1-ply expectimax: the board's value as the exact average over the next roll."""
    if not empty_cells(code):
        return float(network.values(cells_of(np.array([code], dtype=np.int64)), left)[0])
    return float(ROLL_CHANCES @ roll_values(network, difficulty, code, left))
