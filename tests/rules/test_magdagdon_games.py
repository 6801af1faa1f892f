"""Recorded whole MAGDAGDON games (seed + actions) replayed to a known final board and score.

Each final score was checked by hand against M18–M21; the arithmetic is in each docstring.
"""

from __future__ import annotations

import json
import random

import pytest

from games.rules import magdagdon as m
from tests.support.magdagdon_oracle import board_from_text

S, C, R = "stage", "confirm", "roll"


def _actions(*steps: tuple[object, ...]) -> list[dict[str, object]]:
    """Compact notation: ("stage", die, cell), ("unstage", die), ("reroll", [dice]), ..."""
    out: list[dict[str, object]] = []
    for step in steps:
        kind = step[0]
        if kind == "stage":
            out.append({"type": kind, "die": step[1], "cell": step[2]})
        elif kind in ("unstage", "increase", "decrease"):
            out.append({"type": kind, "die": step[1]})
        elif kind == "reroll":
            out.append({"type": kind, "dice": step[1]})
        elif kind == "accept_magdagdon":
            out.append({"type": kind, "cell": step[1]})
        else:
            out.append({"type": kind})
    return out


PEACEFUL_GAME = _actions(
    (R,), (S, 0, 8), (S, 2, 9), (S, 3, 5), (C,),
    (R,), (S, 3, 12), (S, 0, 1), (S, 1, 0), (C,),
    (R,), (S, 3, 6), (S, 2, 2), (S, 0, 7), (S, 1, 3), (C,),
    (R,), (S, 3, 11), ("unstage", 3), (S, 3, 13), (S, 1, 11), (S, 0, 15), (C,),
    (R,), ("accept_magdagdon", 10),
    (R,), ("reroll", [1, 0, 2, 3]), ("accept_magdagdon", 14),
    (R,), ("reroll", [3]), ("accept_magdagdon", 4),
)  # fmt: skip

SURVIVAL_GAME = _actions(
    (R,), (S, 1, 14), (S, 3, 15), (S, 2, 11), (C,),
    (R,), (S, 0, 10), (S, 2, 7), (S, 3, 3), (C,),
    (R,), (S, 1, 13), (S, 3, 2), (S, 0, 1), (S, 2, 0), (C,),
    (R,), (S, 3, 12), (S, 0, 6), (S, 1, 9), ("increase", 2), (S, 2, 4), (C,),
    (R,), ("accept_magdagdon", 5),
    (R,), ("accept_magdagdon", 8),
)  # fmt: skip

NIGHTMARE_GAME = _actions(
    (R,), (S, 3, 8), (S, 0, 4), (S, 1, 12), (S, 2, 13), (C,),
    (R,), ("accept_magdagdon", 0),
    (R,), (S, 0, 5), (S, 3, 14), (S, 1, 6), (C,),
    (R,), (S, 1, 10), (S, 3, 9), (S, 0, 2), (S, 2, 11), (C,),
    (R,), (S, 2, 7), (S, 0, 3), (S, 1, 1), (S, 3, 15), (C,),
)  # fmt: skip


def replay(difficulty: str, seed: int, actions: list[dict[str, object]]) -> list[m.State]:
    rng = random.Random(seed)
    state = m.new_game(m.Options.from_dict({"difficulty": difficulty}), rng)
    states = [state]
    for data in actions:
        state = m.apply(state, m.action_from_dict(json.loads(json.dumps(data))), rng)
        states.append(state)
    return states


def test_M22_recorded_peaceful_game_with_rerolls_unstage_and_three_ruins() -> None:
    """Board 3432 / X543 / 65X2 / 54X1. Numbers sum to 12 + 12 + 13 + 10 = 47, base 94.
    Only column 1 (4, 5, 5, 4) earns a bonus: two pairs +20. Three ruins −45; two rerolls
    −10 −20. Total 94 + 20 − 45 − 30 = 39."""
    states = replay("peaceful", 24284, PEACEFUL_GAME)
    final = states[-1]
    assert final.board == board_from_text("3432 X543 65X2 54X1")
    assert final.powers_used == ("reroll", "reroll")
    assert final.turns == 7 and final.is_finished
    result = m.live_score(final)
    assert (result.base, result.bonus, result.ruin_penalty, result.power_penalty) == (
        94,
        20,
        45,
        30,
    )
    assert result.bonuses == (("column", 1, "two_pairs", 20),)
    assert result.total == 39
    # every accepted MAGDAGDON was one (M16/M17), and the powers did not rescue those rolls
    for before, data in zip(states[:-1], PEACEFUL_GAME, strict=True):
        if data["type"] == "accept_magdagdon":
            assert before.phase == "magdagdon"
        if data["type"] == "reroll":
            assert before.phase == "magdagdon"


def test_M22_recorded_survival_game_with_one_increase_and_two_ruins() -> None:
    """Board 6543 / 5X34 / X223 / 2212. Numbers sum to 18 + 12 + 7 + 7 = 44, base 88.
    Row 0 reads 6-5-4-3 (straight +60), column 2 reads 4-3-2-1 (straight +60). Two ruins
    −30; one power −70. Total 88 + 120 − 30 − 70 = 108."""
    final = replay("survival", 24211, SURVIVAL_GAME)[-1]
    assert final.board == board_from_text("6543 5X34 X223 2212")
    assert final.powers_used == ("increase",)
    assert final.turns == 6 and final.phase == "finished"
    result = m.live_score(final)
    assert result.bonuses == (("row", 0, "straight", 60), ("column", 2, "straight", 60))
    assert result.total == 108


def test_M22_recorded_nightmare_game_with_a_ruin_on_turn_two() -> None:
    """Board X554 / 6655 / 6545 / 5456. Numbers sum to 14 + 22 + 20 + 20 = 76, base 152.
    Row 1 (6, 6, 5, 5) two pairs +20; row 0 holds the ruin. One ruin −15; no powers.
    Total 152 + 20 − 15 = 157."""
    states = replay("nightmare", 22213, NIGHTMARE_GAME)
    final = states[-1]
    assert final.board == board_from_text("X554 6655 6545 5456")
    assert final.turns == 5 and final.powers_used == ()
    assert m.live_score(final).total == 157
    assert states[7].phase == "magdagdon"  # the second roll could not place three dice


@pytest.mark.parametrize(
    ("difficulty", "seed", "actions"),
    [
        ("peaceful", 24284, PEACEFUL_GAME),
        ("survival", 24211, SURVIVAL_GAME),
        ("nightmare", 22213, NIGHTMARE_GAME),
    ],
)
def test_M22_recorded_games_replay_identically_through_snapshots(
    difficulty: str, seed: int, actions: list[dict[str, object]]
) -> None:
    """Every intermediate state survives to_dict/from_dict, and a second replay is identical."""
    first = replay(difficulty, seed, actions)
    assert replay(difficulty, seed, actions) == first
    for state in first:
        assert m.State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
