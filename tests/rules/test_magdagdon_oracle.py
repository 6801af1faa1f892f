"""An independent oracle of the MAGDAGDON contract, compared with the module on many random cases.

The oracle is written differently on purpose: a dict grid keyed by (row, column), set-based
search for `can_place` (choose the cells first, then the values, order-free connectivity
check) instead of the module's ordered bitmask search. The oracle lives in
tests/support/magdagdon_oracle.py, where the other MAGDAGDON tests import it from.
"""

from __future__ import annotations

import random
from enum import Enum

import pytest

from games.rules import magdagdon as m
from tests.support.magdagdon_oracle import (
    oracle_can_place,
    oracle_legal_cells,
    oracle_line_bonus,
    oracle_required,
    oracle_score,
    to_grid,
)

# ---------------------------------------------------------------------------------------------
# Random boards

DIFFICULTIES = ["peaceful", "survival", "nightmare"]


def random_board(rng: random.Random) -> tuple[object, ...]:
    """Arbitrary boards: any mix of empty, numbers and ruins (not necessarily reachable)."""
    p_empty, p_ruin = rng.random(), rng.random() * 0.3
    cells: list[object] = []
    for _ in range(16):
        x = rng.random()
        cells.append(None if x < p_empty else m.RUIN if x < p_empty + p_ruin else rng.randint(1, 6))
    return tuple(cells)


def grown_board(rng: random.Random) -> tuple[object, ...]:
    """Boards a game could reach: numbers grown by legal placements, ruins sprinkled in."""
    board: list[object] = [None] * 16
    for _ in range(rng.randint(0, 16)):
        if rng.random() < 0.15:
            empties = [i for i in range(16) if board[i] is None]
            if empties:
                board[rng.choice(empties)] = m.RUIN
            continue
        value = rng.randint(1, 6)
        cells = sorted(oracle_legal_cells(board, value))
        if cells:
            board[rng.choice(cells)] = value
    return tuple(board)


def some_board(rng: random.Random) -> tuple[object, ...]:
    return grown_board(rng) if rng.random() < 0.6 else random_board(rng)


# ---------------------------------------------------------------------------------------------
# Comparisons (seeded, not hypothesis: fast and reproducible)


def test_M8_M9_M10_legal_cells_matches_oracle_on_30000_cases() -> None:
    rng = random.Random(8910)
    for _ in range(5000):
        board = some_board(rng)
        for value in range(1, 7):
            assert m.legal_cells(board, value) == oracle_legal_cells(board, value), (board, value)


def test_M15_can_place_matches_oracle_with_four_dice_on_14000_cases() -> None:
    rng = random.Random(15)
    for _ in range(14000):
        board = some_board(rng)
        dice = tuple(rng.randint(1, 6) for _ in range(4))
        count = rng.choice((1, 2, 2, 3, 3, 3))
        assert m.can_place(board, dice, count) == oracle_can_place(board, dice, count), (
            board,
            dice,
            count,
        )


def test_M15_can_place_matches_oracle_for_other_dice_counts() -> None:
    rng = random.Random(1515)
    for _ in range(3000):
        board = grown_board(rng) if rng.random() < 0.8 else random_board(rng)
        dice = [rng.randint(1, 6) for _ in range(rng.randint(0, 4))]
        count = rng.randint(0, 4)
        assert m.can_place(board, dice, count) == oracle_can_place(board, dice, count), (
            board,
            dice,
            count,
        )


def test_M15_can_place_on_boards_with_tight_values_matches_oracle() -> None:
    # Dice close together make long searches that succeed only in some orders (M11).
    rng = random.Random(1511)
    for _ in range(4000):
        board = grown_board(rng)
        base = rng.randint(1, 6)
        dice = tuple(min(6, max(1, base + rng.choice((-2, -1, 0, 1, 2)))) for _ in range(4))
        count = rng.choice((2, 3, 3))
        assert m.can_place(board, dice, count) == oracle_can_place(board, dice, count), (
            board,
            dice,
            count,
        )


def test_M6_required_dice_matches_oracle_with_names_and_enums() -> None:
    class TheirDifficulty(Enum):
        P = "peaceful"
        S = "survival"
        N = "nightmare"

    rng = random.Random(6)
    for _ in range(20000):
        board = some_board(rng)
        name = rng.choice(DIFFICULTIES)
        expected = oracle_required(board, name)
        assert m.required_dice(board, name) == expected
        assert m.required_dice(board, m.Difficulty(name)) == expected
        assert m.required_dice(board, TheirDifficulty(name)) == expected


def test_M18_M21_score_matches_oracle_on_30000_cases() -> None:
    rng = random.Random(1821)
    for _ in range(30000):
        board = (
            some_board(rng)
            if rng.random() < 0.5
            else tuple(m.RUIN if rng.random() < 0.08 else rng.randint(1, 6) for _ in range(16))
        )
        name = rng.choice(DIFFICULTIES)
        uses = rng.randint(0, {"peaceful": 3, "survival": 1, "nightmare": 0}[name])
        assert m.score(board, name, uses).total == oracle_score(board, name, uses), (
            board,
            name,
            uses,
        )


def test_M19_score_bonuses_name_each_line_like_the_oracle() -> None:
    rng = random.Random(19)
    for _ in range(5000):
        board = tuple(rng.choice((1, 2, 3, 4, 5, 6, 6, m.RUIN)) for _ in range(16))
        grid = to_grid(board)
        expected = set()
        for k in range(4):
            row_points = oracle_line_bonus([grid[(k, c)] for c in range(4)])
            col_points = oracle_line_bonus([grid[(r, k)] for r in range(4)])
            if row_points:
                expected.add(("row", k, row_points))
            if col_points:
                expected.add(("column", k, col_points))
        found = m.score(board, "nightmare", 0).bonuses
        assert {(b.line, b.number, b.points) for b in found} == expected
        assert len(found) == len(expected)  # at most one bonus per line


@pytest.mark.parametrize("name", DIFFICULTIES)
def test_M5_power_penalties_match_oracle_for_every_use_count(name: str) -> None:
    board = (None,) * 16
    for uses in range({"peaceful": 3, "survival": 1, "nightmare": 0}[name] + 1):
        assert m.score(board, name, uses).total == oracle_score(board, name, uses)
