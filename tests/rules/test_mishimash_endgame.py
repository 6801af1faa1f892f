"""MISHIMASH end of game: the final round (X15), sudden death (X16), and recorded games
replayed from a seed to a known winner (found with tests.support.mishimash_rules._search)."""

from __future__ import annotations

import random

import pytest

from games.rules import mishimash as mm
from games.rules.errors import IllegalMove
from tests.support.mishimash_rules import (
    HALF_POINT,
    bank_one,
    bust,
    full_log,
    replay,
    scripted,
    trio,
)


def test_reaching_the_target_starts_the_final_round_x15() -> None:
    state = bank_one(trio((18, 0, 0), 0), 0)
    assert state.final_round_by == 0 and state.in_final_round and not state.is_finished
    assert (state.current, state.due, state.still_to_play) == (1, (2,), (1, 2))
    assert state.log[-1] == mm.FinalRoundStarted(0, (1, 2))
    state = bust(state, 1)
    assert (state.current, state.still_to_play) == (2, (2,))
    state = bank_one(state, 2)
    assert (state.phase, state.winner, state.log[-1]) == ("finished", 0, mm.Won(0, 20))
    assert state.turns == (5, 5, 5)
    # Won by seat 0, the game is over: no final round left to announce.
    assert not state.in_final_round and state.still_to_play == ()


def test_the_final_round_never_returns_to_the_start_of_the_order_x15() -> None:
    """Béla (seat 2) reaches the target: only Cyril plays again, Anna does not."""
    state = bank_one(trio((19, 18, 0), 1), 1)
    assert (state.current, state.still_to_play) == (2, (2,))
    state = bank_one(state, 2)
    assert state.winner == 1 and state.turns == (5, 5, 5)


def test_the_last_seat_reaching_the_target_ends_the_game_at_once_x15() -> None:
    state = bank_one(trio((10, 12, 18), 2), 2)
    assert state.is_finished and state.winner == 2
    assert state.log[-2:] == (mm.FinalRoundStarted(2, ()), mm.Won(2, 20))


def test_the_highest_bank_wins_not_the_first_to_the_target_x15() -> None:
    state = bank_one(trio((18, 19, 0), 0), 0)  # Anna 20
    state = scripted(state, (mm.Roll(1), [1, 1, 2, 3, 4, 6]), (mm.SelectAndBank(1, (0, 1)), []))
    assert state.banked_halves[1] == 23  # Béla passes the target too: no second final round
    assert state.final_round_by == 0 and state.due == ()
    state = bust(state, 2)
    assert state.winner == 1


def test_acting_out_of_order_in_the_final_round_is_refused_x15() -> None:
    state = bank_one(trio((18, 0, 0), 0), 0)
    with pytest.raises(IllegalMove, match="It is Béla's turn, not Anna's."):
        mm.apply(state, mm.Roll(0), random.Random(0))


def test_a_tie_for_first_starts_sudden_death_x16() -> None:
    state = bank_one(trio((18, 0, 18), 0), 0)  # Anna 20
    state = bust(state, 1)
    state = bank_one(state, 2)  # Cyril 20: tied
    assert state.in_sudden_death and not state.in_final_round and not state.is_finished
    assert (state.sudden_death_round, state.contenders) == (1, (0, 2))
    assert (state.current, state.still_to_play) == (0, (0, 2))
    assert state.log[-1] == mm.SuddenDeathStarted(1, (0, 2))
    with pytest.raises(IllegalMove, match="It is Anna's turn, not Béla's."):
        mm.apply(state, mm.Roll(1), random.Random(0))


def test_sudden_death_repeats_while_tied_and_scores_accumulate_x16() -> None:
    state = bust(bank_one(trio((18, 0, 18), 0), 0), 1)
    state = bank_one(state, 2)
    state = bust(bust(state, 0), 2)  # round 1: both bust, still tied
    assert (state.sudden_death_round, state.contenders, state.current) == (2, (0, 2), 0)
    state = bank_one(state, 0, HALF_POINT)  # round 2: Anna +0.5
    assert not state.is_finished and state.current == 2  # Cyril still plays the round
    state = bank_one(state, 2)  # Cyril +1
    assert state.banked_halves == (21, 0, 22)  # banked totals keep accumulating
    assert state.winner == 2 and state.phase == "finished" and state.turns == (7, 5, 7)


def test_only_the_top_tied_players_stay_in_sudden_death_x16() -> None:
    state = mm.State(
        mm.Options(("Anna", "Béla", "Cyril", "Dóra"), 11),
        banked_halves=(20, 20, 20, 0),
        turns=(3, 3, 3, 3),
    )
    state = bank_one(state, 0)  # Anna 22 reaches the target: Béla, Cyril, Dóra play on
    state = bust(bank_one(bank_one(state, 1), 2), 3)  # Béla 22, Cyril 22: a three-way tie
    assert (state.sudden_death_round, state.contenders) == (1, (0, 1, 2))
    state = bank_one(bank_one(bust(state, 0), 1), 2)  # Anna busts, Béla and Cyril +1
    assert (state.sudden_death_round, state.contenders, state.current) == (2, (1, 2), 1)
    state = bank_one(bust(state, 1), 2)
    assert state.winner == 2 and state.banked_halves == (22, 24, 26, 0)


def test_the_target_means_nothing_new_in_sudden_death_x16_x13() -> None:
    state = bust(bank_one(trio((18, 0, 18), 0), 0), 1)
    state = bank_one(state, 2)
    state = scripted(
        state, (mm.Roll(0), [1, 1, 1, 2, 3, 4]), (mm.SelectAndRollAgain(0, (0, 1, 2)), [1, 2, 3])
    )
    state = scripted(state, (mm.SelectAndBank(0, (0,)), []))
    assert not state.is_finished and state.current == 2  # Cyril still has the round's turn


# --- recorded games --------------------------------------------------------------------------

FINAL_ROUND_GAME = (1239, "R B0,3,4,5 R R B0,2,3,4,5")
ONE_SUDDEN_DEATH_ROUND = (9495, "R B1,3,4,5 R A0,3,4 B1,2 R B1,2,4,5 R B0,2,4,5 R")
TWO_SUDDEN_DEATH_ROUNDS = (
    19257,
    "R B1,2,3,5 R B0,2,3,5 R A2 A0,2 B1 R A2,3 R A3,5 R A0,3,4 B1 R B0,2,3,4,5",
)
FOUR_PLAYERS_TO_100 = (
    10,
    "R A0,1,2,3,4,5 R A0,1,4 B2 R B0,2,4,5 R R R A0,1,2,3,4,5 B0,1,2,4 R A3 A1,3 B0 R A2,3 "
    "B0,2,3 R A0,3,5 B1,2 R A0,4,5 R A2,3,5 R A0,3,4 R A1,2,4 B2 R B1,2,3,5 R A4 B0,2,4 R "
    "A1,3,4 B1,2 R A1 B0,2,4 R B0,2,3,4 R A0,2,3 R A0 A4 A0 B1,2 R B0,2,3,4,5 R A1,2 B2,3 R "
    "A0,1,2 R A0,5 A0 B0 R B1,2,3,4 R A3 A0,2 B0 R A0,5 B1,2 R R A5 B0,1,3,4 R A1,2,4 B2 R A1,3 "
    "A3 B2 R B0,1,4,5 R A3 A0,3 R B0,1,2,4 R A0,3,4 B0,1 R A2,4,5 B1 R B1,2,3,4 R A2 B0,1,4 R "
    "A1,2,4 B1 R A0,5 A3 R A1,2 A0 B0 R A2,5 B1,2,3 R B0,2,3,4,5 R A0,2 B0,2 R B0,2,4,5 R A3 "
    "A0,4 R A0,2,4 R A2,4 B0,1,3 R A1,3 R B0,1,4,5 R A1,5 B1,2,3 R B0,1,3,4 R A4 A4 B0,1,3 R "
    "A3,4,5 B0,2 R B0,2,3,4,5 R A2,5 A0 B2 R A1,2,4 B1 R A3 R A1 A0,2 B0,1 R A1,2,3 B0,2 R "
    "A0,3,5 B2 R A1,2,3 B0,1 R A5 A1,4 R A4 A0 A2 B2 R B0,1,2,4 R A3 A0,1 R A1,3 B0,1,2 R "
    "A0,1,4 B0,1 R A4 B1,2,3 R R A2,4 B0,1,3 R A0,1,2,3,4,5 B4,5",
)
TRIO_12 = mm.Options(("Anna", "Béla", "Cyril"), target=12)
QUARTET_100 = mm.Options(("Anna", "Béla", "Cyril", "Dóra"), target=100)


@pytest.mark.parametrize(
    ("options", "game", "scores", "turns", "final_round_by", "sudden_death_rounds", "winner"),
    [
        (TRIO_12, FINAL_ROUND_GAME, ["20", "0", "7"], (1, 1, 1), 0, 0, 0),
        (TRIO_12, ONE_SUDDEN_DEATH_ROUND, ["27", "9", "20"], (2, 1, 2), 0, 1, 0),
        (TRIO_12, TWO_SUDDEN_DEATH_ROUNDS, ["24.5", "40.5", "7"], (3, 3, 1), 0, 2, 1),
        (QUARTET_100, FOUR_PLAYERS_TO_100, ["95.5", "91", "105", "120.5"], (18,) * 4, 2, 0, 3),
    ],
)
def test_recorded_games_replay_to_a_known_winner_x15_x16(
    options: mm.Options,
    game: tuple[int, str],
    scores: list[str],
    turns: tuple[int, ...],
    final_round_by: int,
    sudden_death_rounds: int,
    winner: int,
) -> None:
    seed, codes = game
    states = replay(seed, options, codes.split())
    final = states[-1]
    assert final.is_finished and final.winner == winner
    assert [mm.format_points(h) for h in final.banked_halves] == scores
    assert final.turns == turns and final.final_round_by == final_round_by
    assert final.sudden_death_round == sudden_death_rounds
    assert not any(s.is_finished for s in states[:-1])
    rounds = [e for e in full_log(states) if isinstance(e, mm.SuddenDeathStarted)]
    assert [e.round for e in rounds] == list(range(1, sudden_death_rounds + 1))


def test_recorded_four_player_game_has_clears_and_an_overtake_x11_x15() -> None:
    seed, codes = FOUR_PLAYERS_TO_100
    states = replay(seed, QUARTET_100, codes.split())
    log = full_log(states)
    assert sum(isinstance(e, mm.Cleared) for e in log) == 3
    started = [e for e in log if isinstance(e, mm.FinalRoundStarted)]
    assert started == [mm.FinalRoundStarted(2, (3,))]
    assert log[-1] == states[-1].log[-1] == mm.Won(3, 241)  # Dóra overtakes Cyril, first to 100
    assert states[-1].log_start > 0 and states[-1].events_so_far == len(log)
