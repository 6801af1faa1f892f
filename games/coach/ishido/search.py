"""The Ishido coach: which cell to put the current stone on, and what each cell is worth.

`action_values(state)` gives every legal placement with its value, the expected final score
(I7–I10) if the coach places the stone there and then plays on by its fast policy; `advise(state)`
is the first of them. The coach sees what a player sees: the board, the score, the current
stone and the *contents* of the pouch (which stones remain, I1, I4), never their order, the
game's seed or its random generator. It plays the future out over orders of the remaining stones
that it draws itself, from a generator seeded by its own seed and the visible position, so the
same position always gets the same advice.

The search first plays every legal cell out over two sampled orders, then keeps a few cells
(the best of that screening and the best by the fast policy's judgement) and runs sequential
halving over them: each round plays every surviving cell out over the same sampled orders
(common random numbers, so the cells are compared on equal futures) and keeps the better half,
until one cell remains. The budget is counted in simulated placements, so a decision costs about
the same early (few long playouts) as late (many short ones).

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

from games.coach import Advice, NoDecision
from games.coach.ishido import calibration
from games.coach.ishido import value as model
from games.coach.ishido.board import Position, kind_of, place, points
from games.coach.ishido.policy import judge, live_mask, outlook, play_out
from games.rules.errors import gettext_noop
from games.rules.ishido import Place, State, end_bonus

__all__ = ["Coach", "action_values", "advise"]


@dataclass(frozen=True)
class Coach:
    """An Ishido coach: `seed` for its own sampling; `placements`, how many stones it may place
    in its playouts per decision; `width`, how many cells go on from screening to the search."""

    seed: int = 0
    placements: int = 36000
    width: int = 8
    horizon: int = 0
    wander: float = 0.0

    def advise(self, state: State) -> Place:
        """The placement the coach would make; NoDecision once the game is over."""
        values = self.raw_values(state)
        if not values:
            raise NoDecision(gettext_noop("The game is over: no more stones can be placed."))
        return values[0][0]

    def advice(self, state: State) -> Advice:
        """The coach's one answer: its cell (the search's), with its expected final score under
        the coach's play as the review's chart values it (games.coach.ishido.value), then every
        other legal placement valued by the same model, at most the coach's cell's value (the
        search, which picks the cell, found none better; the model, which values it, may rate
        another higher), best first; NoDecision once the game is over."""
        found = self.raw_values(state)
        if not found:
            raise NoDecision(gettext_noop("The game is over: no more stones can be placed."))
        place = found[0][0]
        worth = model.cell_values(state, [p.cell for p, _ in found])
        best = worth[place.cell]
        shown = {p.cell: min(worth[p.cell], best) for p, _ in found[1:]}
        others = sorted((p for p, _ in found[1:]), key=lambda p: (-shown[p.cell], p.cell))
        ranked = ((place, best), *((p, shown[p.cell]) for p in others))
        return Advice(place, best, "stone_points", False, ranked)

    def action_values(self, state: State) -> list[tuple[Place, float]]:
        """Every legal placement with its expected final score under the coach's own play, best
        first by that value (the coach's cell first: see `_search`): the playouts' mean
        (`raw_values`) calibrated to what the coach's play realises (`calibration`)."""
        stones = len(state.pouch)
        return [(p, calibration.value(stones, v, "hint")) for p, v in self.raw_values(state)]

    def raw_values(self, state: State) -> list[tuple[Place, float]]:
        """Every legal placement with the mean final score of its playouts by the fast policy
        (lower than the coach's own play would score, but for the last stones), best first."""
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
        depth = min(len(rest), self.horizon) if self.horizon else len(rest)
        budget = min(MAX_PLAYOUTS, self.placements // depth)
        return _search(position, kind, cells, rest, rng, budget, self)


DEFAULT = Coach()
Future = tuple[list[int], int]  # a sampled order of the stones to come, and a playout seed
SCREENING = 2  # playouts of every legal cell before the search narrows down
MAX_PLAYOUTS = 1000


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


def _play(position: Position, cell: int, kind: int, future: Future, coach: Coach) -> float:
    """The final score of placing `kind` on `cell`, then playing the `future` by the fast policy;
    with a horizon, only that many stones are played, and `outlook` judges the rest."""
    order, seed = future
    after = position.copy()
    place(after, cell, kind)
    horizon = coach.horizon or len(order)
    rng = random.Random(seed) if coach.wander else None
    left, live = play_out(after, order, horizon, coach.wander, rng)
    if left is None:
        return outlook(after, live, len(order) - horizon)
    return after.score + end_bonus(left)


def _search(
    position: Position,
    kind: int,
    cells: list[int],
    rest: list[int],
    rng: random.Random,
    budget: int,
    coach: Coach,
) -> list[tuple[Place, float]]:
    """Screening, then sequential halving over the `width` most promising cells. The cell that
    survives is the coach's, first, with the mean final score of its playouts; the others
    follow by theirs, each at most the coach's cell's: a cell dropped earlier was played out
    on fewer futures, so a higher mean there is luck the search did not confirm (as MAGDAGDON's
    boards not valued one roll deeper are worth at most the best of those that were)."""
    live = live_mask([rest.count(k) for k in range(36)])
    by_judgement = sorted(cells, key=lambda c: (-judge(position, c, kind, live), c))
    totals = dict.fromkeys(cells, 0.0)
    played = dict.fromkeys(cells, 0)
    futures: list[Future] = []
    width = coach.width

    def play_all(group: list[int], count: int) -> None:
        first = played[group[0]]
        while len(futures) < first + count:
            order = rest[:]
            rng.shuffle(order)
            futures.append((order, rng.getrandbits(32)))
        for cell in group:
            for future in futures[first : first + count]:
                totals[cell] += _play(position, cell, kind, future, coach)
            played[cell] += count

    def by_mean(group: list[int]) -> list[int]:
        return sorted(group, key=lambda c: (-totals[c] / played[c], c))

    play_all(by_judgement, SCREENING)
    screened = by_mean(by_judgement)
    survivors = list(dict.fromkeys(screened[: width // 2] + by_judgement[: width // 2]))
    left = max(0, budget - SCREENING * len(cells))
    eliminated = [[cell for cell in screened if cell not in survivors]]
    rounds = max(1, math.ceil(math.log2(len(survivors)))) if len(survivors) > 1 else 0
    while len(survivors) > 1:
        play_all(survivors, max(1, left // (rounds * len(survivors))))
        survivors = by_mean(survivors)
        keep = (len(survivors) + 1) // 2
        eliminated.append(survivors[keep:])
        survivors = survivors[:keep]
    ranked = survivors + [cell for group in reversed(eliminated) for cell in group]
    best = totals[ranked[0]] / played[ranked[0]]
    values = {cell: min(totals[cell] / played[cell], best) for cell in ranked[1:]}
    others = sorted(ranked[1:], key=lambda cell: -values[cell])  # ties: the search's order
    return [(Place(ranked[0]), best), *((Place(cell), values[cell]) for cell in others)]
