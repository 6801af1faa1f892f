"""The Ishido coach: which cell to put the current stone on, and what each cell is worth.

`action_values(state)` gives every legal placement with its value, the expected final score
(I7–I10) if the coach places the stone there and then plays on by its fast policy; `advise(state)`
is the first of them. The coach sees what a player sees: the board, the score, the current
stone and the *contents* of the pouch (which stones remain, I1, I4), never their order, the
game's seed or its random generator. It plays the future out over orders of the remaining stones
that it draws itself, from a generator seeded by its own seed and the visible position, so the
same position always gets the same advice.

The search is sequential halving over the legal cells: each round plays every surviving cell out
over the same sampled orders (common random numbers, so the cells are compared on equal
futures) and keeps the better half, until one cell remains or the budget is spent.

>>> import random
>>> from games.rules import ishido as rules
>>> state = rules.new_game(rules.Options(), random.Random(7))
>>> advise(state) in rules.legal_actions(state)
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from games.coach.ishido_board import Position, kind_of, place, points
from games.coach.ishido_policy import judge, live_mask, play_out
from games.rules.errors import IllegalMove, gettext_noop
from games.rules.ishido import Place, State, end_bonus

__all__ = ["Coach", "action_values", "advise"]


@dataclass(frozen=True)
class Coach:
    """An Ishido coach: `seed` for its own sampling, `rollouts` played out per decision."""

    seed: int = 0
    rollouts: int = 384

    def advise(self, state: State) -> Place:
        """The placement the coach would make; IllegalMove once the game is over."""
        values = self.action_values(state)
        if not values:
            raise IllegalMove(gettext_noop("The game is over: no more stones can be placed."))
        return values[0][0]

    def action_values(self, state: State) -> list[tuple[Place, float]]:
        """Every legal placement with its expected final score, best first."""
        if state.is_finished:
            return []
        stone = state.pouch[0]
        kind = kind_of(stone)
        rest = sorted(kind_of(s) for s in state.pouch[1:])  # contents only, never the order
        position = Position.from_board(state.board, state.four_ways, state.score)
        cells = sorted(state.legal_cells)
        if not rest:  # the last stone: the value is exact
            return _best_first(
                {c: position.score + points(position, c) + end_bonus(0) for c in cells}
            )
        rng = random.Random(f"ishido-coach|{self.seed}|{_visible(state)}")
        return _halve(position, kind, cells, rest, rng, self.rollouts)


DEFAULT = Coach()


def advise(state: State, coach: Coach = DEFAULT) -> Place:
    """The placement `coach` would make in `state`."""
    return coach.advise(state)


def action_values(state: State, coach: Coach = DEFAULT) -> list[tuple[Place, float]]:
    """Every legal placement in `state` with its expected final score, best first."""
    return coach.action_values(state)


def _visible(state: State) -> str:
    """What a player sees, as text: board, 4-ways, score, current stone, the pouch's contents."""
    board = "".join("--" if s is None else f"{s[0]}{s[1]}" for s in state.board)
    contents = "".join(sorted(f"{s[0]}{s[1]}" for s in state.pouch[1:]))
    current = state.pouch[0]
    return f"{board}|{state.four_ways}|{state.score}|{current[0]}{current[1]}|{contents}"


def _best_first(values: dict[int, float]) -> list[tuple[Place, float]]:
    ranked = sorted(values, key=lambda cell: (-values[cell], cell))
    return [(Place(cell), values[cell]) for cell in ranked]


def _play(position: Position, cell: int, kind: int, order: list[int]) -> int:
    """The final score of placing `kind` on `cell`, then playing `order` by the fast policy."""
    future = position.copy()
    place(future, cell, kind)
    left = play_out(future, order)
    return future.score + end_bonus(left)


def _halve(
    position: Position,
    kind: int,
    cells: list[int],
    rest: list[int],
    rng: random.Random,
    budget: int,
) -> list[tuple[Place, float]]:
    """Sequential halving over `cells`; the survivors of later rounds rank first."""
    live = live_mask([rest.count(k) for k in range(36)])
    survivors = sorted(cells, key=lambda c: (-judge(position, c, kind, live), c))
    totals = dict.fromkeys(cells, 0)
    played = dict.fromkeys(cells, 0)
    eliminated: list[list[int]] = []
    orders: list[list[int]] = []
    rounds = max(1, math.ceil(math.log2(len(cells))))
    while True:
        per_cell = max(1, budget // (rounds * len(survivors)))
        first = played[survivors[0]]
        while len(orders) < first + per_cell:
            order = rest[:]
            rng.shuffle(order)
            orders.append(order)
        for cell in survivors:
            for order in orders[first : first + per_cell]:
                totals[cell] += _play(position, cell, kind, order)
            played[cell] += per_cell
        survivors.sort(key=lambda c: (-totals[c] / played[c], c))
        if len(survivors) == 1:
            break
        keep = (len(survivors) + 1) // 2
        eliminated.append(survivors[keep:])
        survivors = survivors[:keep]
    ranked = survivors + [cell for group in reversed(eliminated) for cell in group]
    return [(Place(cell), totals[cell] / played[cell]) for cell in ranked]
