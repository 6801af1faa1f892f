"""An independent oracle of the Ishido contract (rule page I5, I7–I10).

Written differently from the engine on purpose: coordinates instead of neighbour tables, and a
brute force over every colour/shape role assignment instead of counting.
tests/rules/test_ishido_oracle.py checks the engine against it on random boards; the play
tests recompute scores with it.
"""

import itertools

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
