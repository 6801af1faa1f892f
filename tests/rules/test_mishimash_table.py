"""MISHIMASH at an online table: `Skip` and `Remove`, the turn-ending actions the others take
for a player who is away. The rule pages do not define them; they end the turn with nothing
banked (like a bust, X7/X12) and keep the final round (X15) and sudden death (X16) ending."""

from __future__ import annotations

import random

import pytest

from games.rules.errors import CorruptState, IllegalMove
from games.rules.mishimash import (
    Options,
    Remove,
    Removed,
    Roll,
    SelectAndRollAgain,
    Skip,
    Skipped,
    State,
    Won,
    action_from_dict,
    action_from_text,
    apply,
    legal_actions,
    new_game,
    table_actions,
)
from tests.support.mishimash_rules import BUST, ONE_POINT, TRIO, bank_one, bust, scripted, trio

RNG = random.Random(0)


def test_skip_ends_the_turn_with_nothing_banked_and_passes_the_dice() -> None:
    state = scripted(
        trio((4, 0, 0), 0), (Roll(0), ONE_POINT), (SelectAndRollAgain(0, (0,)), [5, 2, 3, 4, 6])
    )
    assert state.turn_halves == 2
    after = apply(state, Skip(0), RNG)
    assert after.banked_halves == (4, 0, 0)  # the unbanked 1 point is lost, as after a bust
    assert (after.current, after.turns, after.turn_halves, after.roll) == (1, (5, 4, 4), 0, ())
    assert after.log[-1] == Skipped(0, 2)
    assert after.turn_log() == (Skipped(0, 2),)  # a turn of its own in the log


def test_only_the_seat_to_act_can_be_skipped_or_removed() -> None:
    state = trio((0, 0, 0), 1)
    for action in (Skip(0), Remove(2)):
        with pytest.raises(IllegalMove, match="Béla's turn"):
            apply(state, action, RNG)


def test_a_solo_game_has_no_table_actions() -> None:
    solo = new_game(Options(("Anna",)), RNG)
    assert table_actions(solo) == ()
    with pytest.raises(IllegalMove, match="several players"):
        apply(solo, Skip(0), RNG)


def test_table_actions_are_not_a_players_own_moves() -> None:
    state = trio((0, 0, 0), 2)
    assert table_actions(state) == (Skip(2), Remove(2))
    assert legal_actions(state) == (Roll(2),)


def test_a_skipped_final_round_turn_counts_and_the_game_ends_x15() -> None:
    state = bank_one(trio((18, 0, 0), 0), 0)  # Anna reaches the target: Béla, Cyril to play
    state = apply(state, Skip(1), RNG)
    state = apply(state, Skip(2), RNG)
    assert state.winner == 0 and state.log[-1] == Won(0, 20)


def test_a_skipped_sudden_death_turn_scores_nothing_x16() -> None:
    state = bank_one(trio((18, 20, 0), 0), 0)  # Anna 20 = Béla 20 after Cyril's turn
    state = bust(state, 1)
    state = bust(state, 2)
    assert state.in_sudden_death and state.contenders == (0, 1)
    state = apply(state, Skip(0), RNG)
    state = bank_one(state, 1)
    assert state.winner == 1


def test_a_removed_seat_gets_no_more_turns() -> None:
    state = apply(trio((0, 0, 0), 1), Remove(1), RNG)
    assert state.removed == (1,) and state.log[-1] == Removed(1, 0)
    assert state.current == 2
    state = bust(state, 2)
    assert state.current == 0
    state = bust(state, 0)
    assert state.current == 2  # Béla is passed over


def test_a_removed_seat_is_not_due_in_the_final_round_and_cannot_win_x15() -> None:
    state = apply(trio((0, 30, 0), 1), Remove(1), RNG)  # Béla leads, then leaves
    state = bust(state, 2)
    state = bank_one(trio_like(state, (18, 30, 0)), 0)  # Anna reaches the target
    assert (state.current, state.still_to_play) == (2, (2,))
    state = bust(state, 2)
    assert state.winner == 0  # Béla's 15 points do not count once removed


def trio_like(state: State, banked: tuple[int, int, int]) -> State:
    return State(
        TRIO, banked_halves=banked, turns=state.turns, current=state.current, removed=state.removed
    )


def test_removing_a_tied_leader_ends_sudden_death_x16() -> None:
    state = bank_one(trio((18, 20, 0), 0), 0)
    state = bust(state, 1)
    state = bust(state, 2)
    assert state.contenders == (0, 1)
    state = bust(state, 0)
    state = apply(state, Remove(1), RNG)
    assert state.winner == 0


def test_the_last_seat_left_wins() -> None:
    duo = new_game(Options(("Anna", "Béla"), target=10), RNG)
    state = scripted(duo, (Roll(0), BUST))
    state = apply(state, Remove(1), RNG)
    assert state.winner == 0


def test_text_and_dict_forms_round_trip() -> None:
    for action in (Skip(0), Skip(3), Remove(0), Remove(7)):
        assert action_from_text(action.text()) == action
        assert action_from_dict(action.to_dict()) == action
    assert Skip(2).to_dict() == {"type": "skip", "player": 2}


def test_a_state_without_removals_keeps_its_stored_form() -> None:
    state = trio((0, 0, 0), 0)
    assert "removed" not in state.to_dict()
    assert State.from_dict(state.to_dict()) == state
    removed = apply(state, Remove(0), RNG)
    assert removed.to_dict()["removed"] == [0]
    assert State.from_dict(removed.to_dict()) == removed


def test_a_stored_removal_of_a_seat_beyond_the_players_is_corrupt() -> None:
    data = trio((0, 0, 0), 0).to_dict() | {"removed": [5]}
    with pytest.raises(CorruptState):
        State.from_dict(data)
