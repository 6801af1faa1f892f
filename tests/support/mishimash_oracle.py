"""An independent oracle of MISHIMASH scoring (X3-X6), written from the rule text and
differently from the engine: list every combination the roll allows as a multiset, then
search all exact covers of the selection and keep the best value. The scoring and property
tests compare `selection_points` with it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

F = Fraction


def oracle_combinations(roll: tuple[int, ...], whole: bool) -> list[tuple[Counter[int], F]]:
    held = Counter(roll)
    combos: list[tuple[Counter[int], F]] = []
    for face, value in ((1, F(1)), (5, F(1, 2))):
        if 1 <= held[face] <= 2:  # X3 + X6: singles only when R holds at most two
            combos.append((Counter({face: 1}), value))
    for face, count in held.items():
        if count >= 3:  # X4 + X6: all of that face, triple x (count - 2)
            triple = F(10) if face == 1 else F(face)
            combos.append((Counter({face: count}), triple * {3: 1, 4: 2, 5: 3, 6: 4}[count]))
    if whole and len(roll) == 6:
        if set(roll) == {1, 2, 3, 4, 5, 6}:
            combos.append((Counter(roll), F(15)))  # X5 straight
        if all(count % 2 == 0 for count in held.values()):
            combos.append((Counter(roll), F(10)))  # X5 three pairs (4+2 and 6 too)
    return combos


def oracle_points(roll: tuple[int, ...], selection: tuple[int, ...]) -> F | None:
    wanted = Counter(selection)
    if not selection or wanted - Counter(roll):
        return None
    combos = oracle_combinations(roll, whole=wanted == Counter(roll))
    best: F | None = None

    def cover(rest: Counter[int], total: F) -> None:
        nonlocal best
        if not +rest:
            best = total if best is None else max(best, total)
            return
        for combo, value in combos:
            if all(rest[face] >= n for face, n in combo.items()):
                cover(rest - combo, total + value)

    cover(wanted, F(0))
    return best
