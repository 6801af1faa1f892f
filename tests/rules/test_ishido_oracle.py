"""An independent oracle of the Ishido contract (rule page I5, I7–I10), and the engine checked
against it on tens of thousands of random boards.

The oracle is written differently on purpose: coordinates instead of neighbour tables, and a
brute force over every colour/shape role assignment instead of counting. It lives in
tests/support/ishido_oracle.py; the play tests import it from there to recompute scores.
"""

import random

import pytest

from games.rules import ishido
from tests.support.ishido_oracle import (
    COLUMNS,
    ROWS,
    oracle_end_bonus,
    oracle_legal_cells,
    oracle_placement_points,
)


def random_board(rng):
    """A random board whose stones come from a small palette, so that matches are common."""
    colours = rng.sample(range(6), rng.randint(1, 6))
    shapes = rng.sample(range(6), rng.randint(1, 6))
    density = rng.random()
    return tuple(
        (rng.choice(colours), rng.choice(shapes)) if rng.random() < density else None
        for _ in range(ROWS * COLUMNS)
    )


def random_stone(rng, board):
    """Often a stone already on the board (so twins occur), otherwise any stone."""
    stones = [s for s in board if s is not None]
    if stones and rng.random() < 0.3:
        return rng.choice(stones)
    return (rng.randrange(6), rng.randrange(6))


def test_i5_legal_cells_agrees_with_brute_force_oracle_on_random_boards():
    rng = random.Random(20240501)
    for _ in range(2500):
        board = random_board(rng)
        for _ in range(4):
            stone = random_stone(rng, board)
            assert ishido.legal_cells(board, stone) == oracle_legal_cells(board, stone), (
                board,
                stone,
            )


def test_i5_legal_cells_accepts_stone_namedtuples_like_plain_tuples():
    rng = random.Random(7)
    for _ in range(300):
        board = random_board(rng)
        typed = tuple(None if s is None else ishido.Stone(*s) for s in board)
        stone = random_stone(rng, board)
        assert ishido.legal_cells(typed, ishido.Stone(*stone)) == ishido.legal_cells(board, stone)


def test_i7_i8_i9_placement_points_agrees_with_oracle_on_random_boards():
    rng = random.Random(99)
    checked = 0
    for _ in range(600):
        board = random_board(rng)
        four_ways = rng.choice([0, 0, 1, 2, 3, rng.randrange(30)])
        for cell in range(ROWS * COLUMNS):
            if board[cell] is None:
                expected = oracle_placement_points(board, cell, four_ways)
                assert ishido.placement_points(board, cell, four_ways) == expected, (cell, board)
                checked += 1
    assert checked > 20000


@pytest.mark.parametrize("four_ways", range(20))
def test_i8_i9_four_way_points_agree_with_oracle_for_every_count(four_ways):
    board = [None] * 96
    for other in (18, 42, 29, 31):
        board[other] = (0, 0)
    assert ishido.placement_points(board, 30, four_ways) == oracle_placement_points(
        board, 30, four_ways
    )


@pytest.mark.parametrize("stones_left", range(-2, 70))
def test_i10_end_bonus_agrees_with_oracle(stones_left):
    assert ishido.end_bonus(stones_left) == oracle_end_bonus(stones_left)
