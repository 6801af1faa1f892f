"""The computer players of MISHIMASH: always legal, Optimal is the coach, and the two simple
rules do exactly what their names promise (X6-X11 for the dice, X13-X16 for the endgame)."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from games.coach.mishimash import players
from games.coach.mishimash import policies as coach
from games.coach.mishimash.tables import rule_expected_turns
from games.rules import mishimash as mm


def random_states(options: mm.Options, seed: int, moves: int) -> list[mm.State]:
    """States met by a random legal player, finals and sudden deaths included when they come."""
    rng = random.Random(seed)
    state = mm.new_game(options, rng)
    seen = []
    for _ in range(moves):
        if state.is_finished:
            break
        seen.append(state)
        state = mm.apply(state, rng.choice(mm.legal_actions(state)), rng)
    return seen


def many_states() -> list[mm.State]:
    states = []
    for seed, (names, target) in enumerate(
        [(("A", "B"), 30), (("A", "B", "C"), 20), (("A",), 500), (("A", "B", "C", "D"), 1000)]
    ):
        states += random_states(mm.Options(names, target), seed, 150)
    return states


STATES = many_states()
# For the coach, which solves a turn for each new banked score: a sixth, and every endgame.
SOME_STATES = [s for i, s in enumerate(STATES) if i % 6 == 0 or s.final_round_by is not None]


def test_the_sample_reaches_the_endgame():
    assert any(s.in_final_round for s in STATES) and any(s.roll for s in STATES)


@pytest.mark.parametrize("strength", [players.BANK_AT_30, players.RECKLESS])
def test_the_simple_players_play_a_legal_action_x6_x8(strength):
    for state in STATES:
        action = players.play(strength, state)
        assert action in mm.legal_actions(state), (strength, state)


def test_optimal_is_the_coach_and_legal():
    assert any(s.in_final_round for s in SOME_STATES)  # the "beat the leader" policy too
    for state in SOME_STATES:
        action = players.play(players.OPTIMAL, state)
        assert action == coach.advise(state) and action in mm.legal_actions(state)


def test_a_finished_game_has_nothing_to_play():
    rng = random.Random(3)
    state = mm.new_game(mm.Options(("A", "B"), 1), rng)
    while not state.is_finished:
        state = mm.apply(state, players.reckless(state), rng)
    for strength in players.STRENGTHS:
        with pytest.raises(ValueError):
            players.play(strength, state)


def choosing(roll, *, turn=0, k=1, banked=(0, 0), target=1000, **fields) -> mm.State:
    """A hot-seat state with `roll` showing for seat 0 (turn points in halves)."""
    names = tuple("ABCDEFGH"[: len(banked)])
    state = mm.new_game(mm.Options(names, target), random.Random(0))
    return dataclasses.replace(
        state,
        roll=tuple(roll),
        dice_in_play=len(roll),
        k=k,
        turn_halves=turn,
        banked_halves=tuple(banked),
        **fields,
    )


def test_every_player_rolls_to_start_a_turn_x8():
    state = mm.new_game(mm.Options(("A", "B")), random.Random(0))
    for strength in players.STRENGTHS:
        assert players.play(strength, state) == mm.Roll(0)


@pytest.mark.parametrize(
    ("roll", "chosen"),
    [
        ((1, 5, 2, 2, 3, 4), (0, 1)),  # one 1 + one 5 beats either alone (X3)
        ((2, 2, 2, 5, 3, 4), (0, 1, 2, 3)),  # three 2s + one 5
        ((1, 1, 1, 1, 5, 5), (0, 1, 2, 3, 4, 5)),  # 20 + 0.5 + 0.5 taken whole (X6), a clear
        ((1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4, 5)),  # the straight (X5)
    ],
)
def test_the_simple_players_set_aside_the_most_points(roll, chosen):
    assert players.greedy_selection(choosing(roll)) == chosen


def test_ties_go_to_the_selection_leaving_more_dice():
    # 4-4-4-4 is 8 points, as are... nothing else here: 5-5 alone (1) vs with 4s (9): most points
    # first; then among equal points, more dice left: three 3s (3) with or without nothing else.
    state = choosing((3, 3, 3, 2, 4, 6))
    assert players.greedy_selection(state) == (0, 1, 2)


@pytest.mark.parametrize(
    ("turn", "expected"),
    [(56, mm.SelectAndRollAgain), (57, mm.SelectAndRollAgain), (58, mm.SelectAndBank)],
)
def test_banks_at_30_banks_exactly_from_30_turn_points(turn, expected):
    # roll 1: only the single 1 scores, worth 1 point (2 halves): 28 + 1 < 30 rolls on, 29 + 1 banks
    state = choosing((1, 2, 3, 3, 4, 6), turn=turn)
    action = players.bank_at_30(state)
    assert isinstance(action, expected) and action.dice == (0,)


def test_banks_at_30_counts_the_multiplier_and_the_clear_bonus_x10_x11():
    # roll 3 of a turn with 10 points: one 5 left in play, x3 = 1.5, clear +10: 21.5 -> rolls on
    state = choosing((5,), turn=20, k=3)
    assert players.bank_at_30(state) == mm.SelectAndRollAgain(0, (0,))
    # with 18.5 points before: 18.5 + 1.5 + 10 = 30 -> banks
    assert players.bank_at_30(dataclasses.replace(state, turn_halves=37)) == mm.SelectAndBank(
        0, (0,)
    )


def test_the_simple_players_bank_on_reaching_the_target_x13():
    state = choosing((1, 2, 3, 3, 4, 6), turn=10, banked=(1990, 0))  # 995 + 5 + 1 >= 1000
    assert players.bank_at_30(state) == mm.SelectAndBank(0, (0,))
    assert players.reckless(state) == mm.SelectAndBank(0, (0,))


def test_in_the_final_round_they_roll_on_until_ahead_x15():
    final = {"final_round_by": 1, "due": ()}
    behind = choosing((1, 2, 3, 3, 4, 6), turn=80, banked=(1900, 2000), **final)
    assert players.bank_at_30(behind) == mm.SelectAndRollAgain(0, (0,))  # 990 + 41 = 1031 > 1000
    tied = choosing((1, 2, 3, 3, 4, 6), turn=98, banked=(1900, 2000), **final)
    assert players.bank_at_30(tied) == mm.SelectAndRollAgain(0, (0,))  # a tie is not ahead (X16)
    ahead = choosing((1, 2, 3, 3, 4, 6), turn=100, banked=(1900, 2000), **final)
    assert players.bank_at_30(ahead) == mm.SelectAndBank(0, (0,))


@pytest.mark.parametrize(
    ("roll", "turn", "expected"),
    [
        ((1, 2, 3, 3, 4, 6), 150, mm.SelectAndRollAgain),  # 5 dice left, 76 points
        ((1, 2, 3, 3, 4, 6), 198, mm.SelectAndBank),  # 100 points: enough
        ((1, 2, 3, 4), 10, mm.SelectAndRollAgain),  # 3 dice left
        ((1, 2, 3), 10, mm.SelectAndBank),  # 2 dice left: banks even a small turn
        ((1,), 10, mm.SelectAndRollAgain),  # a clear: six dice come back (X11)
    ],
)
def test_reckless_rolls_again_with_3_dice_or_more_under_100_points(roll, turn, expected):
    assert isinstance(players.reckless(choosing(roll, turn=turn)), expected)


def turns_to_target(player, target: int, seed: int) -> int:
    rng = random.Random(seed)
    state = mm.new_game(mm.Options(("A",), target), rng)
    while not state.is_finished:
        state = mm.apply(state, player(state), rng)
    return state.turns[0]


def test_banks_at_30_is_the_rule_the_coach_tables_value():
    """120 seeded solo games to 500: the mean number of turns is the exact expectation of
    "bank at 30, taking the most points" (46.3) within four standard errors."""
    turns = [turns_to_target(players.bank_at_30, 500, seed) for seed in range(120)]
    expected = float(rule_expected_turns(500)[0])
    error = statistics.stdev(turns) / len(turns) ** 0.5
    assert abs(statistics.mean(turns) - expected) < 4 * error
