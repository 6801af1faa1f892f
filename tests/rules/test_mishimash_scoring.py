"""MISHIMASH scoring (X2-X7, X11): table cases per rule, and an exhaustive comparison of
`selection_points` / `is_bust` with an independent oracle over every roll and every selection."""

from __future__ import annotations

import doctest
import itertools
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.rules.mishimash as mishimash
import games.rules.mishimash_log as mishimash_log
import games.rules.mishimash_scoring as mishimash_scoring
from games.rules.mishimash import (
    best_split,
    clear_bonus,
    describe_selection,
    format_points,
    halves_to_decimal,
    is_bust,
    legal_selections,
    scoring_indices,
    selection_halves,
    selection_points,
    selection_problem,
)
from tests.support.mishimash_oracle import oracle_points

F = Fraction


def sub_multisets(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    held = sorted(Counter(roll).items())
    ranges = [range(count + 1) for _, count in held]
    return [
        tuple(face for (face, _), n in zip(held, ns, strict=True) for _ in range(n))
        for ns in itertools.product(*ranges)
    ]


ALL_SORTED_ROLLS = [
    roll for n in range(1, 7) for roll in itertools.combinations_with_replacement(range(1, 7), n)
]


def test_exhaustive_selection_points_match_the_oracle_x6() -> None:
    """X6 (and X3-X5): every roll of 1-6 dice (as sorted multisets), every sub-multiset."""
    assert len(ALL_SORTED_ROLLS) == 923
    checked = 0
    for roll in ALL_SORTED_ROLLS:
        for selection in sub_multisets(roll):
            expected = oracle_points(roll, selection)
            assert selection_points(roll, selection) == expected, (roll, selection)
            assert selection_points(roll[::-1], selection[::-1]) == expected
            checked += 1
    assert checked > 10_000


def test_exhaustive_is_bust_matches_the_oracle_x7() -> None:
    """X7: a bust exactly when no non-empty selection has an oracle value."""
    for roll in ALL_SORTED_ROLLS:
        expected = all(oracle_points(roll, s) is None for s in sub_multisets(roll) if s)
        assert is_bust(roll) == expected, roll


def test_is_bust_every_ordered_roll_x7() -> None:
    """X7: order never matters; over all 6^1 + ... + 6^6 ordered rolls."""
    sorted_bust = {roll: is_bust(roll) for roll in ALL_SORTED_ROLLS}
    busts = 0
    for n in range(1, 7):
        for roll in itertools.product(range(1, 7), repeat=n):
            bust = is_bust(roll)
            assert bust == sorted_bust[tuple(sorted(roll))]
            busts += bust
    # Six dice: 2,2,3,3,4,6-like rolls only (two pairs and two singles of 2,3,4,6).
    assert sum(is_bust(r) for r in itertools.product(range(1, 7), repeat=6)) == 6 * 720 // 4


# --- table cases per rule ---------------------------------------------------------------------

CASES = [
    # (rule, roll, selection, points or None)
    ("X3", (1, 2, 3, 4, 6, 6), (1,), F(1)),
    ("X3", (5, 2, 3, 4, 6, 6), (5,), F(1, 2)),
    ("X3", (1, 1, 5, 5, 2, 3), (1, 1, 5), F(5, 2)),
    ("X4", (1, 1, 1, 2, 3, 4), (1, 1, 1), F(10)),
    ("X4", (4, 4, 4, 2, 3, 6), (4, 4, 4), F(4)),
    ("X4", (2, 2, 2, 3, 4, 6), (2, 2, 2), F(2)),
    ("X4", (5, 5, 5, 2, 3, 4), (5, 5, 5), F(5)),
    ("X4", (1, 1, 1, 1, 2, 3), (1, 1, 1, 1), F(20)),
    ("X4", (6, 6, 6, 6, 6, 2), (6, 6, 6, 6, 6), F(18)),
    ("X4", (3, 3, 3, 3, 3, 3), (3, 3, 3, 3, 3, 3), F(12)),
    ("X4", (1, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1), F(40)),
    ("X5", (6, 5, 4, 3, 2, 1), (1, 2, 3, 4, 5, 6), F(15)),
    ("X5", (2, 2, 4, 4, 6, 6), (2, 2, 4, 4, 6, 6), F(10)),
    ("X5", (1, 1, 5, 5, 3, 3), (1, 1, 5, 5, 3, 3), F(10)),
    ("X5", (1, 1, 5, 5, 3, 3), (1, 1, 5, 5), F(3)),
    ("X6", (1, 1, 1, 1, 5, 5), (1, 1, 1, 1, 5, 5), F(21)),
    ("X6", (2, 2, 2, 2, 3, 3), (2, 2, 2, 2, 3, 3), F(10)),
    ("X6", (2, 2, 2, 2, 3, 3), (2, 2, 2, 2), F(4)),
    ("X6", (2, 2, 2, 2, 2, 2), (2, 2, 2, 2, 2, 2), F(10)),  # six 2s: 8 as a set, 10 as pairs
    ("X6", (2, 2, 2, 2, 1, 1), (2, 2, 2, 2, 1, 1), F(10)),  # 4 + 1 + 1 < three pairs
    ("X6", (1, 1, 1, 1, 2, 2), (1, 1, 1, 1, 2, 2), F(10)),  # 2s only fit the three pairs
    ("X6", (1, 1, 1, 1, 5, 5), (1, 1, 1), None),  # three of four 1s
    ("X6", (1, 1, 1, 1, 5, 5), (1,), None),  # one of four 1s
    ("X6", (5, 5, 5, 2, 3, 4), (5,), None),  # a single 5 when R holds three
    ("X6", (2, 2, 4, 4, 6, 6), (2, 2, 4, 4), None),  # pairs need the whole roll
    ("X6", (2, 2, 4, 4, 6), (2, 2, 4, 4, 6), None),  # five dice are never three pairs
    ("X6", (1, 2, 3, 4, 5), (1, 2, 3, 4, 5), None),  # a five-dice run is no straight
    ("X6", (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5), None),  # the straight needs all six
    ("X6", (1, 2, 3, 4, 5, 6), (1, 5), F(3, 2)),
    ("X6", (1, 2, 3, 4, 6, 6), (1, 6), None),  # a 6 does not score alone
    ("X6", (1, 2, 3, 4, 6, 6), (1, 1), None),  # not a sub-multiset
    ("X6", (1, 2, 3, 4, 6, 6), (7,), None),
    ("X6", (1, 2, 3, 4, 6, 6), (), None),  # X8: at least one combination
    ("X6", (3, 3, 3, 1, 5), (3, 3, 3, 1, 5), F(9, 2)),  # a clear of five dice
    ("X6", (5, 5), (5, 5), F(1)),
]


@pytest.mark.parametrize(("rule", "roll", "selection", "points"), CASES)
def test_selection_points_table_x3_x4_x5_x6(
    rule: str, roll: tuple[int, ...], selection: tuple[int, ...], points: F | None
) -> None:
    assert selection_points(roll, selection) == points, rule
    halves = selection_halves(roll, selection)
    assert halves == (None if points is None else 2 * points)


def test_points_are_exact_halves_never_floats_x2() -> None:
    """X2: values are Fractions with denominator 1 or 2; the engine's unit is an int of halves."""
    for roll in ALL_SORTED_ROLLS:
        for selection in sub_multisets(roll):
            value = selection_points(roll, selection)
            if value is not None:
                assert type(value) is Fraction and value.denominator in (1, 2)
                assert type(selection_halves(roll, selection)) is int


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"),
        (1, "0.5"),
        (24, "12"),
        (25, "12.5"),
        (2_000_001, "1000000.5"),
        (-3, "-1.5"),
        (F(25, 2), "12.5"),
        (F(12), "12"),
    ],
)
def test_format_points_x2(value: int | F, text: str) -> None:
    assert format_points(value) == text


def test_format_points_refuses_non_halves_x2() -> None:
    with pytest.raises(ValueError):
        format_points(F(1, 3))
    with pytest.raises(TypeError):
        format_points(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        format_points(True)


def test_halves_to_decimal_is_exact_x2() -> None:
    assert halves_to_decimal(25) == Decimal("12.5")
    assert halves_to_decimal(24) == Decimal("12")
    assert str(halves_to_decimal(10**30 + 1)).endswith(".5")


@pytest.mark.parametrize(
    ("roll", "bust"),
    [
        ((2, 3, 4, 6), True),
        ((2, 2, 3, 3, 4, 6), True),
        ((6, 6, 4, 4, 3, 2), True),
        ((2, 2, 3, 3, 4, 4), False),  # three pairs
        ((2, 2, 2, 2, 3, 3), False),
        ((5,), False),
        ((1,), False),
        ((6,), True),
        ((2, 2), True),
        ((3, 3, 3), False),
        ((2, 2, 4, 4, 6), True),  # pairs need six dice
        ((2, 3, 4, 6, 2), True),
    ],
)
def test_is_bust_table_x7(roll: tuple[int, ...], bust: bool) -> None:
    assert is_bust(roll) is bust


def test_clear_bonus_grows_linearly_x11() -> None:
    """X11: +10, +20, +30, ... for the n-th clear of a turn."""
    assert [clear_bonus(n) for n in range(1, 8)] == [10, 20, 30, 40, 50, 60, 70]
    for bad in (0, -1, True):
        with pytest.raises(ValueError):
            clear_bonus(bad)


@pytest.mark.parametrize("bad", [(), (0, 1), (7,), (1,) * 7, (1.0,), (True,)])
def test_malformed_rolls_are_refused(bad: tuple[object, ...]) -> None:
    with pytest.raises(ValueError):
        is_bust(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        selection_points(bad, (1,))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("roll", "selection", "words"),
    [
        ((4, 4, 4, 5, 2, 3), (4, 4, 4, 5), "three 4s + one 5"),
        ((1, 1, 1, 1, 5, 5), (1, 1, 1, 1, 5, 5), "four 1s + two 5s"),
        ((2, 2, 2, 2, 3, 3), (2, 2, 2, 2, 3, 3), "three pairs"),
        ((1, 2, 3, 4, 5, 6), (6, 5, 4, 3, 2, 1), "a straight 1-6"),
        ((1, 2, 3, 4, 5, 6), (1,), "one 1"),
        ((1, 2, 3, 4, 5, 6), (1, 2), None),
    ],
)
def test_describe_selection_x6(
    roll: tuple[int, ...], selection: tuple[int, ...], words: str | None
) -> None:
    assert describe_selection(roll, selection) == words


def test_best_split_lists_the_combinations_x6() -> None:
    split = best_split((1, 1, 1, 1, 5, 5), (1, 1, 1, 1, 5, 5))
    assert split is not None
    assert [(c.kind, c.face, c.count, c.halves) for c in split] == [
        ("set", 1, 4, 40),
        ("singles", 5, 2, 2),
    ]


@pytest.mark.parametrize(
    ("roll", "selection", "fragment"),
    [
        ((1, 1, 1, 1, 5, 5), (1, 1, 1), "take all of them together"),
        ((1, 2, 3, 4, 6, 6), (6,), "A 6 scores only"),
        ((1, 2, 3, 4, 6, 6), (5,), "not all in this roll"),
        ((1, 2, 3, 4, 6, 6), (), "at least one"),
        ((1, 2, 3, 4, 6, 6), (1,), None),
    ],
)
def test_selection_problem_explains_refusals_x6(
    roll: tuple[int, ...], selection: tuple[int, ...], fragment: str | None
) -> None:
    problem = selection_problem(roll, selection)
    assert problem == fragment if fragment is None else fragment in (problem or "")


def test_legal_selections_and_scoring_indices_x6() -> None:
    roll = (1, 2, 5, 4, 6, 6)
    assert legal_selections(roll) == ((0,), (2,), (0, 2))
    assert scoring_indices(roll) == (0, 2)
    assert legal_selections((2, 3, 4, 6)) == ()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=6), st.randoms(use_true_random=False))
def test_selection_points_ignore_dice_order_x6(roll: list[int], rnd: object) -> None:
    """X6 is about multisets: shuffling the roll or the selection never changes a value."""
    import random

    assert isinstance(rnd, random.Random)
    selection = [face for face in roll if rnd.random() < 0.5]
    shuffled_roll, shuffled_sel = roll[:], selection[:]
    rnd.shuffle(shuffled_roll)
    rnd.shuffle(shuffled_sel)
    assert selection_points(roll, selection) == selection_points(shuffled_roll, shuffled_sel)
    assert is_bust(roll) == is_bust(shuffled_roll)


@pytest.mark.parametrize("module", [mishimash, mishimash_scoring, mishimash_log])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_scoring_indices_are_the_dice_of_the_legal_selections_x6(roll: list[int]) -> None:
    assert scoring_indices(roll) == tuple(
        sorted({i for selection in legal_selections(roll) for i in selection})
    )
