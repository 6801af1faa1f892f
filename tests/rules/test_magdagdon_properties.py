"""Property tests: random legal MAGDAGDON play never breaks an invariant of the rule page."""

from __future__ import annotations

import json
import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove
from games.rules import magdagdon as m
from tests.support.magdagdon_oracle import (
    around,
    numbers_of,
    oracle_can_place,
    oracle_legal_cells,
    oracle_phase,
    oracle_required,
    oracle_score,
    to_grid,
)

MAX_STEPS = 400


def every_action() -> list[m.Action]:
    """The whole action domain a browser could name."""
    actions: list[m.Action] = [m.Roll(), m.Confirm()]
    for die in range(4):
        actions += [m.Unstage(die), m.Decrease(die), m.Increase(die)]
        actions += [m.Stage(die, cell) for cell in range(16)]
    for size in range(1, 5):
        actions += [m.Reroll(dice) for dice in combinations(range(4), size)]
    actions += [m.AcceptMagdagdon(cell) for cell in range(16)]
    return actions


ALL_ACTIONS = every_action()


def choose(state: m.State, rng: random.Random) -> m.Action:
    """A random player that reads the board with the oracle, not with the module."""
    if state.phase == "rolling":
        return m.Roll()
    staged = {die for die, _ in state.staged}
    free = [die for die in range(4) if die not in staged]
    uses_left = {"peaceful": 3, "survival": 1, "nightmare": 0}[state.difficulty.value] - len(
        state.powers_used
    )
    powers: list[m.Action] = []
    if uses_left > 0 and free:
        powers += [m.Decrease(d) for d in free if state.roll[d] > 1]
        powers += [m.Increase(d) for d in free if state.roll[d] < 6]
        powers.append(m.Reroll(tuple(rng.sample(free, rng.randint(1, len(free))))))
    if state.phase == "magdagdon":
        if powers and rng.random() < 0.4:
            return rng.choice(powers)
        if state.staged and rng.random() < 0.2:
            return m.Unstage(rng.choice(sorted(staged)))
        return m.AcceptMagdagdon(rng.choice([c for c in range(16) if state.board[c] is None]))
    need = oracle_required(state.board, state.difficulty.value)
    if len(state.staged) >= need and rng.random() < 0.45:
        return m.Confirm()
    if powers and rng.random() < 0.05:
        return rng.choice(powers)
    if state.staged and rng.random() < 0.08:
        return m.Unstage(rng.choice(sorted(staged)))
    board = m.current_board(state)
    stages = [
        m.Stage(die, cell) for die in free for cell in oracle_legal_cells(board, state.roll[die])
    ]
    if stages:
        return rng.choice(sorted(stages, key=repr))
    if len(state.staged) >= need:
        return m.Confirm()
    return m.Unstage(rng.choice(sorted(staged)))


def check_board_invariants(board: tuple[object, ...]) -> None:
    """M9 at every confirm: all orthogonal numbers differ by at most 1 and form one field."""
    nums = numbers_of(to_grid(board))
    for pos, value in nums.items():
        for q in around(pos):
            if q in nums:
                assert abs(nums[q] - value) <= 1, board
    if nums:
        start = next(iter(nums))
        seen, todo = {start}, [start]
        while todo:
            for q in around(todo.pop()):
                if q in nums and q not in seen:
                    seen.add(q)
                    todo.append(q)
        assert seen == set(nums), board


def play_random_game(seed: int, difficulty: m.Difficulty) -> tuple[m.State, list[m.Action]]:
    chooser = random.Random(seed)
    dice = random.Random(seed ^ 0x5EED)
    state = m.new_game(m.Options(difficulty), dice)
    actions: list[m.Action] = []
    for _ in range(MAX_STEPS):
        if state.is_finished:
            return state, actions
        action = choose(state, chooser)
        before = state
        state = m.apply(state, action, dice)
        actions.append(action)
        # M15: MAGDAGDON exactly when the oracle finds no order placing the minimum
        assert state.phase == oracle_phase(state), (before, action, state)
        if isinstance(action, m.Confirm | m.AcceptMagdagdon):
            check_board_invariants(state.board)
            assert state.turns == before.turns + 1
            assert sum(v is not None for v in state.board) > sum(
                v is not None for v in before.board
            )
        if isinstance(action, m.Confirm):
            assert len(before.staged) >= oracle_required(before.board, difficulty.value)
            assert state.board.count(m.RUIN) == before.board.count(m.RUIN)
        assert (
            len(state.powers_used)
            <= {"peaceful": 3, "survival": 1, "nightmare": 0}[difficulty.value]
        )
    raise AssertionError(f"the game did not end in {MAX_STEPS} steps")


@settings(max_examples=250, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(list(m.Difficulty)))
def test_M22_random_legal_play_ends_in_a_full_board_with_a_recomputable_score(
    seed: int, difficulty: m.Difficulty
) -> None:
    state, actions = play_random_game(seed, difficulty)
    # M22: every cell a number or a RUIN
    assert state.is_finished and state.phase == "finished"
    assert all(cell == m.RUIN or cell in range(1, 7) for cell in state.board)
    assert (state.roll, state.staged) == ((), ())
    # M21: the final score equals an independent recomputation
    uses = len(state.powers_used)
    assert m.live_score(state).total == oracle_score(state.board, difficulty.value, uses)
    # turns count every roll that ended in a CONFIRM or a ruin
    ends = sum(isinstance(a, m.Confirm | m.AcceptMagdagdon) for a in actions)
    assert state.turns == ends == sum(isinstance(a, m.Roll) for a in actions)
    # the same seed and actions replay to the same state
    dice = random.Random(seed ^ 0x5EED)
    replayed = m.new_game(m.Options(difficulty), dice)
    for action in actions:
        replayed = m.apply(replayed, m.action_from_dict(action.to_dict()), dice)
    assert replayed == state


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    difficulty=st.sampled_from(list(m.Difficulty)),
    stop=st.integers(0, 60),
)
def test_M15_state_round_trips_and_magdagdon_never_when_the_minimum_fits(
    seed: int, difficulty: m.Difficulty, stop: int
) -> None:
    chooser, dice = random.Random(seed), random.Random(~seed)
    state = m.new_game(m.Options(difficulty), dice)
    for _ in range(stop):
        if state.is_finished:
            break
        state = m.apply(state, choose(state, chooser), dice)
    data = json.loads(json.dumps(state.to_dict()))
    assert m.State.from_dict(data) == state
    if state.roll:
        fits = oracle_can_place(
            state.board, state.roll, oracle_required(state.board, difficulty.value)
        )
        assert m.is_magdagdon(state) == (not fits)
        assert m.can_place(state.board, state.roll, m.required(state)) == fits


def test_M3_M17_legal_actions_are_exactly_the_actions_apply_accepts() -> None:
    """Over random mid-game states, every action of the domain is tried: apply accepts it iff
    legal_actions lists it, and a refusal never changes the state."""
    checked = 0
    for seed in range(60):
        chooser, dice = random.Random(seed), random.Random(seed + 1000)
        state = m.new_game(m.Options(list(m.Difficulty)[seed % 3]), dice)
        while not state.is_finished:
            legal = set(m.legal_actions(state))
            for action in ALL_ACTIONS:
                probe = random.Random(7)
                try:
                    m.apply(state, action, probe)
                except IllegalMove:
                    assert action not in legal, (state, action)
                else:
                    assert action in legal, (state, action)
                checked += 1
            if state.phase == "placing":
                for die in m.available_dice(state):
                    want = oracle_legal_cells(m.current_board(state), state.roll[die])
                    assert m.legal_cells_for_die(state, die) == want
            state = m.apply(state, choose(state, chooser), dice)
    assert checked > 10000
