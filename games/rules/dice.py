"""Dice drawn from a game's own seeded random stream, always in the same order."""

import random


def roll_dice(rng: random.Random, count: int) -> tuple[int, ...]:
    """Roll `count` six-sided dice from `rng`, one `randint(1, 6)` each, in order.

    >>> roll_dice(random.Random("demo"), 4) == roll_dice(random.Random("demo"), 4)
    True
    """
    return tuple(rng.randint(1, 6) for _ in range(count))
