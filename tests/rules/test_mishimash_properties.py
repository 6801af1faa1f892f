"""MISHIMASH property tests: random legal play never breaks an invariant (X7-X16)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import mishimash as mm
from games.rules.errors import IllegalMove
from tests.support.mishimash_oracle import oracle_points
from tests.support.mishimash_rules import full_log


def choose(state: mm.State, pick: int, roll_again: bool) -> mm.Action:
    if state.phase == "rolling":
        return mm.Roll(state.current)
    options = state.legal_selections()
    dice = options[pick % len(options)]
    cls = mm.SelectAndRollAgain if roll_again else mm.SelectAndBank
    return cls(state.current, dice)


def play(
    seed: int, options: mm.Options, picks: list[tuple[int, bool]]
) -> tuple[list[mm.State], list[mm.Action]]:
    rng = random.Random(seed)
    states, actions = [mm.new_game(options, rng)], []
    for pick, again in picks:
        if states[-1].is_finished:
            break
        action = choose(states[-1], pick, again)
        actions.append(action)
        states.append(mm.apply(states[-1], action, rng))
    return states, actions


def check_log(log: tuple[mm.Event, ...], players: int) -> None:
    """Replay the log: every selection is worth oracle x k (X6, X10), clears earn 10 n (X11),
    a bank adds exactly the turn's points (X9), a bust loses exactly them (X7)."""
    turn, clears, k = 0, 0, 0
    roll: tuple[int, ...] = ()
    banked = [0] * players
    for event in log:
        match event:
            case mm.Rolled():
                assert event.k == k + 1 or event.k == 1
                if event.k == 1:
                    turn, clears = 0, 0
                roll, k = event.faces, event.k
            case mm.Selected():
                value = oracle_points(roll, event.faces)
                assert value is not None and event.halves == 2 * value * k
                turn += event.halves
            case mm.Cleared():
                clears += 1
                assert (event.n, event.halves) == (clears, 20 * clears)
                turn += event.halves
            case mm.Banked():
                assert event.halves == turn > 0
                banked[event.player] += turn
                assert event.total_halves == banked[event.player]
            case mm.Busted():
                assert mm.is_bust(roll) and event.lost_halves == turn and event.k == k
            case mm.Won():
                assert event.total_halves == banked[event.player]


SEEDS = st.integers(0, 2**32 - 1)
PICKS = st.lists(st.tuples(st.integers(0, 63), st.booleans()), min_size=1, max_size=120)


@settings(max_examples=120, deadline=None)
@given(SEEDS, st.integers(1, 4), st.sampled_from([5, 12, 30]), PICKS)
def test_random_play_keeps_every_invariant_x7_to_x16(
    seed: int, players: int, target: int, picks: list[tuple[int, bool]]
) -> None:
    options = mm.Options(tuple(f"P{i}" for i in range(players)), target)
    states, actions = play(seed, options, picks)
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        # Banked totals never decrease, and only the player who acted banks.
        for seat in range(players):
            assert after.banked_halves[seat] >= before.banked_halves[seat]
            if seat != before.current:
                assert after.banked_halves[seat] == before.banked_halves[seat]
        assert sum(after.turns) - sum(before.turns) in (0, 1)
        assert (after.phase == "choosing") == bool(after.roll)
        if after.roll:
            assert not mm.is_bust(after.roll) and len(after.roll) == after.dice_in_play
            assert after.current == before.current and after.k >= 1
        if isinstance(action, mm.SelectAndBank):  # X9 + X13
            assert after.turns[before.current] == before.turns[before.current] + 1
            assert after.turn_halves == 0 and after.phase in ("rolling", "finished")
    final = states[-1]
    log = full_log(states)
    check_log(log, players)
    ended = sum(isinstance(e, mm.Banked | mm.Busted) for e in log)
    assert sum(final.turns) == ended
    assert mm.State.from_dict(json.loads(json.dumps(final.to_dict()))) == final
    if final.is_finished:
        top = max(final.banked_halves)
        assert final.banked_halves[final.winner or 0] == top
        assert final.banked_halves.count(top) == 1 or players == 1
        assert max(final.banked_halves) >= 2 * target
    # Same seed, same actions: the same game (X-independent replay guarantee).
    rng = random.Random(seed)
    again = mm.new_game(options, rng)
    for action in actions:
        again = mm.apply(again, action, rng)
    assert again == final


@settings(max_examples=120, deadline=None)
@given(SEEDS, st.lists(st.booleans(), min_size=1, max_size=30))
def test_a_bust_loses_exactly_the_unbanked_turn_x7_x12(seed: int, agains: list[bool]) -> None:
    """One player keeps rolling again: the turn ends by bust (lose it all) or by banking."""
    state = mm.new_game(mm.Options(("A", "B")), random.Random(0))
    rng = random.Random(seed)
    state = mm.apply(state, mm.Roll(0), rng)
    expected_turn = 0
    for again in agains:
        if state.current != 0:
            break
        before = state
        dice = max(state.legal_selections(), key=len)
        faces = tuple(state.roll[i] for i in dice)
        value = oracle_points(state.roll, faces)
        assert value is not None
        expected_turn += int(2 * value * state.k)
        if len(dice) == state.dice_in_play:
            expected_turn += 20 * (state.clears + 1)
        cls = mm.SelectAndRollAgain if again else mm.SelectAndBank
        state = mm.apply(state, cls(0, dice), rng)
        if state.current == 0:
            assert state.turn_halves == expected_turn
        elif again:
            assert state.log[-1] == mm.Busted(0, before.k + 1, expected_turn)
            assert state.banked_halves == (0, 0)
        else:
            assert state.banked_halves == (expected_turn, 0)


@settings(max_examples=120, deadline=None)
@given(SEEDS, st.sets(st.integers(0, 5), max_size=6), st.booleans())
def test_only_legal_selections_are_accepted_x6(seed: int, dice: set[int], again: bool) -> None:
    state = mm.apply(
        mm.new_game(mm.Options(("A",)), random.Random(0)), mm.Roll(0), random.Random(seed)
    )
    if state.phase != "choosing":
        return
    chosen = tuple(sorted(dice))
    cls = mm.SelectAndRollAgain if again else mm.SelectAndBank
    if chosen in state.legal_selections():
        mm.apply(state, cls(0, chosen), random.Random(seed))
    else:
        try:
            mm.apply(state, cls(0, chosen), random.Random(seed))
        except IllegalMove as refusal:
            assert str(refusal)
        else:
            raise AssertionError(f"{chosen} from {state.roll} was accepted")
