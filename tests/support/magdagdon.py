"""Shared by the MAGDAGDON view and browser tests: players, games at chosen positions, the
snapshot a refused move must leave alone, and a simple deterministic player."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game
from games.rules import magdagdon as rules
from tests.support import games as support
from tests.support.games import set_state
from tests.support.magdagdon_oracle import make_state

KIND = get_kind("magdagdon")


def start_seeded(client, difficulty: str = "peaceful", seed: str = "fixed") -> Game:
    options = rules.Options(rules.Difficulty(difficulty))
    return support.start_seeded(client, "magdagdon", options, seed=seed)


def start_at(client, board: str = "." * 16, **fields) -> Game:
    """A game at a chosen position: `board` as in the rules tests ('3X.. ....'), plus any of
    roll, staged, difficulty, powers, turns."""
    state = make_state(board, **fields)
    return set_state(start_seeded(client, str(state.difficulty)), state)


def url(game: Game, action: str) -> str:
    return reverse(f"magdagdon:{action}", args=[game.pk])


# --- a deterministic player ---------------------------------------------------------------


def staging_plan(state: rules.State) -> list[tuple[int, int]]:
    """(die, cell) pairs that complete the required minimum from the current staging: the
    first found trying lower dice and lower cells first."""

    def search(current: rules.State, need: int) -> list[tuple[int, int]] | None:
        if need <= 0:
            return []
        for die in rules.available_dice(current):
            for cell in sorted(rules.legal_cells_for_die(current, die)):
                after = replace(current, staged=current.staged + ((die, cell),))
                rest = search(after, need - 1)
                if rest is not None:
                    return [(die, cell), *rest]
        return None

    plan = search(state, rules.required(state) - len(state.staged))
    assert plan is not None, "M15: a roll that is not a MAGDAGDON can be placed"
    return plan


def next_action(state: rules.State) -> rules.Action:
    """The simple player: +1 (or −1) on die 1 in the first turn when powers exist; REROLL
    every die at the first MAGDAGDON while a power is left; later MAGDAGDONs are accepted on
    the first empty cell; otherwise stage the plan and CONFIRM."""
    if state.phase == "rolling":
        return rules.Roll()
    if state.phase == "magdagdon":
        if rules.powers_left(state) and "reroll" not in state.powers_used:
            return rules.Reroll(rules.available_dice(state))
        return rules.AcceptMagdagdon(state.board.index(None))
    if state.turns == 0 and not state.staged and not state.powers_used:
        if rules.powers_left(state):
            return rules.Increase(0) if state.roll[0] < 6 else rules.Decrease(0)
    plan = staging_plan(state)
    if plan:
        return rules.Stage(*plan[0])
    return rules.Confirm()


def simulate(difficulty: str, seed: str) -> Iterator[tuple[rules.State, rules.Action]]:
    """The simple player's whole game from a seed, as the server would play it."""
    rng = random.Random(seed)
    state = rules.new_game(rules.Options(rules.Difficulty(difficulty)), rng)
    while not state.is_finished:
        action = next_action(state)
        yield state, action
        state = rules.apply(state, action, rng)
    yield state, rules.Confirm()
