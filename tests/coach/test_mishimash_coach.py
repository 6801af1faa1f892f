"""The MISHIMASH coach: legal advice, honest units, the bust odds, and no hidden information."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from games.coach.mishimash import policies as coach
from games.coach.mishimash.tables import load_expected_turns
from games.rules import mishimash as mm
from tests.support import random_play


def play_randomly(options: mm.Options, seed: int, moves: int) -> list[mm.State]:
    """States met by a random legal player (odd positions too, not only sensible ones)."""
    return random_play.random_states(mm, options, seed, moves)


def sample_states() -> list[mm.State]:
    states = []
    for seed, (players, target) in enumerate(
        [(("Anna",), 500), (("Anna",), 1000), (("Anna",), 2000), (("Anna", "Béla"), 777)]
    ):
        states += play_randomly(mm.Options(players, target), seed, 12)
    return states


@pytest.mark.parametrize("state", sample_states(), ids=repr)
def test_every_legal_action_is_valued_and_the_advice_is_the_best_legal_one(state):
    values = coach.action_values(state)
    legal = mm.legal_actions(state)
    assert sorted(a.text() for a, _ in values) == sorted(a.text() for a in legal)
    numbers = [v for _, v in values]
    lower = coach.policy(state).lower_is_better
    assert numbers == sorted(numbers, reverse=not lower)
    assert coach.advise(state) == values[0][0] and coach.advise(state) in legal


def test_solo_values_are_expected_turns_and_a_turn_start_reads_the_table():
    state = mm.new_game(mm.Options(("Anna",), 1000), random.Random(1))
    assert coach.policy(state).unit == "turns" and coach.policy(state).lower_is_better
    [(roll, turns)] = coach.action_values(state)
    assert roll == mm.Roll(0) and round(turns, 2) == 64.22


def choosing(roll, **fields) -> mm.State:
    start = mm.new_game(mm.Options(("Anna",), 1000), random.Random(1))
    fields = {"k": 1, **fields}
    return dataclasses.replace(start, roll=tuple(roll), dice_in_play=len(roll), **fields)


def test_a_bank_that_reaches_the_target_is_worth_exactly_this_one_turn():
    state = choosing((1, 2, 3, 4, 6, 6), banked_halves=(1998,))  # 999 banked, a 1 showing
    values = dict((a.text(), v) for a, v in coach.action_values(state))
    assert values["bank 0"] == 1.0
    assert coach.advise(state) == mm.SelectAndBank(0, (0,))
    # rolling five dice first busts 7.7 % of the time, and then the player starts over at 999
    turns_from_999 = float(load_expected_turns(1000)[1998])
    assert values["again 0"] == pytest.approx(1 + 0.0771604938 * turns_from_999, abs=1e-6)


def test_with_one_die_left_and_a_big_turn_the_coach_banks():
    state = choosing((5, 2), turn_halves=200, k=4)
    assert isinstance(coach.advise(state), mm.SelectAndBank)


def test_the_bust_odds_of_the_next_roll_are_exact():
    assert coach.bust_chance(6) == float(Fraction(5, 216))
    assert coach.bust_chance(1) == pytest.approx(2 / 3)
    state = choosing((1, 5, 2, 3, 4, 6))
    assert coach.roll_risk(state, mm.SelectAndRollAgain(0, (0,))) == coach.bust_chance(5)
    assert coach.roll_risk(state, mm.SelectAndBank(0, (0,))) is None
    straight = mm.SelectAndRollAgain(0, (0, 1, 2, 3, 4, 5))
    assert coach.roll_risk(state, straight) == coach.bust_chance(6), "a clear rolls six again"


def test_a_custom_target_falls_back_to_expected_points_and_says_so():
    state = mm.new_game(mm.Options(("Anna",), 777), random.Random(1))
    chosen = coach.policy(state)
    assert (chosen.name, chosen.unit, chosen.lower_is_better) == ("most_points", "points", False)
    assert "no table" in chosen.description
    # the coach looks 300 points of turn total ahead (LOOKAHEAD), hence a hair below 15.9666
    assert coach.action_values(state)[0][1] == pytest.approx(15.9666, abs=0.01)


def test_in_the_final_round_the_coach_plays_to_beat_the_leader():
    start = mm.new_game(mm.Options(("Anna", "Béla"), 500), random.Random(1))
    # Anna banked 505; Béla, at 490, must end above 505: 15.5 points or more this turn
    state = dataclasses.replace(
        start, banked_halves=(1010, 980), current=1, final_round_by=0, k=1, roll=(1, 2, 3, 4, 6, 6)
    )
    assert coach.policy(state).unit == "chance"
    values = dict((a.text(), v) for a, v in coach.action_values(state))
    assert values["1:bank 0"] == 0.0
    assert 0.0 < values["1:again 0"] < 1.0
    assert coach.advise(state) == mm.SelectAndRollAgain(1, (0,))


def test_far_behind_in_the_final_round_a_roll_past_the_lookahead_still_has_its_chance():
    start = mm.new_game(mm.Options(("Anna", "Béla"), 1000), random.Random(1))
    # Anna banked 1050; Béla, at 0 with 350 turn points, rolls six 1s as roll 10 (X10-X11):
    # 400 + a 10-point clear = 760 points, still behind, and more than the coach looks ahead
    state = dataclasses.replace(
        start,
        banked_halves=(2100, 0),
        current=1,
        final_round_by=0,
        k=10,
        turn_halves=700,
        roll=(1,) * 6,
    )
    values = dict((a.text(), v) for a, v in coach.action_values(state))
    assert values["1:bank 0 1 2 3 4 5"] == 0.0
    assert 0.05 < values["1:again 0 1 2 3 4 5"] < 0.2
    assert coach.advise(state) == mm.SelectAndRollAgain(1, (0, 1, 2, 3, 4, 5))


def test_far_behind_at_the_start_of_a_final_round_turn_rolling_on_keeps_its_chance():
    """X15: Béla, 800 points behind the leader, must roll on; every way of rolling on is worth
    the small, but not zero, chance of a turn that passes Anna (a turn of 800 points and more
    is rare, not impossible), and banking is worth none."""
    start = mm.new_game(mm.Options(("Anna", "Béla"), 1000), random.Random(1))
    state = dataclasses.replace(
        start, banked_halves=(2100, 500), current=1, final_round_by=0, k=1, roll=(1, 5, 2, 3, 4, 6)
    )
    values = dict((a.text(), v) for a, v in coach.action_values(state))
    again = {text: v for text, v in values.items() if "again" in text}
    assert all(v == 0.0 for text, v in values.items() if "bank" in text)
    # about 1 in 900 for six dice rolled again (a solve that stopped 300 points ahead of the
    # turn's start would say 1 in 750,000)
    assert all(0.0003 < v < 0.01 for v in again.values())
    assert len(set(again.values())) > 1  # the choices are ranked, not all alike
    assert coach.advise(state) == max(coach.action_values(state), key=lambda av: av[1])[0]


def test_the_advice_depends_only_on_what_the_player_sees():
    """The rules' state holds no random stream: equal positions reached through different
    random streams get the same advice, and so does a position read back from storage."""
    first = mm.apply(
        mm.new_game(mm.Options(("Anna",), 500), random.Random(3)), mm.Roll(0), random.Random(8)
    )
    assert not {"rng", "seed", "random"} & set(first.to_dict())
    for seed in range(40):
        other = mm.apply(
            mm.new_game(mm.Options(("Anna",), 500), random.Random(3)),
            mm.Roll(0),
            random.Random(seed),
        )
        if other.roll == first.roll and other == first:
            assert coach.action_values(other) == coach.action_values(first)
    stored = mm.State.from_dict(first.to_dict())
    assert coach.action_values(stored) == coach.action_values(first)
