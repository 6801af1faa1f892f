"""MISHIMASH's bounded game log: a state keeps only the recent whole turns, so its snapshot
stays a few KB however long the game; the whole history is the replay of the actions."""

from __future__ import annotations

import json
import random

import pytest

import games.rules.mishimash_log as mishimash_log
from games.rules.errors import CorruptState
from games.rules.mishimash import (
    LOG_KEEP,
    LOG_MAX,
    Options,
    Rolled,
    Selected,
    State,
    apply,
    new_events,
    new_game,
)
from games.rules.mishimash_log import keep_recent, starts_turn, turn_start
from tests.support.mishimash_rules import bot_states, decode, full_log

LONG = Options(tuple(f"P{i}" for i in range(6)), target=300)


@pytest.fixture(scope="module")
def long_game() -> tuple[list[State], list[str]]:
    return bot_states(5, LONG, 40)


def test_a_long_game_keeps_a_small_snapshot(long_game: tuple[list[State], list[str]]) -> None:
    states, codes = long_game
    assert len(codes) > 300 and states[-1].is_finished
    sizes = [len(json.dumps(state.to_dict())) for state in states]
    assert max(sizes) < 4_000, max(sizes)
    assert states[-1].log_start > 0  # old events really were left out
    for state in states:
        assert len(state.log) <= LOG_KEEP or turn_start(state.log) == 0


def test_the_recent_log_is_whole_turns_and_the_current_turn_is_complete(
    long_game: tuple[list[State], list[str]],
) -> None:
    states, _ = long_game
    log = full_log(states)
    for state in states:
        start, end = state.log_start, state.events_so_far
        assert state.log == log[start:end]
        if start:
            assert starts_turn(state.log[0])
        # The turn log is the turn in progress (or the last one) from its first roll.
        turn = state.turn_log()
        assert not turn or starts_turn(turn[0])


def test_the_chained_recent_logs_equal_the_untrimmed_log(
    long_game: tuple[list[State], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    states, codes = long_game
    monkeypatch.setattr(mishimash_log, "LOG_KEEP", 10**9)
    monkeypatch.setattr(mishimash_log, "LOG_MAX", 10**9)
    rng = random.Random(5)
    untrimmed = new_game(LONG, rng)
    for code in codes:
        untrimmed = apply(untrimmed, decode(code, untrimmed.current), rng)
    assert untrimmed.log_start == 0
    assert untrimmed.log == full_log(states)


def test_a_replay_rebuilds_the_same_trimmed_states(
    long_game: tuple[list[State], list[str]],
) -> None:
    states, codes = long_game
    rng = random.Random(5)
    state = new_game(LONG, rng)
    for code, expected in zip(codes, states[1:], strict=True):
        stored = State.from_dict(json.loads(json.dumps(state.to_dict())))
        state = apply(stored, decode(code, stored.current), rng)
        assert state == expected


def test_new_events_refuses_a_state_that_lost_them(
    long_game: tuple[list[State], list[str]],
) -> None:
    states, _ = long_game
    assert new_events(states[10], states[10]) == ()
    with pytest.raises(ValueError):
        new_events(states[0], states[-1])
    with pytest.raises(ValueError):
        new_events(states[-1], states[-2])


def test_keep_recent_cuts_at_turn_starts_and_caps_a_giant_turn() -> None:
    short = (Rolled(0, 1, (1, 2, 3, 4, 6, 6)),) * 3
    assert keep_recent(short) == (short, 0)
    turn = (Rolled(0, 1, (5, 2, 3, 4, 6, 6)),) + (
        Selected(0, 1, (5,), 1, "roll_again"),
        Rolled(0, 2, (5, 2, 3, 4, 6)),
    ) * 30
    kept, dropped = keep_recent(short + turn)
    assert (kept, dropped) == (turn, 3)  # the current turn stays whole past LOG_KEEP
    giant = turn[:1] + turn[1:] * 3  # one turn of 181 events
    kept, dropped = keep_recent(giant)
    assert len(kept) == LOG_MAX and dropped == len(giant) - LOG_MAX


@pytest.mark.parametrize(
    ("key", "value"),
    [("log_start", -1), ("log_start", "3"), ("log", [["roll", 0, 1, [1]]] * (LOG_MAX + 1))],
)
def test_corrupt_log_fields_are_refused(key: str, value: object) -> None:
    data = json.loads(json.dumps(new_game(LONG, random.Random(0)).to_dict()))
    data[key] = value
    with pytest.raises(CorruptState):  # a corrupt snapshot, for a developer
        State.from_dict(data)


@pytest.mark.parametrize(
    "corrupt",
    [
        ["roll", True, 1, [1, 2, 3, 4, 6, 6]],  # true is 1 to Python, not to the log
        ["roll", 0, 1.0, [1, 2, 3, 4, 6, 6]],
        ["roll", 0, 1, [1, 2, 3, 4, 6, 6.0]],
        ["roll", 0, 1, [1, 2, 3, 4, 6, 7]],
        ["roll", 0, 1, "123466"],
    ],
)
def test_an_event_read_before_is_no_pass_for_a_corrupt_row_like_it(corrupt: list[object]) -> None:
    """Events already read are found again by their row's values (mishimash_log._READ); a row
    equal to one in Python's eyes but not of the same JSON types is still read, and refused."""
    good = ["roll", 0, 1, [1, 2, 3, 4, 6, 6]]
    assert mishimash_log.event_from_row(good) == Rolled(0, 1, (1, 2, 3, 4, 6, 6))
    assert mishimash_log.event_from_row(list(good)) is mishimash_log.event_from_row(good)
    with pytest.raises(CorruptState):
        mishimash_log.event_from_row(corrupt)
