"""Ishido whole games: random legal play checked against the oracle, recorded games replayed to
their known final scores, the action and state formats, and the speed of `apply`."""

import json
import random
import timeit
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import CorruptState, IllegalMove, InvalidMove, ishido
from games.rules.ishido import Options, Place, Stone
from tests.support.ishido_oracle import (
    oracle_end_bonus,
    oracle_is_legal,
    oracle_legal_cells,
    oracle_neighbour_stones,
    oracle_placement_points,
)

ALL_STONES = Counter((c, s) for c in range(6) for s in range(6) for _ in range(2))


def lowest(state):
    return min(state.legal_cells)


def greedy(state):
    """The best-scoring cell now, the lowest of equals."""
    return max(
        sorted(state.legal_cells),
        key=lambda c: ishido.placement_points(state.board, c, state.four_ways),
    )


def packer(state):
    """The cell with most neighbours, interior before border, the lowest of equals."""
    return max(
        sorted(state.legal_cells),
        key=lambda c: (len(oracle_neighbour_stones(state.board, c)), not ishido.is_border(c), -c),
    )


def play(seed, policy):
    state = ishido.new_game(Options(), random.Random(seed))
    while not state.is_finished:
        state = ishido.apply(state, Place(policy(state)), random.Random(0))
    return state


def recompute_final_score(final):
    """I7–I10 from the history alone, with the oracle and an independent 4-way count."""
    board = list(final.board)
    for placement in final.placements:
        board[placement.cell] = None
    assert sum(s is not None for s in board) == 6
    four_ways = total = 0
    for placement in final.placements:
        assert oracle_is_legal(board, placement.cell, placement.stone)
        total += oracle_placement_points(board, placement.cell, four_ways)
        if len(oracle_neighbour_stones(board, placement.cell)) == 4:
            four_ways += 1
        board[placement.cell] = placement.stone
    assert tuple(board) == final.board
    return total + oracle_end_bonus(final.stones_left)


def assert_invariants(state):
    on_board = [s for s in state.board if s is not None]
    assert len(on_board) == 6 + len(state.placements)
    assert 6 + len(state.placements) + state.stones_left == 72
    assert Counter(on_board) + Counter(state.pouch) == ALL_STONES
    assert state.doubling_factor == 2**state.four_ways
    assert state.score == sum(p.points for p in state.placements)
    if state.is_finished:
        assert state.current_stone is None and state.legal_cells == frozenset()
        if state.end_reason == "pouch_empty":
            assert state.stones_left == 0
        else:
            assert state.end_reason == "stuck"
            assert oracle_legal_cells(state.board, state.pouch[0]) == frozenset()
    else:
        assert state.end_reason is None
        assert state.current_stone == state.pouch[0]
        assert state.legal_cells == oracle_legal_cells(state.board, state.current_stone)
        assert state.legal_cells


# ---------------------------------------------------------------- property tests


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_i3_opening_shows_each_colour_and_shape_once(seed):
    state = ishido.new_game(Options(), random.Random(seed))
    opening = [state.board[c] for c in ishido.OPENING_CELLS]
    assert sorted(s.colour for s in opening) == list(range(6))
    assert sorted(s.shape for s in opening) == list(range(6))
    assert sum(s is not None for s in state.board) == 6
    assert_invariants(state)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_i5_to_i10_random_legal_play_keeps_every_invariant(seed, data):
    state = ishido.new_game(Options(), random.Random(seed))
    assert_invariants(state)
    while not state.is_finished:
        cells = sorted(state.legal_cells)
        cell = cells[data.draw(st.integers(0, len(cells) - 1), label="choice")]
        before, stone = state, state.current_stone
        state = ishido.place(state, cell)
        # I5: the stone fitted its neighbours at the time; I7–I9: it earned what the oracle says.
        assert oracle_is_legal(before.board, cell, stone)
        assert state.placements[-1] == (
            cell,
            stone,
            oracle_placement_points(before.board, cell, before.four_ways),
        )
        assert_invariants(state)
    assert state.final_score == recompute_final_score(state)
    assert ishido.State.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_replaying_the_placements_rebuilds_the_same_game(seed, data):
    state = ishido.new_game(Options(), random.Random(seed))
    while not state.is_finished:
        cells = sorted(state.legal_cells)
        state = ishido.place(state, cells[data.draw(st.integers(0, len(cells) - 1))])
    replayed = ishido.new_game(Options(), random.Random(seed))
    for placement in state.placements:
        replayed = ishido.apply(replayed, Place(placement.cell), random.Random(1))
    assert replayed == state


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_i5_every_refused_cell_is_illegal_by_the_oracle(seed, data):
    state = ishido.new_game(Options(), random.Random(seed))
    for _ in range(data.draw(st.integers(0, 30))):
        if state.is_finished:
            break
        state = ishido.place(state, min(state.legal_cells))
    cell = data.draw(st.integers(0, 95))
    if state.is_finished:
        with pytest.raises(IllegalMove):
            ishido.place(state, cell)
    elif oracle_is_legal(state.board, cell, state.current_stone):
        assert ishido.place(state, cell).board[cell] == state.current_stone
    else:
        with pytest.raises(IllegalMove):
            ishido.place(state, cell)


# ---------------------------------------------------------------- recorded games

RECORDED = [
    # seed, policy, placements, four-ways, end reason, stones left, final score
    (1, lowest, 38, 0, "stuck", 28, 30),
    (2, lowest, 65, 1, "stuck", 1, 610),
    (4, greedy, 66, 2, "pouch_empty", 0, 1171),
    (69, packer, 66, 3, "pouch_empty", 0, 1386),
    (74, packer, 64, 2, "stuck", 2, 322),
]


@pytest.mark.parametrize(
    ("seed", "policy", "placed", "four_ways", "reason", "left", "final"),
    RECORDED,
    ids=[f"seed{r[0]}-{r[1].__name__}" for r in RECORDED],
)
def test_i6_i10_recorded_game_replays_to_its_known_final_score(
    seed, policy, placed, four_ways, reason, left, final
):
    state = play(seed, policy)
    assert (len(state.placements), state.four_ways, state.end_reason) == (placed, four_ways, reason)
    assert state.stones_left == left
    assert state.final_score == final
    assert recompute_final_score(state) == final


# ---------------------------------------------------------------- actions from outside


def test_place_action_round_trips_through_its_dict():
    assert Place(13).to_dict() == {"type": "place", "cell": 13}
    assert ishido.action_from_dict({"type": "place", "cell": 13}) == Place(13)
    assert ishido.action_from_dict(json.loads(json.dumps(Place(95).to_dict()))) == Place(95)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "move", "cell": 13},
        {"cell": 13},
        {"type": "place"},
        {"type": "place", "cell": 13, "extra": 1},
        {"type": "place", "cell": "13"},
        {"type": "place", "cell": 13.0},
        {"type": "place", "cell": True},
        {"type": "place", "cell": None},
        {"type": "place", "cell": -1},
        {"type": "place", "cell": 96},
        {"type": "PLACE", "cell": 13},
        ["place", 13],
        None,
        "place 13",
    ],
)
def test_action_from_dict_refuses_untrusted_junk(data):
    # Stored action dicts are written by the site, never typed by a player: a malformed one is
    # corrupt data for a developer (CorruptState, untranslated), not a refused move.
    with pytest.raises(CorruptState) as refused:
        ishido.action_from_dict(data)
    assert not isinstance(refused.value, IllegalMove)


@pytest.mark.parametrize("action", [Place(-1), Place(96), Place(True), Place("5"), "place"])
def test_apply_refuses_malformed_actions(action):
    state = ishido.new_game(Options(), random.Random(1))
    with pytest.raises(InvalidMove):
        ishido.apply(state, action, random.Random(1))


def test_apply_leaves_rng_alone():
    state = ishido.new_game(Options(), random.Random(1))
    rng = random.Random(5)
    ishido.apply(state, Place(lowest(state)), rng)
    assert rng.getstate() == random.Random(5).getstate()


# ---------------------------------------------------------------- stored forms


def test_options_round_trip_and_refuse_unknown_keys():
    assert Options.from_dict(Options().to_dict()) == Options()
    with pytest.raises(CorruptState):
        Options.from_dict({"level": 3})


@pytest.mark.parametrize("seed", [1, 4, 69])
def test_state_round_trips_through_json_exactly(seed):
    state = ishido.new_game(Options(), random.Random(seed))
    states = [state]
    while not state.is_finished:
        state = ishido.place(state, greedy(state))
        states.append(state)
    for s in states:
        data = json.loads(json.dumps(s.to_dict()))
        back = ishido.State.from_dict(data)
        assert back == s
        assert back.to_dict() == data
        assert back.legal_cells == s.legal_cells


def test_state_dict_is_compact():
    data = ishido.new_game(Options(), random.Random(1)).to_dict()
    assert len(data["board"]) == 192 and len(data["pouch"]) == 132
    assert len(json.dumps(data)) < 500


def good_state_dict():
    return ishido.new_game(Options(), random.Random(1)).to_dict()


@pytest.mark.parametrize(
    "change",
    [
        {"board": "--" * 95},
        {"board": "--" * 95 + "66"},
        {"pouch": "123"},
        {"pouch": 12},
        {"four_ways": -1},
        {"score": "3"},
        {"score": True},
        {"placements": [[13, "24"]]},
        {"placements": [[130, "24", 1]]},
        {"placements": "none"},
        {"phase": "done"},
        {"phase": "finished"},
        {"end_reason": "stuck"},
        {"pouch": ""},
        {"extra": 1},
    ],
)
def test_state_from_dict_refuses_malformed_data(change):
    with pytest.raises(CorruptState):
        ishido.State.from_dict({**good_state_dict(), **change})


def test_state_from_dict_refuses_missing_key():
    data = good_state_dict()
    del data["score"]
    with pytest.raises(CorruptState):
        ishido.State.from_dict(data)


def test_states_hold_stone_namedtuples():
    start = ishido.new_game(Options(), random.Random(2))
    state = ishido.place(start, lowest(start))
    assert all(isinstance(s, Stone) for s in state.board if s is not None)
    assert all(isinstance(s, Stone) for s in state.pouch)
    assert isinstance(state.placements[0].stone, Stone)


# ---------------------------------------------------------------- speed


def test_apply_takes_well_under_a_millisecond():
    state = ishido.new_game(Options(), random.Random(3))
    for _ in range(20):
        state = ishido.place(state, greedy(state))
    action, rng = Place(greedy(state)), random.Random(0)
    runs = 300
    seconds = min(timeit.repeat(lambda: ishido.apply(state, action, rng), number=runs, repeat=3))
    assert seconds / runs < 0.001
