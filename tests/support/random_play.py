"""States met by a random legal player of any game (odd positions too, not only sensible
ones): the coaches' tests value them."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any


def random_states(rules: ModuleType, options: Any, seed: int, moves: int) -> list[Any]:
    """The states of one game of `rules` whose every move is a random legal action."""
    rng = random.Random(seed)
    state = rules.new_game(options, rng)
    seen = [state]
    for _ in range(moves):
        if state.is_finished:
            break
        state = rules.apply(state, rng.choice(rules.legal_actions(state)), rng)
        seen.append(state)
    return seen
