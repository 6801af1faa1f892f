"""Ishido rules I1–I10, table-driven, with the known bugs of other clones as named regressions.

Positions are written with stone names ("red-star"); the probe cell is 30 (row 2, column 6),
an interior cell whose neighbours are 18 (up), 42 (down), 29 (left) and 31 (right).
"""

import random

import pytest

from games.rules import IllegalMove, ishido
from games.rules.ishido import Stone

PROBE = 30
PROBE_NEIGHBOURS = (18, 42, 29, 31)


def stone(name):
    colour, shape = name.split("-")
    return Stone(ishido.COLOURS.index(colour), ishido.SHAPES.index(shape))


def board_of(placed):
    """A board from {cell: "colour-shape"}."""
    board = [None] * 96
    for cell, name in placed.items():
        board[cell] = stone(name)
    return tuple(board)


def around_probe(*names):
    return board_of(dict(zip(PROBE_NEIGHBOURS, names, strict=False)))


def fits_probe(stone_name, *neighbour_names):
    board = around_probe(*neighbour_names)
    return PROBE in ishido.legal_cells(board, stone(stone_name))


# ---------------------------------------------------------------- I1, I2: pieces and board


def test_i1_seventy_two_stones_six_colours_six_shapes_two_copies():
    state = ishido.new_game(ishido.Options(), random.Random(1))
    stones = [s for s in state.board if s is not None] + list(state.pouch)
    assert len(stones) == 72
    assert sorted(stones) == sorted([Stone(c, s) for c in range(6) for s in range(6)] * 2)


def test_i1_colour_and_shape_names_in_index_order():
    assert ishido.COLOURS == ("white", "yellow", "red", "green", "blue", "black")
    assert ishido.SHAPES == ("circle", "square", "triangle", "rhombus", "star", "kite")


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ((0, 0), "white-circle"),
        ((2, 4), "red-star"),
        ((5, 5), "black-kite"),
        ((3, 1), "green-square"),
    ],
)
def test_i1_stone_name(value, name):
    assert ishido.stone_name(value) == name
    assert ishido.stone_name(Stone(*value)) == name


def test_i2_board_is_eight_rows_of_twelve_row_major():
    assert (ishido.ROWS, ishido.COLUMNS, ishido.CELLS) == (8, 12, 96)
    assert len(ishido.new_game(ishido.Options(), random.Random(1)).board) == 96
    assert sorted(ishido.NEIGHBOURS[30]) == [18, 29, 31, 42]
    assert sorted(ishido.NEIGHBOURS[0]) == [1, 12]
    assert sorted(ishido.NEIGHBOURS[95]) == [83, 94]
    assert sorted(ishido.NEIGHBOURS[12]) == [0, 13, 24]


@pytest.mark.parametrize(
    ("cell", "border"),
    [(0, True), (11, True), (84, True), (95, True), (5, True), (90, True), (24, True), (35, True)]
    + [(13, False), (22, False), (73, False), (82, False), (41, False), (54, False)],
)
def test_i2_border_is_the_outer_ring(cell, border):
    assert ishido.is_border(cell) is border


def test_i2_thirty_six_border_cells_and_ten_by_six_interior():
    assert sum(map(ishido.is_border, range(96))) == 36
    interior = [c for c in range(96) if not ishido.is_border(c)]
    assert len(interior) == 60
    assert {c // 12 for c in interior} == set(range(1, 7))
    assert {c % 12 for c in interior} == set(range(1, 11))


# ---------------------------------------------------------------- I3, I4: opening and pouch


@pytest.mark.parametrize("seed", range(30))
def test_i3_opening_shows_every_colour_and_shape_once_on_the_six_cells(seed):
    state = ishido.new_game(ishido.Options(), random.Random(seed))
    occupied = {cell for cell, s in enumerate(state.board) if s is not None}
    assert occupied == {0, 11, 84, 95, 3 * 12 + 5, 4 * 12 + 6}
    opening = [state.board[cell] for cell in occupied]
    assert sorted(s.colour for s in opening) == list(range(6))
    assert sorted(s.shape for s in opening) == list(range(6))
    assert len(state.pouch) == 66
    assert (state.score, state.four_ways, state.placements) == (0, 0, ())


def test_i3_opening_pairing_and_cells_vary_with_the_seed():
    openings = {ishido.new_game(ishido.Options(), random.Random(seed)).board for seed in range(40)}
    assert len(openings) == 40


def test_i3_draws_from_rng_in_the_documented_order():
    """Pairing shuffle, then which cell each opening stone takes, then the pouch shuffle."""
    rng = random.Random(2024)
    shapes = list(range(6))
    rng.shuffle(shapes)
    opening = [Stone(c, s) for c, s in enumerate(shapes)]
    rng.shuffle(opening)
    pouch = [Stone(c, s) for c in range(6) for s in range(6) for _ in range(2)]
    for s in opening:
        pouch.remove(s)
    rng.shuffle(pouch)

    state = ishido.new_game(ishido.Options(), random.Random(2024))
    assert [state.board[c] for c in ishido.OPENING_CELLS] == opening
    assert state.pouch == tuple(pouch)


def test_i3_same_seed_same_game():
    first = ishido.new_game(ishido.Options(), random.Random("same"))
    assert first == ishido.new_game(ishido.Options(), random.Random("same"))


def test_i4_current_stone_is_top_of_pouch_and_stones_left_counts_it():
    state = ishido.new_game(ishido.Options(), random.Random(3))
    assert state.current_stone == state.pouch[0]
    assert state.stones_left == 66
    after = ishido.place(state, min(state.legal_cells))
    assert after.current_stone == state.pouch[1]
    assert after.stones_left == 65


# ---------------------------------------------------------------- I5: placing

I5_CASES = [
    # (stone, neighbours around the probe, legal?, id)
    ("red-star", (), False, "n0-no-neighbour"),
    ("red-star", ("red-circle",), True, "n1-colour"),
    ("red-star", ("blue-star",), True, "n1-shape"),
    ("red-star", ("blue-circle",), False, "n1-neither"),
    ("red-star", ("red-star",), True, "n1-twin"),
    ("red-star", ("red-circle", "blue-star"), True, "n2-colour-shape"),
    ("red-star", ("blue-star", "red-circle"), True, "n2-shape-colour"),
    ("red-star", ("red-circle", "red-kite"), False, "n2-colour-colour"),
    ("red-star", ("blue-star", "green-star"), False, "n2-shape-shape"),
    ("red-star", ("red-circle", "blue-kite"), False, "n2-colour-neither"),
    ("red-star", ("red-star", "red-circle"), True, "n2-twin-as-shape"),
    ("red-star", ("red-star", "blue-star"), True, "n2-twin-as-colour"),
    ("red-star", ("red-star", "red-star"), True, "n2-twin-twin"),
    ("red-star", ("red-star", "blue-kite"), False, "n2-twin-neither"),
    ("red-star", ("red-circle", "blue-star", "green-star"), True, "n3-one-colour-two-shape"),
    ("red-star", ("red-circle", "red-kite", "green-star"), True, "n3-two-colour-one-shape"),
    ("red-star", ("red-circle", "red-kite", "red-square"), False, "n3-three-colour"),
    ("red-star", ("blue-star", "green-star", "white-star"), False, "n3-three-shape"),
    ("red-star", ("red-star", "red-circle", "red-kite"), True, "n3-twin-as-shape"),
    ("red-star", ("red-star", "blue-star", "green-star"), True, "n3-twin-as-colour"),
    ("red-star", ("red-star", "red-star", "red-circle"), True, "n3-two-twins-colour"),
    ("red-star", ("red-star", "red-star", "red-star"), True, "n3-three-twins"),
    ("red-star", ("red-star", "red-circle", "blue-kite"), False, "n3-twin-neither"),
    ("red-star", ("red-circle", "red-kite", "blue-star", "green-star"), True, "n4-two-two"),
    ("red-star", ("red-circle", "blue-star", "green-star", "white-star"), False, "n4-one-three"),
    ("red-star", ("red-circle", "red-kite", "red-square", "blue-star"), False, "n4-three-one"),
    ("red-star", ("red-circle", "red-kite", "red-square", "red-rhombus"), False, "n4-all-colour"),
    ("red-star", ("blue-star", "green-star", "white-star", "black-star"), False, "n4-all-shape"),
    ("red-star", ("red-star", "red-circle", "red-kite", "blue-star"), True, "n4-twin-as-shape"),
    ("red-star", ("red-star", "blue-star", "green-star", "red-kite"), True, "n4-twin-as-colour"),
    ("red-star", ("red-star", "red-circle", "red-kite", "red-square"), False, "n4-twin-3-colour"),
    ("red-star", ("red-star", "red-star", "red-circle", "red-kite"), True, "n4-2twins-2colour"),
    ("red-star", ("red-star", "red-star", "red-star", "blue-star"), True, "n4-3twins-shape"),
    ("red-star", ("red-star",) * 4, True, "n4-four-twins"),
    ("red-star", ("red-star", "red-circle", "blue-star", "blue-kite"), False, "n4-one-neither"),
]


@pytest.mark.parametrize(
    ("stone_name", "neighbours", "legal"),
    [case[:3] for case in I5_CASES],
    ids=[case[3] for case in I5_CASES],
)
def test_i5_matching_table(stone_name, neighbours, legal):
    assert fits_probe(stone_name, *neighbours) is legal


@pytest.mark.parametrize("order", [(0, 1, 2, 3), (3, 2, 1, 0), (1, 3, 0, 2), (2, 0, 3, 1)])
def test_i5_order_of_neighbours_does_not_matter(order):
    names = ("red-star", "red-circle", "blue-star", "green-star")
    assert fits_probe("red-star", *(names[i] for i in order))


def test_i5_empty_board_has_no_legal_cell():
    assert ishido.legal_cells((None,) * 96, (2, 4)) == frozenset()


def test_i5_only_cells_touching_a_stone_are_legal():
    board = board_of({0: "red-star"})
    assert ishido.legal_cells(board, stone("red-circle")) == {1, 12}
    assert ishido.legal_cells(board, stone("blue-circle")) == frozenset()


def test_i5_occupied_cells_are_never_legal():
    board = board_of({0: "red-star", 1: "red-star"})
    assert 1 not in ishido.legal_cells(board, stone("red-star"))


def test_i5_border_cells_may_be_played():
    board = board_of({0: "red-star"})
    assert ishido.legal_cells(board, stone("red-star")) == {1, 12}


def test_i5_legal_cells_accepts_plain_tuples_and_lists():
    board = [None] * 96
    board[0] = (2, 4)
    assert ishido.legal_cells(board, (2, 0)) == {1, 12}


# ---------------------------------------------------------------- I6: the end


def test_i6_stuck_stone_ends_the_game_and_counts_as_left_over():
    board = board_of({0: "red-star"})
    # The first stone fits; the second (white circle) fits nowhere after it.
    state = ishido.start_from(board, [stone("red-circle"), stone("white-kite"), stone("red-kite")])
    assert state.phase == "placing"
    after = ishido.place(state, 1)
    assert after.phase == "finished"
    assert after.end_reason == "stuck"
    assert after.stones_left == 2
    assert after.current_stone is None
    assert after.legal_cells == frozenset()
    assert after.final_score == after.score + 100


def test_i6_stuck_check_happens_at_the_start_too():
    state = ishido.start_from(board_of({0: "red-star"}), [stone("white-kite"), stone("red-star")])
    assert (state.phase, state.end_reason, state.stones_left) == ("finished", "stuck", 2)
    assert state.final_score == 100


def test_i6_empty_pouch_ends_the_game():
    state = ishido.start_from(board_of({0: "red-star"}), [stone("red-circle")])
    after = ishido.place(state, 1)
    assert (after.phase, after.end_reason, after.stones_left) == ("finished", "pouch_empty", 0)


def test_i6_no_move_after_the_end():
    state = ishido.start_from(board_of({0: "red-star"}), [stone("red-circle")])
    after = ishido.place(state, 1)
    with pytest.raises(IllegalMove, match="game is over"):
        ishido.place(after, 12)


def test_i6_regression_the_last_stone_is_played_not_an_early_end():
    """Clone bug: the game ended with one stone still in the pouch."""
    state = ishido.start_from(board_of({0: "red-star"}), [stone("red-circle"), stone("red-kite")])
    after_first = ishido.place(state, 1)
    assert after_first.phase == "placing"
    assert after_first.current_stone == stone("red-kite")
    assert after_first.stones_left == 1
    after_last = ishido.place(after_first, 12)
    assert after_last.end_reason == "pouch_empty"
    assert after_last.final_score == after_last.score + 1000


# ---------------------------------------------------------------- I7–I9: scoring


@pytest.mark.parametrize(
    ("count", "points"),
    [(1, 1), (2, 2), (3, 4), (4, 8 + 25)],
)
def test_i7_interior_scores_by_neighbour_count(count, points):
    board = around_probe(*["red-star"] * count)
    assert ishido.placement_points(board, PROBE, 0) == points


@pytest.mark.parametrize(
    ("cell", "placed"),
    [
        (1, {0: "red-star"}),
        (1, {0: "red-star", 2: "red-star", 13: "red-star"}),
        (0, {1: "red-star", 12: "red-star"}),
        (24, {12: "red-star", 36: "red-star", 25: "red-star"}),
        (95, {94: "red-star", 83: "red-star"}),
    ],
)
@pytest.mark.parametrize("four_ways", [0, 3])
def test_i7_regression_the_border_scores_nothing(cell, placed, four_ways):
    """Clone bug: border placements scored like interior ones."""
    assert ishido.placement_points(board_of(placed), cell, four_ways) == 0


@pytest.mark.parametrize(
    ("count", "four_ways", "points"),
    [
        (1, 1, 2),
        (2, 1, 4),
        (3, 1, 8),
        (1, 2, 4),
        (3, 2, 16),
        (1, 5, 32),
        (2, 12, 8192),
    ],
)
def test_i8_doubling_factor_is_two_to_the_earlier_four_ways(count, four_ways, points):
    board = around_probe(*["red-star"] * count)
    assert ishido.placement_points(board, PROBE, four_ways) == points


def test_i8_regression_doubling_not_one_plus_four_ways():
    """Clone bug: multiplying by (1 + four-ways): 3 after two 4-ways instead of 4."""
    board = around_probe("red-star")
    assert ishido.placement_points(board, PROBE, 2) == 4
    assert ishido.placement_points(board, PROBE, 3) == 8


def test_i8_the_four_way_itself_scores_at_the_factor_before_it():
    board = around_probe(*["red-star"] * 4)
    assert ishido.placement_points(board, PROBE, 0) == 8 * 1 + 25
    assert ishido.placement_points(board, PROBE, 1) == 8 * 2 + 50


I9_TABLE = [25, 50, 100, 200, 400, 600, 800, 1000, 5000, 10000, 25000, 50000]


@pytest.mark.parametrize("earlier", range(16))
def test_i9_four_way_bonus_table_not_doubled(earlier):
    board = around_probe(*["red-star"] * 4)
    bonus = I9_TABLE[earlier] if earlier < 12 else 50000
    assert ishido.placement_points(board, PROBE, earlier) == 8 * 2**earlier + bonus


def test_i9_regression_bonus_is_not_flat():
    """Clone bug: every 4-way earned the same bonus."""
    board = around_probe(*["red-star"] * 4)
    bonuses = {ishido.placement_points(board, PROBE, k) - 8 * 2**k for k in range(12)}
    assert len(bonuses) == 12


def test_i9_regression_bonus_table_counted_from_the_first_entry():
    """Clone bug: the table read from the wrong end (50000 for the first 4-way)."""
    board = around_probe(*["red-star"] * 4)
    assert ishido.placement_points(board, PROBE, 0) - 8 == 25
    assert ishido.placement_points(board, PROBE, 11) - 8 * 2**11 == 50000


def test_i9_every_four_way_after_the_twelfth_earns_fifty_thousand():
    assert [ishido.four_way_bonus(k) for k in (11, 12, 13, 40)] == [50000] * 4


def test_i8_i9_engine_counts_four_ways_and_doubles_later_placements():
    placed = {18: "red-circle", 42: "red-kite", 29: "blue-star", 31: "green-star"}
    state = ishido.start_from(board_of(placed), [stone("red-star"), stone("red-star")])
    four_way = ishido.place(state, PROBE)
    assert four_way.placements[-1].points == 8 + 25
    assert (four_way.four_ways, four_way.doubling_factor) == (1, 2)
    # The twin below the red kite, with that one neighbour, now scores 1 × 2.
    after = ishido.place(four_way, 54)
    assert after.placements[-1].points == 2
    assert after.score == 8 + 25 + 2


# ---------------------------------------------------------------- I10: end bonus


@pytest.mark.parametrize(
    ("left", "bonus"), [(0, 1000), (1, 500), (2, 100), (3, 0), (10, 0), (66, 0)]
)
def test_i10_end_bonus(left, bonus):
    assert ishido.end_bonus(left) == bonus


def test_i10_final_score_only_when_finished():
    state = ishido.new_game(ishido.Options(), random.Random(5))
    assert state.final_score is None
    assert state.end_bonus == 0


# ---------------------------------------------------------------- refusals, player-facing


def test_refusal_occupied_cell_message():
    state = ishido.start_from(board_of({40: "red-star"}), [stone("red-circle")])
    with pytest.raises(IllegalMove, match=r"^Row 4, column 5 is not empty\.$") as refused:
        ishido.place(state, 40)
    assert refused.value.template == "Row %(row)d, column %(column)d is not empty."
    assert refused.value.params == {"row": 4, "column": 5}


@pytest.mark.parametrize(
    ("neighbours", "why"),
    [
        ((), "it must touch at least one stone"),
        (("blue-circle",), "its neighbour's colour or shape"),
        (("red-circle", "red-kite"), "one neighbour by colour and the other by shape"),
        (("red-circle",) * 3, "one neighbour by colour and the other two by shape"),
        (("red-circle",) * 4, "two neighbours by colour and the other two by shape"),
    ],
)
def test_i5_refusal_message_names_the_cell_and_rule(neighbours, why):
    # A twin in the corner keeps the stone playable somewhere, so the game is not stuck.
    board = {0: "red-star", **dict(zip(PROBE_NEIGHBOURS, neighbours, strict=False))}
    state = ishido.start_from(board_of(board), [stone("red-star")])
    with pytest.raises(IllegalMove) as refused:
        ishido.place(state, PROBE)
    message = str(refused.value)
    assert message.startswith("The current stone cannot go on row 3, column 7: it must")
    assert why in message
    # A translatable template with the cell as parameters, never a pre-filled string.
    assert "%(row)d" in refused.value.template
    assert refused.value.params == {"row": 3, "column": 7}


def test_refusal_changes_nothing():
    state = ishido.new_game(ishido.Options(), random.Random(8))
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        ishido.place(state, 0)
    assert state.to_dict() == before


def test_module_doctests_hold():
    import doctest

    assert doctest.testmod(ishido).failed == 0
