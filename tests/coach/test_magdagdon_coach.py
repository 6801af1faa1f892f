"""The MAGDAGDON coach: legal advice in every phase, values for every legal action, the visible
state only, and whole games played to the end (M1-M22)."""

from __future__ import annotations

import random

import pytest

from games.coach.magdagdon import plan as coach
from games.rules import magdagdon as mg
from games.rules.magdagdon import RUIN, Difficulty
from tests.support import random_play


def random_states(difficulty: Difficulty, seed: int, moves: int) -> list[mg.State]:
    return random_play.random_states(mg, mg.Options(difficulty), seed, moves)


SAMPLES = [
    state
    for seed, difficulty in enumerate(Difficulty)
    for state in random_states(difficulty, seed, 40)[::4]
    if not state.is_finished
]


@pytest.mark.parametrize("state", SAMPLES, ids=repr)
def test_the_advice_is_legal_and_every_legal_action_is_valued_best_first(state):
    advice = coach.advise(state)
    assert advice in mg.legal_actions(state)
    values = coach.action_values(state)
    assert {a for a, _ in values} == set(mg.legal_actions(state))
    assert values[0] == (advice, max(v for _, v in values))


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_the_coach_finishes_a_whole_game_on_its_own(difficulty):
    rng = random.Random(7)
    state = mg.new_game(mg.Options(difficulty), rng)
    for _ in range(300):
        if state.is_finished:
            break
        state = mg.apply(state, coach.advise(state), rng)
    assert state.is_finished and None not in state.board  # M22


def test_in_a_magdagdon_without_powers_the_coach_accepts_the_least_costly_ruin():
    # M15/M16: every number is 1 and the roll is all 6s: nothing fits; NIGHTMARE has no powers
    board = (1, 1, 1, None) + (None,) * 12
    state = mg.State(Difficulty.NIGHTMARE, board, (6, 6, 6, 6), phase=mg.MAGDAGDON)
    advice = coach.advise(state)
    assert isinstance(advice, mg.AcceptMagdagdon)
    ruined = mg.apply(state, advice, random.Random(0)).board
    assert ruined.count(RUIN) == 1


def test_a_line_bonus_in_reach_is_taken():
    # row 0 holds 3 4 5 and the roll has a 6: completing the straight earns 60 (M19)
    board = (3, 4, 5, None) + (None,) * 12
    state = mg.State(Difficulty.NIGHTMARE, board, (6, 5, 4, 4), phase=mg.PLACING)
    plan = coach.turn_plan(state)
    assert (0, 3) in plan.staging


def test_the_advice_depends_only_on_what_the_player_sees():
    """The rules' state holds no random stream: equal positions reached through different random
    streams get the same advice, and so does a position read back from storage."""
    state = mg.apply(mg.new_game(mg.Options(), random.Random(1)), mg.Roll(), random.Random(5))
    assert not {"rng", "seed", "random"} & set(state.to_dict())
    twin = mg.State.from_dict(state.to_dict())
    assert coach.action_values(twin) == coach.action_values(state)
    for seed in range(200):
        other = mg.apply(
            mg.new_game(mg.Options(), random.Random(9)), mg.Roll(), random.Random(seed)
        )
        if other == state:
            assert coach.advise(other) == coach.advise(state)
