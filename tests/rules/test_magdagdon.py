"""MAGDAGDON rules, one table or test per rule number (M1–M22), plus the engine's contract:
serialisation, strict action parsing, refusals and determinism."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError

import pytest

from games.rules import CorruptState, IllegalMove, InvalidMove
from games.rules import magdagdon as m
from games.rules.dice import roll_dice
from games.rules.magdagdon import (
    RUIN,
    AcceptMagdagdon,
    Confirm,
    Decrease,
    Difficulty,
    Increase,
    Options,
    Reroll,
    Roll,
    Stage,
    State,
    Unstage,
)
from tests.support.magdagdon_oracle import board_from_text, make_state

RNG = random.Random(0)


def play(state: State, *actions: m.Action, seed: int = 0) -> State:
    rng = random.Random(seed)
    for action in actions:
        state = m.apply(state, action, rng)
    return state


def refused(state: State, action: m.Action, fragment: str) -> None:
    before = state.to_dict()
    with pytest.raises(IllegalMove) as info:
        m.apply(state, action, random.Random(0))
    assert fragment in str(info.value)
    assert state.to_dict() == before  # never mutated


# ---------------------------------------------------------------------------------------------
# Board and turn (M1–M4)


def test_M1_new_game_is_an_empty_4x4_board_waiting_for_a_roll() -> None:
    state = m.new_game(Options(Difficulty.SURVIVAL), random.Random(1))
    assert state.board == (None,) * 16
    assert state.difficulty is Difficulty.SURVIVAL
    assert (state.phase, state.roll, state.staged, state.turns) == ("rolling", (), (), 0)
    assert not state.is_finished


@pytest.mark.parametrize(
    ("cell", "neighbours"),
    [(0, {1, 4}), (3, {2, 7}), (5, {1, 4, 6, 9}), (12, {8, 13}), (15, {11, 14}), (7, {3, 6, 11})],
)
def test_M1_cells_are_row_major_so_neighbours_follow_index_row_times_4_plus_column(
    cell: int, neighbours: set[int]
) -> None:
    board = [None] * 16
    board[cell] = 3
    assert m.legal_cells(tuple(board), 3) == frozenset(neighbours)


def test_M1_rows_do_not_wrap_cell_3_does_not_touch_cell_4() -> None:
    board = board_from_text("...3 .... .... ....")
    assert 4 not in m.legal_cells(board, 3)


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 12345])
def test_M2_roll_draws_four_dice_from_the_rng_in_order(seed: int) -> None:
    state = m.apply(m.new_game(Options(), random.Random(seed)), Roll(), random.Random(seed))
    assert state.roll == roll_dice(random.Random(seed), 4)
    assert all(1 <= v <= 6 for v in state.roll) and len(state.roll) == 4


def test_M2_roll_is_refused_once_the_turn_has_its_dice() -> None:
    state = make_state(roll=(1, 2, 3, 4))
    refused(state, Roll(), "already rolled")


def test_M3_staged_dice_are_provisional_and_can_be_taken_back() -> None:
    state = make_state(roll=(3, 3, 5, 6))
    staged = play(state, Stage(0, 5))
    assert staged.staged == ((0, 5),)
    assert staged.board == state.board  # nothing permanent yet
    assert m.current_board(staged)[5] == 3
    back = play(staged, Unstage(0))
    assert back == state


def test_M3_confirm_makes_staged_dice_permanent_and_discards_the_others() -> None:
    state = play(make_state(roll=(3, 4, 1, 6)), Stage(0, 5), Stage(1, 6), Confirm())
    assert state.board[5] == 3 and state.board[6] == 4
    assert sum(v is not None for v in state.board) == 2
    assert (state.roll, state.staged, state.phase, state.turns) == ((), (), "rolling", 1)
    refused(state, Unstage(0), "Roll the dice first")


def test_M3_a_staged_die_cannot_be_staged_twice() -> None:
    state = play(make_state(roll=(3, 3, 5, 6)), Stage(0, 5))
    refused(state, Stage(0, 6), "Die 1 is already on the board")


@pytest.mark.parametrize(
    ("cell", "fragment"),
    [(0, "already holds a number"), (1, "is a RUIN"), (4, "already holds a staged die")],
)
def test_M3_dice_go_only_on_empty_cells(cell: int, fragment: str) -> None:
    state = play(make_state("3X.. .... .... ....", roll=(3, 3, 2, 4)), Stage(0, 4))
    refused(state, Stage(1, cell), fragment)


def test_M4_confirm_needs_the_minimum_but_more_dice_may_be_staged() -> None:
    state = make_state(roll=(3, 3, 3, 3))
    one = play(state, Stage(0, 0))
    assert not m.can_confirm(one)
    refused(one, Confirm(), "Not enough dice staged to confirm: 1 staged, 2 required")
    four = play(one, Stage(1, 1), Stage(2, 2), Stage(3, 3))
    assert m.can_confirm(four)
    assert play(four, Confirm()).board[:4] == (3, 3, 3, 3)


# ---------------------------------------------------------------------------------------------
# Difficulty (M5–M7)


@pytest.mark.parametrize(
    ("difficulty", "uses", "penalties"),
    [("peaceful", 3, [10, 20, 40]), ("survival", 1, [70]), ("nightmare", 0, [])],
)
def test_M5_power_uses_and_penalties_in_order_of_use(
    difficulty: str, uses: int, penalties: list[int]
) -> None:
    state = make_state("3... .... .... ....", roll=(3, 3, 3, 3), difficulty=difficulty)
    seen = []
    for die in range(uses):
        assert m.powers_left(state) == uses - die
        seen.append(m.next_penalty(state))
        state = play(state, Increase(die))
    assert seen == penalties
    assert m.live_score(state).power_penalty == sum(penalties)
    assert m.powers_left(state) == 0 and m.next_penalty(state) is None
    assert not m.can_use_power(state)


def test_M5_peaceful_refuses_a_fourth_power_use() -> None:
    state = play(make_state(roll=(3, 3, 3, 3)), Increase(0), Increase(1), Increase(2))
    assert state.powers_used == ("increase",) * 3
    assert m.live_score(state).power_penalty == 70
    refused(state, Increase(3), "no Majda Power uses left")


def test_M5_survival_has_one_use_costing_70() -> None:
    state = play(make_state(roll=(3, 3, 3, 3), difficulty="survival"), Reroll((0, 1)))
    assert m.live_score(state).power_penalty == 70
    refused(state, Decrease(2), "no Majda Power uses left")


@pytest.mark.parametrize("action", [Decrease(0), Increase(0), Reroll((0,))])
def test_M5_nightmare_has_no_powers(action: m.Action) -> None:
    state = make_state(roll=(3, 3, 3, 3), difficulty="nightmare")
    refused(state, action, "NIGHTMARE has no Majda Powers")


@pytest.mark.parametrize(
    ("difficulty", "empty", "expected"),
    [
        ("peaceful", 16, 2),
        ("peaceful", 2, 2),
        ("peaceful", 1, 1),
        ("survival", 5, 2),
        ("survival", 1, 1),
        ("nightmare", 16, 3),
        ("nightmare", 3, 3),
        ("nightmare", 2, 2),
        ("nightmare", 1, 1),
        ("nightmare", 0, 0),
    ],
)
def test_M6_required_minimum_shrinks_to_the_empty_cells(
    difficulty: str, empty: int, expected: int
) -> None:
    board = (RUIN,) * (16 - empty) + (None,) * empty
    assert m.required_dice(board, difficulty) == expected
    assert m.required_dice(board, Difficulty(difficulty)) == expected


def test_M6_ruins_are_not_empty_cells() -> None:
    board = board_from_text("XXXX XXXX XXXX XX1.")
    assert m.required_dice(board, "nightmare") == 1


def test_M6_required_dice_refuses_unknown_difficulties() -> None:
    with pytest.raises(ValueError):
        m.required_dice((None,) * 16, "easy")


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_M7_options_choose_the_difficulty_of_a_new_game(difficulty: Difficulty) -> None:
    options = Options(difficulty)
    assert Options.from_dict(options.to_dict()) == options
    assert options.to_dict() == {"difficulty": difficulty.value}
    assert m.new_game(options, random.Random(0)).difficulty is difficulty


@pytest.mark.parametrize(
    "data", [{}, {"difficulty": "easy"}, {"difficulty": 1}, {"difficulty": "peaceful", "x": 1}]
)
def test_M7_options_from_dict_is_strict(data: dict[str, object]) -> None:
    with pytest.raises(CorruptState):
        Options.from_dict(data)


# ---------------------------------------------------------------------------------------------
# Legal placement (M8–M11)


@pytest.mark.parametrize("board", ["." * 16, "X... .... ..X. ...X", "XXXX XXXX XXXX XXX."])
def test_M8_with_no_number_any_empty_cell_is_legal(board: str) -> None:
    parsed = board_from_text(board)
    empties = frozenset(i for i, v in enumerate(parsed) if v is None)
    for value in range(1, 7):
        assert m.legal_cells(parsed, value) == empties


@pytest.mark.parametrize(
    ("board", "value", "expected"),
    [
        ("3... .... .... ....", 3, {1, 4}),
        ("3... .... .... ....", 2, {1, 4}),
        ("3... .... .... ....", 4, {1, 4}),
        ("3... .... .... ....", 5, set()),
        ("3... .... .... ....", 1, set()),
        # the seed's example: an empty cell touching a 3 and a 4 takes only 3 or 4
        ("3... 4... .... ....", 3, {1, 5, 8}),
        ("3... 4... .... ....", 4, {1, 5, 8}),
        ("3... 4... .... ....", 2, {1}),
        ("3... 4... .... ....", 5, {5, 8}),
        # diagonals never count: cell 5 touches only diagonal 3s
        ("3.3. .... 3.3. ....", 6, set()),
        ("3.3. .... 3.3. ....", 3, {1, 3, 4, 6, 9, 11, 12, 14}),
        ("6.1. .... .... ....", 1, {3, 6}),
    ],
)
def test_M9_cells_must_touch_a_number_and_differ_by_at_most_one(
    board: str, value: int, expected: set[int]
) -> None:
    assert m.legal_cells(board_from_text(board), value) == frozenset(expected)


def test_M9_a_cell_between_6_and_1_takes_nothing() -> None:
    board = board_from_text("6.1. .... .... ....")
    for value in range(1, 7):
        assert 1 not in m.legal_cells(board, value)


@pytest.mark.parametrize(
    ("board", "value", "expected"),
    [
        ("3X.. .... .... ....", 3, {4}),  # a ruin does not connect: cell 2 is not reachable
        ("3X.. .... .... ....", 6, set()),
        (".X.. .... .... ....", 6, {0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}),
        ("1X6. .... .... ....", 1, {4}),  # a ruin between does not constrain
        ("1.X. X... .... ....", 2, {1}),
    ],
)
def test_M10_a_ruin_neither_connects_nor_constrains(
    board: str, value: int, expected: set[int]
) -> None:
    assert m.legal_cells(board_from_text(board), value) == frozenset(expected)


def test_M11_staged_dice_count_as_numbers_for_later_placements() -> None:
    state = make_state("3... .... .... ....", roll=(4, 5, 6, 1))
    refused(state, Stage(1, 2), "does not touch any number")
    state = play(state, Stage(0, 1))
    assert m.legal_cells_for_die(state, 1) == frozenset({2, 5})
    state = play(state, Stage(1, 2), Stage(2, 3))
    assert m.current_board(state)[:4] == (3, 4, 5, 6)
    refused(state, Stage(3, 4), "A 1 cannot go next to a 3")


def test_M11_staged_dice_constrain_values_too() -> None:
    state = play(make_state(roll=(1, 3, 2, 2)), Stage(0, 5))
    refused(state, Stage(1, 6), "A 3 cannot go next to a 1")
    assert m.legal_cells_for_die(state, 1) == frozenset()
    assert m.legal_cells_for_die(state, 2) == frozenset({1, 4, 6, 9})


def test_M11_the_order_of_staging_matters() -> None:
    state = make_state("3... .... .... ....", roll=(5, 4, 1, 1))
    refused(state, Stage(0, 2), "does not touch any number")
    assert play(state, Stage(1, 1), Stage(0, 2)).staged == ((1, 1), (0, 2))


def test_M11_taking_back_a_die_also_returns_dice_that_relied_on_it() -> None:
    # 4 on cell 1 connects 5 on cell 2; 3 on cell 4 hangs on the confirmed 3 and stays.
    state = play(
        make_state("3... .... .... ....", roll=(4, 5, 3, 6)), Stage(0, 1), Stage(1, 2), Stage(2, 4)
    )
    back = play(state, Unstage(0))
    assert back.staged == ((2, 4),)
    assert m.available_dice(back) == (0, 1, 3)


def test_M11_taking_back_the_first_die_on_a_blank_board_keeps_a_connected_rest() -> None:
    state = play(make_state(roll=(3, 3, 4, 4)), Stage(0, 5), Stage(1, 6), Stage(2, 7))
    back = play(state, Unstage(0))
    assert back.staged == ((1, 6), (2, 7))


def test_M11_unstaging_keeps_dice_that_an_earlier_survivor_still_supports() -> None:
    state = play(
        make_state("3... .... .... ....", roll=(3, 3, 3, 3)),
        Stage(0, 1),
        Stage(1, 4),
        Stage(2, 5),
    )
    assert play(state, Unstage(0)).staged == ((1, 4), (2, 5))
    assert play(state, Unstage(1)).staged == ((0, 1), (2, 5))


# ---------------------------------------------------------------------------------------------
# Majda Powers (M12–M14)


@pytest.mark.parametrize(
    ("action", "before", "after"),
    [(Decrease(1), 4, 3), (Increase(1), 4, 5), (Decrease(1), 2, 1), (Increase(1), 5, 6)],
)
def test_M12_decrease_and_increase_change_one_die_by_exactly_one(
    action: m.Action, before: int, after: int
) -> None:
    state = play(make_state(roll=(3, before, 3, 3)), action)
    assert state.roll == (3, after, 3, 3)
    assert state.powers_used == (action.to_dict()["type"],)


@pytest.mark.parametrize(
    ("action", "value", "fragment"),
    [
        (Decrease(2), 1, "shows 1 and cannot go lower"),
        (Increase(2), 6, "shows 6 and cannot go higher"),
    ],
)
def test_M12_never_below_one_nor_above_six(action: m.Action, value: int, fragment: str) -> None:
    refused(make_state(roll=(3, 3, value, 3)), action, fragment)


def test_M13_reroll_rerolls_chosen_dice_together_for_one_use() -> None:
    state = play(make_state(roll=(1, 1, 1, 1)), Reroll((3, 0)), seed=7)
    fresh = roll_dice(random.Random(7), 2)
    # new values go to the chosen dice in ascending index order
    assert state.roll == (fresh[0], 1, 1, fresh[1])
    assert state.powers_used == ("reroll",)
    assert m.powers_left(state) == 2


@pytest.mark.parametrize(("dice", "fragment"), [((), "at least one die"), ((1, 1), "only once")])
def test_M13_reroll_needs_distinct_dice(dice: tuple[int, ...], fragment: str) -> None:
    refused(make_state(roll=(1, 2, 3, 4)), Reroll(dice), fragment)


@pytest.mark.parametrize("action", [Decrease(0), Increase(0), Reroll((0,)), Reroll((2, 0))])
def test_M14_powers_refuse_staged_dice(action: m.Action) -> None:
    state = play(make_state(roll=(3, 3, 3, 3)), Stage(0, 0))
    refused(state, action, "Die 1 is staged; take it back before using a power.")


@pytest.mark.parametrize("action", [Decrease(0), Increase(0), Reroll((0,))])
def test_M14_powers_refuse_before_the_roll_and_after_confirm(action: m.Action) -> None:
    refused(make_state(), action, "Roll the dice first")
    done = play(make_state(roll=(3, 3, 3, 3)), Stage(0, 0), Stage(1, 1), Confirm())
    refused(done, action, "Roll the dice first")


def test_M14_powers_may_be_used_several_times_in_one_turn_on_available_dice() -> None:
    state = play(make_state(roll=(2, 4, 6, 6)), Stage(0, 0), Increase(1), Decrease(2), Decrease(2))
    assert state.roll == (2, 5, 4, 6)
    assert state.staged == ((0, 0),)
    assert state.powers_used == ("increase", "decrease", "decrease")


# ---------------------------------------------------------------------------------------------
# MAGDAGDON and ruins (M15–M17)


@pytest.mark.parametrize(
    ("board", "roll", "difficulty", "phase"),
    [
        ("3... .... .... ....", (6, 6, 6, 1), "peaceful", "magdagdon"),
        ("3... .... .... ....", (6, 6, 4, 1), "peaceful", "magdagdon"),  # only one die fits
        ("3... .... .... ....", (6, 5, 4, 1), "peaceful", "placing"),  # 4 then 5
        ("3... .... .... ....", (2, 4, 6, 6), "peaceful", "placing"),
        ("3... .... .... ....", (2, 4, 6, 6), "nightmare", "magdagdon"),
        ("3... .... .... ....", (2, 4, 3, 6), "nightmare", "placing"),
        ("." * 16, (1, 1, 4, 6), "nightmare", "magdagdon"),
        ("." * 16, (1, 2, 4, 6), "nightmare", "magdagdon"),
        ("." * 16, (1, 2, 3, 6), "nightmare", "placing"),
        ("." * 16, (1, 3, 5, 1), "peaceful", "placing"),
        ("3X.. X... .... ....", (3, 3, 3, 3), "peaceful", "magdagdon"),  # walled in by ruins
        ("XXXX XXXX XXXX XX.X", (6, 6, 6, 6), "nightmare", "placing"),  # minimum is 1
        ("3.X. X... .... ....", (3, 3, 3, 3), "nightmare", "placing"),  # staged dice open 5
        ("3.X. XX.. .... ....", (3, 3, 3, 3), "nightmare", "magdagdon"),  # only cell 1 is open
        ("3.X. XX.. .... ....", (3, 3, 3, 3), "peaceful", "magdagdon"),
        ("3... X... .... ....", (3, 3, 3, 3), "nightmare", "placing"),
    ],
)
def test_M15_magdagdon_when_no_order_places_the_minimum(
    board: str, roll: tuple[int, ...], difficulty: str, phase: str
) -> None:
    state = make_state(board, roll=roll, difficulty=difficulty)
    assert state.phase == phase
    rolled = make_state(board, difficulty=difficulty)
    # Roll() decides the same phase when the rng yields this roll
    seed = next(s for s in range(100000) if roll_dice(random.Random(s), 4) == roll)
    assert m.apply(rolled, Roll(), random.Random(seed)).phase == phase
    assert m.is_magdagdon(state) == (phase == "magdagdon")
    assert m.can_place(state.board, roll, m.required(state)) == (phase == "placing")


def test_M15_a_bad_staging_never_causes_magdagdon_the_player_undoes_it() -> None:
    # Only cell 1 is open. A 2 there strands the 4, 5 and 6; a 4 there lets the 5 follow.
    state = make_state("3... X... .... ....", roll=(2, 4, 5, 6))
    assert state.phase == "placing"
    stuck = play(state, Stage(0, 1))
    assert stuck.phase == "placing" and not m.can_confirm(stuck)
    assert all(m.legal_cells_for_die(stuck, die) == frozenset() for die in (1, 2, 3))
    assert m.legal_actions(stuck) == (
        Unstage(0),
        Decrease(1),
        Decrease(2),
        Decrease(3),
        Increase(1),
        Increase(2),
        Reroll((1,)),
        Reroll((2,)),
        Reroll((3,)),
        Reroll((1, 2)),
        Reroll((1, 3)),
        Reroll((2, 3)),
        Reroll((1, 2, 3)),
    )
    refused(stuck, AcceptMagdagdon(2), "MAGDAGDON cannot be accepted")
    fixed = play(stuck, Unstage(0), Stage(1, 1), Stage(2, 2))
    assert m.can_confirm(fixed)


def test_M15_after_a_power_the_magdagdon_question_is_decided_again() -> None:
    state = make_state("3... .... .... ....", roll=(6, 6, 5, 1))
    assert state.phase == "magdagdon"
    rescued = play(state, Decrease(2))  # 5 -> 4 fits, but the 6s and the 1 do not follow
    assert rescued.phase == "magdagdon"
    rescued = play(rescued, Decrease(1))  # 6 -> 5 fits next to the 4
    assert rescued.phase == "placing"


def test_M15_a_reroll_can_turn_a_placeable_roll_into_magdagdon() -> None:
    state = make_state("3... .... .... ....", roll=(3, 3, 3, 3))
    seed = next(s for s in range(10000) if roll_dice(random.Random(s), 3) == (6, 6, 6))
    staged = play(state, Stage(0, 1))
    after = play(staged, Reroll((1, 2, 3)), seed=seed)
    assert after.roll == (3, 6, 6, 6)
    assert after.phase == "magdagdon"  # decided from the confirmed board and the whole roll
    assert after.staged == ((0, 1),)
    refused(after, Confirm(), "MAGDAGDON")
    refused(after, Stage(1, 2), "MAGDAGDON")
    assert play(after, Unstage(0)).staged == ()


def test_M15_staged_dice_are_part_of_the_whole_roll() -> None:
    # The available 5, 5, 6 fit nowhere on the confirmed board, but with the staged 4 they do.
    state = play(make_state("3... .... .... ....", roll=(4, 5, 6, 6)), Stage(0, 1))
    after = play(state, Decrease(2))
    assert after.roll == (4, 5, 5, 6)
    assert not m.can_place(after.board, (5, 5, 6), 2)
    assert after.phase == "placing"


def test_M16_accepting_returns_staged_dice_ruins_the_cell_and_ends_the_turn() -> None:
    state = make_state("3... .... .... ....", roll=(3, 3, 3, 3))
    seed = next(s for s in range(10000) if roll_dice(random.Random(s), 3) == (6, 6, 6))
    after = play(state, Stage(0, 1), Reroll((1, 2, 3)), seed=seed)
    assert after.phase == "magdagdon"
    ruined = play(after, AcceptMagdagdon(1))  # the cell of the staged die is empty when confirmed
    assert ruined.board == board_from_text("3X.. .... .... ....")
    assert (ruined.roll, ruined.staged, ruined.phase, ruined.turns) == ((), (), "rolling", 1)
    assert ruined.powers_used == ("reroll",)


def test_M16_magdagdon_may_be_accepted_with_powers_left() -> None:
    state = make_state("3... .... .... ....", roll=(6, 6, 6, 1))
    assert m.powers_left(state) == 3 and state.phase == "magdagdon"
    after = play(state, AcceptMagdagdon(15))
    assert after.board[15] == RUIN
    assert m.live_score(after).ruin_penalty == 15


@pytest.mark.parametrize(("cell", "fragment"), [(0, "not empty"), (1, "not empty")])
def test_M16_the_ruin_goes_on_an_empty_confirmed_cell(cell: int, fragment: str) -> None:
    refused(make_state("3X.. .... .... ....", roll=(6, 6, 6, 6)), AcceptMagdagdon(cell), fragment)


def test_M17_accepting_magdagdon_is_refused_when_the_roll_can_be_placed() -> None:
    refused(make_state(roll=(3, 3, 3, 3)), AcceptMagdagdon(0), "MAGDAGDON cannot be accepted")
    refused(make_state(), AcceptMagdagdon(0), "Roll the dice first")


# ---------------------------------------------------------------------------------------------
# Scoring and end (M18–M22)


@pytest.mark.parametrize(
    ("board", "base"),
    [
        ("." * 16, 0),
        ("3... .... .... ....", 6),
        ("1234 .... .... ....", 20),
        ("XXXX XXXX XXXX XXXX", 0),
        ("6666 6666 6666 6666", 16 * 6 * 2),
    ],
)
def test_M18_every_number_counts_in_its_row_and_its_column(board: str, base: int) -> None:
    assert m.score(board_from_text(board), "nightmare", 0).base == base


@pytest.mark.parametrize(
    ("row", "bonus"),
    [
        ("1234", ("straight", 60)),
        ("3456", ("straight", 60)),
        ("4321", ("straight", 60)),
        ("6543", ("straight", 60)),
        ("1324", None),  # consecutive values, wrong order
        ("2345", ("straight", 60)),
        ("1235", None),
        ("5555", ("four_of_a_kind", 40)),
        ("1111", ("four_of_a_kind", 40)),
        ("1122", ("two_pairs", 20)),
        ("2121", ("two_pairs", 20)),
        ("3443", ("two_pairs", 20)),
        ("1112", None),  # three of a kind is not two pairs
        ("1123", None),  # one pair
        ("123.", None),  # incomplete line
        ("12X4", None),  # a ruin kills the bonus
        ("33X3", None),
    ],
)
def test_M19_row_bonuses_read_left_to_right(row: str, bonus: tuple[str, int] | None) -> None:
    board = board_from_text(row + "." * 12)
    expected = () if bonus is None else (("row", 0) + bonus,)
    assert m.score(board, "peaceful", 0).bonuses == expected


@pytest.mark.parametrize(
    ("column", "bonus"),
    [
        ("1234", ("straight", 60)),
        ("6543", ("straight", 60)),
        ("2424", ("two_pairs", 20)),
        ("4422", ("two_pairs", 20)),
        ("2435", None),
        ("6666", ("four_of_a_kind", 40)),
    ],
)
def test_M19_column_bonuses_read_top_to_bottom(column: str, bonus: tuple[str, int] | None) -> None:
    cells = ["."] * 16
    for r, ch in enumerate(column):
        cells[r * 4 + 2] = ch
    board = board_from_text("".join(cells))
    expected = () if bonus is None else (("column", 2) + bonus,)
    assert m.score(board, "peaceful", 0).bonuses == expected


def test_M19_diagonals_are_not_lines_and_each_line_earns_at_most_one_bonus() -> None:
    board = board_from_text("1234 2345 3456 4565")
    result = m.score(board, "nightmare", 0)
    assert result.bonuses == (
        ("row", 0, "straight", 60),
        ("row", 1, "straight", 60),
        ("row", 2, "straight", 60),
        ("column", 0, "straight", 60),
        ("column", 1, "straight", 60),
        ("column", 2, "straight", 60),
    )
    assert result.bonus == 360
    assert m.score(board_from_text("1... .2.. ..3. ...4"), "nightmare", 0).bonuses == ()


def test_M20_each_ruin_costs_15_then_power_penalties() -> None:
    board = board_from_text("XX.. .... .... ...X")
    result = m.score(board, "peaceful", 2)
    assert (result.ruins, result.ruin_penalty, result.power_penalty) == (3, 45, 30)
    assert result.total == -75


@pytest.mark.parametrize(
    ("difficulty", "uses", "penalty"),
    [
        ("peaceful", 0, 0),
        ("peaceful", 1, 10),
        ("peaceful", 2, 30),
        ("peaceful", 3, 70),
        ("survival", 0, 0),
        ("survival", 1, 70),
        ("nightmare", 0, 0),
    ],
)
def test_M20_power_penalty_follows_the_order_of_use(
    difficulty: str, uses: int, penalty: int
) -> None:
    assert m.score((None,) * 16, difficulty, uses).power_penalty == penalty


@pytest.mark.parametrize(
    ("difficulty", "uses"), [("peaceful", 4), ("survival", 2), ("nightmare", 1), ("peaceful", -1)]
)
def test_M20_impossible_power_counts_are_refused(difficulty: str, uses: int) -> None:
    with pytest.raises(ValueError):
        m.score((None,) * 16, difficulty, uses)


def test_M21_final_score_adds_base_and_bonuses_and_subtracts_penalties() -> None:
    board = board_from_text("1234 1234 XXXX 1122")
    result = m.score(board, "survival", 1)
    # base: the numbers sum to 10 + 10 + 6 = 26 and each counts twice
    assert result.base == 2 * (10 + 10 + 6)
    assert result.bonuses == (
        ("row", 0, "straight", 60),
        ("row", 1, "straight", 60),
        ("row", 3, "two_pairs", 20),
    )
    assert result.total == 52 + 140 - 60 - 70
    assert result.to_dict()["total"] == result.total


def test_M21_the_score_may_be_negative() -> None:
    assert m.score(board_from_text("XXXX XXXX XXXX XXXX"), "survival", 1).total == -240 - 70


def test_M22_the_game_ends_when_every_cell_holds_a_number_or_a_ruin() -> None:
    state = make_state("3333 3333 3333 33X.", roll=(3, 1, 1, 1), difficulty="nightmare", turns=9)
    assert m.required(state) == 1 and state.phase == "placing"
    done = play(state, Stage(0, 15), Confirm())
    assert done.phase == "finished" and done.is_finished
    assert done.turns == 10
    for action in (Roll(), Confirm(), Stage(0, 0), AcceptMagdagdon(0), Increase(0)):
        refused(done, action, "The game is over")
    assert m.legal_actions(done) == ()


def test_M22_a_final_ruin_also_ends_the_game_and_counts_a_turn() -> None:
    state = make_state("3333 3333 3333 33X.", roll=(6, 6, 6, 6), difficulty="survival", turns=4)
    assert state.phase == "magdagdon"
    done = play(state, AcceptMagdagdon(15))
    assert done.is_finished and done.turns == 5
    assert m.live_score(done).total == 2 * 3 * 14 + 40 * 5 - 30  # rows 0-2 and columns 0-1


def test_M22_powers_do_not_count_turns() -> None:
    state = play(make_state(roll=(3, 3, 3, 3)), Increase(0), Reroll((1, 2)))
    assert state.turns == 0


# ---------------------------------------------------------------------------------------------
# Contract, serialisation and parsing


def test_contract_ruin_is_hashable_and_json_friendly() -> None:
    assert hash(RUIN) is not None
    assert json.loads(json.dumps(RUIN)) == RUIN
    assert RUIN not in range(1, 7) and RUIN is not None


def test_contract_states_are_frozen_and_compare_by_value() -> None:
    state = make_state(roll=(1, 2, 3, 4))
    with pytest.raises(FrozenInstanceError):
        state.turns = 3  # type: ignore[misc]
    assert state == make_state(roll=(1, 2, 3, 4))
    assert hash(state) == hash(make_state(roll=(1, 2, 3, 4)))


def test_contract_state_to_dict_is_compact_json() -> None:
    state = play(
        make_state("3X.. .... .... ....", roll=(3, 4, 2, 6), powers=("reroll",)), Stage(1, 4)
    )
    data = state.to_dict()
    assert data == {
        "difficulty": "peaceful",
        "board": "3X..............",
        "roll": "3426",
        "staged": [[1, 4]],
        "powers_used": ["reroll"],
        "turns": 0,
        "phase": "placing",
    }
    assert State.from_dict(json.loads(json.dumps(data))) == state


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("difficulty", "easy"),
        ("board", "3X"),
        ("board", "3X.............7"),
        ("roll", "342"),
        ("roll", "3427"),
        ("roll", [3, 4, 2, 6]),
        ("staged", [[1, 0]]),  # cell 0 holds a number
        ("staged", [[1, 9]]),  # not touching anything
        ("staged", [[4, 4]]),
        ("staged", [[1, 4], [1, 5]]),
        ("staged", [[True, 4]]),
        ("powers_used", ["reroll", "reroll", "reroll", "reroll"]),
        ("powers_used", ["swap"]),
        ("turns", -1),
        ("turns", True),
        ("phase", "magdagdon"),
        ("phase", "rolling"),
    ],
)
def test_contract_state_from_dict_refuses_states_no_game_reaches(field: str, value: object) -> None:
    data = play(make_state("3X.. .... .... ....", roll=(3, 4, 2, 6)), Stage(1, 4)).to_dict()
    data[field] = value
    with pytest.raises(CorruptState):
        State.from_dict(data)


def test_contract_state_from_dict_refuses_missing_and_extra_keys() -> None:
    data = make_state().to_dict()
    with pytest.raises(CorruptState):
        State.from_dict({k: v for k, v in data.items() if k != "turns"})
    with pytest.raises(CorruptState):
        State.from_dict({**data, "seed": 1})


ACTIONS: list[tuple[m.Action, dict[str, object]]] = [
    (Roll(), {"type": "roll"}),
    (Stage(2, 13), {"type": "stage", "die": 2, "cell": 13}),
    (Unstage(3), {"type": "unstage", "die": 3}),
    (Confirm(), {"type": "confirm"}),
    (Decrease(0), {"type": "decrease", "die": 0}),
    (Increase(1), {"type": "increase", "die": 1}),
    (Reroll((2, 0, 3)), {"type": "reroll", "dice": [2, 0, 3]}),
    (AcceptMagdagdon(15), {"type": "accept_magdagdon", "cell": 15}),
]


@pytest.mark.parametrize(("action", "data"), ACTIONS)
def test_contract_actions_round_trip_through_dicts(
    action: m.Action, data: dict[str, object]
) -> None:
    assert action.to_dict() == data
    assert m.action_from_dict(json.loads(json.dumps(data))) == action
    assert eval(repr(action), vars(m)) == action  # the repr reads like code


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "roll",
        {},
        {"type": "dance"},
        {"type": 1},
        {"type": "roll", "die": 0},
        {"type": "stage", "die": 0},
        {"type": "stage", "cell": 0},
        {"type": "stage", "die": 0, "cell": 16},
        {"type": "stage", "die": 4, "cell": 0},
        {"type": "stage", "die": -1, "cell": 0},
        {"type": "stage", "die": "0", "cell": 0},
        {"type": "stage", "die": True, "cell": 0},
        {"type": "stage", "die": 0, "cell": 1.0},
        {"type": "stage", "die": 0, "cell": 1, "value": 6},
        {"type": "unstage", "die": None},
        {"type": "decrease", "die": False},
        {"type": "increase"},
        {"type": "reroll", "dice": []},
        {"type": "reroll", "dice": [0, 0]},
        {"type": "reroll", "dice": [0, 4]},
        {"type": "reroll", "dice": [True]},
        {"type": "reroll", "dice": "01"},
        {"type": "reroll", "dice": 1},
        {"type": "reroll", "dice": [0, 1, 2, 3, 0]},
        {"type": "accept_magdagdon"},
        {"type": "accept_magdagdon", "cell": 99},
        {"type": "confirm", "cell": 1},
    ],
)
def test_contract_action_from_dict_is_strict_about_untrusted_input(data: object) -> None:
    # Action dicts are stored by the site (players send form fields): a malformed one is
    # corrupt data, CorruptState for a developer, not a refusal a player would read.
    with pytest.raises(CorruptState) as info:
        m.action_from_dict(data)
    assert not isinstance(info.value, IllegalMove)


@pytest.mark.parametrize(
    "action",
    [Stage(4, 0), Stage(0, 16), Unstage(-1), Decrease(9), Reroll((0, 7)), AcceptMagdagdon(-1)],
)
def test_contract_apply_refuses_out_of_range_actions(action: m.Action) -> None:
    state = make_state(roll=(3, 3, 3, 3))
    with pytest.raises(IllegalMove):
        m.apply(state, action, random.Random(0))


def test_contract_apply_refuses_foreign_objects() -> None:
    with pytest.raises(InvalidMove):
        m.apply(make_state(roll=(3, 3, 3, 3)), "roll", random.Random(0))  # type: ignore[arg-type]


def test_contract_stage_and_unstage_refused_before_the_roll() -> None:
    refused(make_state(), Stage(0, 0), "Roll the dice first")
    refused(make_state(), Unstage(0), "Roll the dice first")
    refused(make_state(), Confirm(), "Roll the dice first")
    refused(make_state(roll=(3, 3, 3, 3)), Unstage(0), "Die 1 is not staged")


def test_contract_randomness_is_drawn_only_by_roll_and_reroll() -> None:
    rng = random.Random(42)
    state = m.new_game(Options(), rng)
    state = m.apply(state, Roll(), rng)
    snapshot = rng.getstate()
    state = m.apply(state, Increase(0) if state.roll[0] < 6 else Decrease(0), rng)
    first = m.legal_actions(state)[0]
    m.apply(state, first, rng)
    assert rng.getstate() == snapshot


def test_contract_same_seed_and_actions_give_the_same_state() -> None:
    def run() -> State:
        rng = random.Random(2024)
        state = m.new_game(Options(Difficulty.PEACEFUL), rng)
        state = m.apply(state, Roll(), rng)
        state = m.apply(state, Reroll((0, 1)), rng)
        return state

    assert run() == run()


def test_contract_helpers_describe_a_turn_for_the_page() -> None:
    state = play(make_state("3... .... .... ....", roll=(3, 4, 6, 1)), Stage(1, 1))
    assert m.available_dice(state) == (0, 2, 3)
    assert m.legal_cells_for_die(state, 1) == frozenset()  # staged already
    assert m.legal_cells_for_die(state, 0) == frozenset({2, 4, 5})
    assert m.required(state) == 2 and not m.can_confirm(state)
    assert m.current_board(state)[:2] == (3, 4)
    assert m.live_score(state).base == 14
    assert m.next_penalty(state) == 10
    assert m.can_use_power(state)


def test_contract_module_doctests_pass() -> None:
    import doctest

    from games.rules import magdagdon_board

    assert doctest.testmod(m).failed == 0
    assert doctest.testmod(magdagdon_board).failed == 0


def test_M20_score_takes_the_uses_themselves_as_well_as_their_count():
    from games.rules.magdagdon import score

    board = (1, 2, 3, 4) + (None,) * 12
    assert (
        score(board, "peaceful", ("reroll", "increase")).total == score(board, "peaceful", 2).total
    )
    assert score(board, "peaceful", 2).power_penalty == 30
