"""The coach's fast Ishido board agrees with the rules package: where each kind of stone fits
(I5), what a placement earns (I7–I9) and how many 4-ways were made (I8), all along the
reference games."""

from __future__ import annotations

import doctest
import random

import pytest

from games.coach.ishido import board as ishido_board
from games.coach.ishido import search as ishido_coach
from games.coach.ishido.board import (
    Position,
    fitting,
    kind_of,
    legal_cells,
    mask_of,
    place,
    points,
)
from games.coach.ishido.policy import best_cell, choose
from games.rules import ishido
from tests.support.reference import load

ALL_KINDS = [(colour, shape) for colour in range(6) for shape in range(6)]
GAMES = load("ishido")[:40]


@pytest.mark.parametrize("ref", GAMES, ids=lambda ref: ref.seed)
def test_the_fast_board_follows_a_reference_game_exactly(ref):
    first = True
    for before, action, after in ref.replay():
        if first:
            position = Position.from_board(before.board)
            first = False
        # I5: for every kind of stone, not just the current one.
        for stone in ALL_KINDS:
            assert legal_cells(position, kind_of(stone)) == sorted(
                ishido.legal_cells(before.board, stone)
            )
        # I7–I9: the points, with the doubling factor and the 4-way bonus.
        assert points(position, action.cell) == ishido.placement_points(
            before.board, action.cell, before.four_ways
        )
        place(position, action.cell, kind_of(before.current_stone))
        assert (position.score, position.four_ways) == (after.score, after.four_ways)
        assert position.board == [-1 if s is None else kind_of(s) for s in after.board]


def test_a_copy_is_independent_of_its_original():
    start = ishido.new_game(ishido.Options(), random.Random(3))
    position = Position.from_board(start.board)
    copy = position.copy()
    cell = min(start.legal_cells)
    place(copy, cell, kind_of(start.current_stone))
    assert position.board == Position.from_board(start.board).board
    assert position.mask == Position.from_board(start.board).mask
    assert copy.board[cell] == kind_of(start.current_stone)


@pytest.mark.parametrize("module", [ishido_board, ishido_coach], ids=lambda m: m.__name__)
def test_the_examples_in_the_docstrings_hold(module):
    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("ref", GAMES[:8], ids=lambda ref: ref.seed)
def test_the_playouts_choice_is_the_cell_the_judgement_likes_best(ref):
    # The playout loop writes `judge` out for speed; along a real game, for every kind of stone
    # and for several sets of stones still to come, it picks what `choose` picks.
    rng = random.Random(ref.seed)
    first = True
    for before, action, _ in ref.replay():
        if first:
            position = Position.from_board(before.board)
            first = False
        for live in (0, (1 << 36) - 1, rng.getrandbits(36), rng.getrandbits(36)):
            for kind in range(36):
                cells = legal_cells(position, kind)
                expected = choose(position, kind, cells, live) if cells else -1
                assert best_cell(position, kind, live) == expected
        place(position, action.cell, kind_of(before.current_stone))


def test_a_cells_neighbour_code_gives_the_same_mask_as_its_neighbours():
    # `around` codes the neighbours' kinds; the table look-up equals I5's mask computed afresh.
    rng = random.Random(4)
    for n in (1, 2, 3, 4):
        for _ in range(300):
            kinds = [rng.randrange(36) for _ in range(n)]
            code = 0
            for kind in kinds:
                code = code * 36 + kind
            assert fitting(code, n) == mask_of(kinds)
