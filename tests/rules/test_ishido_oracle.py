"""An independent oracle of the Ishido contract (rule page I5, I7–I10), and the engine checked
against it on tens of thousands of random boards.

The oracle is written differently on purpose: coordinates instead of neighbour tables, and a
brute force over every colour/shape role assignment instead of counting. The play tests import
it to recompute scores.
"""

import itertools
import random

import pytest

from games.rules import ishido

ROWS, COLUMNS = 8, 12

# I5: (number of neighbours, how many of them matched by colour) that the rule allows.
ALLOWED_SPLITS = {(1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (4, 2)}

# I9, copied from the rule page.
BONUS_TABLE = [25, 50, 100, 200, 400, 600, 800, 1000, 5000, 10000, 25000, 50000]


def oracle_neighbour_stones(board, cell):
    row, col = cell // COLUMNS, cell % COLUMNS
    found = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS and board[r * COLUMNS + c] is not None:
            found.append(board[r * COLUMNS + c])
    return found


def oracle_is_legal(board, cell, stone):
    """I5 by brute force: some assignment of roles to neighbours works."""
    if board[cell] is not None:
        return False
    neighbours = oracle_neighbour_stones(board, cell)
    for roles in itertools.product(("colour", "shape"), repeat=len(neighbours)):
        if (len(neighbours), roles.count("colour")) not in ALLOWED_SPLITS:
            continue
        if all(
            (other[0] == stone[0]) if role == "colour" else (other[1] == stone[1])
            for other, role in zip(neighbours, roles, strict=True)
        ):
            return True
    return False


def oracle_legal_cells(board, stone):
    return frozenset(cell for cell in range(ROWS * COLUMNS) if oracle_is_legal(board, cell, stone))


def oracle_placement_points(board, cell, four_ways):
    """I7–I9."""
    row, col = cell // COLUMNS, cell % COLUMNS
    if row in (0, ROWS - 1) or col in (0, COLUMNS - 1):
        return 0
    count = len(oracle_neighbour_stones(board, cell))
    base = {0: 0, 1: 1, 2: 2, 3: 4, 4: 8}[count]
    factor = 1
    for _ in range(four_ways):
        factor *= 2
    bonus = 0
    if count == 4:
        nth = four_ways + 1
        bonus = BONUS_TABLE[nth - 1] if nth <= len(BONUS_TABLE) else 50000
    return base * factor + bonus


def oracle_end_bonus(stones_left):
    """I10."""
    if stones_left == 2:
        return 100
    if stones_left == 1:
        return 500
    if stones_left == 0:
        return 1000
    return 0


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
