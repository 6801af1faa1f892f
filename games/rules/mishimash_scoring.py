"""MISHIMASH scoring (rules X2-X7, X11): what a selection of dice is worth, and busts.

Points are exact halves (X2), so every value here is an `int` number of HALF-points
(`*_halves`); `Fraction` and `Decimal` appear only at the edges for callers that want points.
Rolls and selections are sequences of faces 1-6; the order of the dice never matters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal

from games.rules.errors import gettext_noop

FACES = (1, 2, 3, 4, 5, 6)
DICE = 6

SINGLE_HALVES = {1: 2, 5: 1}  # X3: a single 1 = 1 point, a single 5 = 0.5
STRAIGHT_HALVES = 30  # X5: 15 points
THREE_PAIRS_HALVES = 20  # X5: 10 points

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")

ComboKind = Literal["singles", "set", "straight", "three_pairs"]


@dataclass(frozen=True, slots=True)
class Combo:
    """One scoring combination of a split (X6), worth `halves` before the multiplier.

    `singles` are `count` lone 1s or 5s; a `set` is all `count` (3-6) dice of `face`.
    `straight` and `three_pairs` take the whole six-dice roll (`face` is 0 for them).
    """

    kind: ComboKind
    face: int
    count: int
    halves: int

    def describe(self) -> str:
        """The combination in words, e.g. "three 4s", "one 5", "three pairs"."""
        if self.kind == "straight":
            return "a straight 1-6"
        if self.kind == "three_pairs":
            return "three pairs"
        plural = "" if self.count == 1 else "s"
        return f"{_NUMBER_WORDS[self.count]} {self.face}{plural}"


def set_halves(face: int, count: int) -> int:
    """X4: all `count` (3-6) dice of `face`: the triple, doubled for four, x3 five, x4 six.

    >>> set_halves(1, 3), set_halves(4, 3), set_halves(1, 4), set_halves(3, 6)
    (20, 8, 40, 24)
    """
    triple = 20 if face == 1 else 2 * face
    return triple * (count - 2)


def clear_bonus(n: int) -> int:
    """X11: the bonus, in points, of the n-th clear (MISHIMASH) of one turn: 10, 20, 30, ...

    >>> [clear_bonus(n) for n in (1, 2, 3)]
    [10, 20, 30]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"clears are counted from 1, not {n!r}")
    return 10 * n


def clear_bonus_halves(n: int) -> int:
    """`clear_bonus` in half-points."""
    return 2 * clear_bonus(n)


def face_counts(roll: Iterable[int]) -> tuple[int, ...]:
    """How many dice show each face: index f holds the count of face f (index 0 unused).

    Raises ValueError unless `roll` is 1-6 dice showing faces 1-6.
    """
    counts = [0] * 7
    for face in roll:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ValueError(f"a die shows 1-6, not {face!r}")
        counts[face] += 1
    if not 1 <= sum(counts) <= DICE:
        raise ValueError(f"a roll has 1-6 dice, not {sum(counts)}")
    return tuple(counts)


def _selection_counts(selection: Iterable[object]) -> tuple[int, ...] | None:
    """Face counts of a selection, or None when some element is not a face 1-6."""
    counts = [0] * 7
    for face in selection:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            return None
        counts[face] += 1
    return tuple(counts)


def _per_face_split(r: tuple[int, ...], s: tuple[int, ...]) -> tuple[Combo, ...] | None:
    """Split S face by face into singles and whole sets (X6), or None if some die is left."""
    combos: list[Combo] = []
    for face in FACES:
        taken, held = s[face], r[face]
        if taken == 0:
            continue
        if held >= 3:  # a face held 3+ times is taken whole or not at all
            if taken != held:
                return None
            combos.append(Combo("set", face, taken, set_halves(face, taken)))
        elif face in SINGLE_HALVES:
            combos.append(Combo("singles", face, taken, SINGLE_HALVES[face] * taken))
        else:
            return None
    return tuple(combos)


def _whole_roll_splits(r: tuple[int, ...]) -> list[tuple[Combo, ...]]:
    """The straight and three-pairs readings of a whole six-dice roll (X5, X6)."""
    splits: list[tuple[Combo, ...]] = []
    if sum(r) != DICE:
        return splits
    if all(r[face] == 1 for face in FACES):
        splits.append((Combo("straight", 0, DICE, STRAIGHT_HALVES),))
    if all(r[face] % 2 == 0 for face in FACES):
        splits.append((Combo("three_pairs", 0, DICE, THREE_PAIRS_HALVES),))
    return splits


def best_split(roll: Sequence[int], selection: Iterable[object]) -> tuple[Combo, ...] | None:
    """The best X6 split of `selection` (faces) taken from `roll`, or None if it is not legal.

    Not legal: empty, not a sub-multiset of `roll`, or some die fits no combination.

    >>> [c.describe() for c in best_split([4, 4, 4, 5, 2, 3], [4, 5, 4, 4])]
    ['three 4s', 'one 5']
    """
    r = face_counts(roll)
    s = _selection_counts(selection)
    if s is None or sum(s) == 0 or any(s[f] > r[f] for f in FACES):
        return None
    splits = _whole_roll_splits(r) if s == r else []
    per_face = _per_face_split(r, s)
    if per_face is not None:
        splits.append(per_face)
    if not splits:
        return None
    return max(splits, key=split_halves)


def split_halves(split: Iterable[Combo]) -> int:
    """The value of a split in half-points, before the multiplier."""
    return sum(combo.halves for combo in split)


def selection_halves(roll: Sequence[int], selection: Iterable[object]) -> int | None:
    """`selection_points` in half-points (an int), or None."""
    split = best_split(roll, selection)
    return None if split is None else split_halves(split)


def selection_points(roll: Sequence[int], selection: Iterable[object]) -> Fraction | None:
    """X6: the exact value of `selection` (faces, a sub-multiset of `roll`), or None.

    None when the selection is empty (X8 asks for at least one combination), is not a
    sub-multiset of the roll, or cannot be split into legal combinations.

    >>> selection_points([1, 1, 1, 1, 5, 5], [1, 1, 1, 1, 5, 5])
    Fraction(21, 1)
    >>> selection_points([2, 2, 2, 2, 3, 3], [2, 2, 2, 2, 3, 3])
    Fraction(10, 1)
    >>> selection_points([2, 2, 2, 2, 3, 3], [2, 2, 2, 2])
    Fraction(4, 1)
    >>> selection_points([1, 1, 1, 1, 5, 5], [1, 1, 1]) is None
    True
    """
    halves = selection_halves(roll, selection)
    return None if halves is None else Fraction(halves, 2)


def is_bust(roll: Sequence[int]) -> bool:
    """X7: no legal selection exists in `roll` (SMOLA).

    >>> is_bust([2, 3, 4, 6]), is_bust([2, 2, 3, 3, 4, 6]), is_bust([2, 2, 3, 3, 4, 4])
    (True, True, False)
    """
    r = face_counts(roll)
    if r[1] or r[5] or any(r[face] >= 3 for face in FACES):
        return False
    return not _whole_roll_splits(r)


def legal_selections(roll: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every legal selection of `roll` as sorted tuples of dice INDICES (positions)."""
    face_counts(roll)
    found = []
    for mask in range(1, 1 << len(roll)):
        indices = tuple(i for i in range(len(roll)) if mask >> i & 1)
        if best_split(roll, [roll[i] for i in indices]) is not None:
            found.append(indices)
    return tuple(found)


def scoring_indices(roll: Sequence[int]) -> tuple[int, ...]:
    """Positions of the dice that belong to at least one legal selection (for highlighting):
    1s and 5s, faces held three or more times, and every die of a straight or three pairs.

    >>> scoring_indices([1, 2, 5, 4, 6, 6]), scoring_indices([2, 2, 3, 3, 4, 4])
    ((0, 2), (0, 1, 2, 3, 4, 5))
    """
    r = face_counts(roll)
    whole = bool(_whole_roll_splits(r))
    return tuple(i for i, face in enumerate(roll) if whole or face in SINGLE_HALVES or r[face] >= 3)


def selection_refusal(
    roll: Sequence[int], selection: Sequence[int]
) -> tuple[str, dict[str, Any]] | None:
    """Why `selection` (faces) is not a legal selection from `roll`: a message template (marked
    for translation) and its parameters, as `IllegalMove` takes them; None if legal."""
    if best_split(roll, selection) is not None:
        return None
    if not selection:
        return gettext_noop("Choose at least one scoring die, then bank or roll again."), {}
    r, s = face_counts(roll), _selection_counts(selection)
    if s is None or any(s[f] > r[f] for f in FACES):
        return gettext_noop("Those dice are not all in this roll."), {}
    for face in FACES:
        taken, held = s[face], r[face]
        if taken and held >= 3 and taken != held:
            return (
                gettext_noop(
                    "The roll holds %(held)d dice showing %(face)d: take all of them together "
                    "or none (you chose %(taken)d)."
                ),
                {"held": held, "face": face, "taken": taken},
            )
        if taken and held < 3 and face not in SINGLE_HALVES:
            return (
                gettext_noop(
                    "A %(face)d scores only in three of a kind, or in a straight or three pairs "
                    "made of all six dice."
                ),
                {"face": face},
            )
    return gettext_noop("Those dice do not form scoring combinations."), {}


def selection_problem(roll: Sequence[int], selection: Sequence[int]) -> str | None:
    """Why `selection` (faces) is not a legal selection from `roll`, in English; None if legal.

    >>> selection_problem([1, 1, 1, 1, 5, 5], [1, 1, 1])
    'The roll holds 4 dice showing 1: take all of them together or none (you chose 3).'
    """
    refusal = selection_refusal(roll, selection)
    if refusal is None:
        return None
    template, params = refusal
    return template % params if params else template


def describe_selection(roll: Sequence[int], selection: Iterable[object]) -> str | None:
    """The best split of a selection in words, e.g. "three 4s + one 5"; None if not legal.

    >>> describe_selection([1, 1, 1, 1, 5, 5], [1, 1, 1, 1, 5, 5])
    'four 1s + two 5s'
    """
    split = best_split(roll, selection)
    return None if split is None else " + ".join(combo.describe() for combo in split)


def halves_to_fraction(halves: int) -> Fraction:
    """Half-points as exact points."""
    return Fraction(halves, 2)


def halves_to_decimal(halves: int) -> Decimal:
    """Half-points as an exact Decimal (`Decimal('12.5')`, `Decimal('12')`) for Django."""
    return Decimal(format_points(halves))


def format_points(value: int | Fraction) -> str:
    """Points as text with a "." decimal point: "12.5", "12", "-0.5".

    An `int` is read as HALF-points (the engine's unit); a `Fraction` as points and must be
    a whole or half number.

    >>> format_points(25), format_points(24), format_points(Fraction(1, 2))
    ('12.5', '12', '0.5')
    """
    if isinstance(value, bool):
        raise TypeError("points are not a bool")
    if isinstance(value, Fraction):
        if (2 * value).denominator != 1:
            raise ValueError(f"{value} is not a whole or half number of points")
        halves = int(2 * value)
    elif isinstance(value, int):
        halves = value
    else:
        raise TypeError(f"points are half-points (int) or a Fraction, not {type(value).__name__}")
    sign = "-" if halves < 0 else ""
    whole, half = divmod(abs(halves), 2)
    return f"{sign}{whole}.5" if half else f"{sign}{whole}"
