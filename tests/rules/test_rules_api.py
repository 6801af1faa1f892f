"""The one rules API of the three games (STYLE: "One rules API for every game").

Each module offers `new_game`, `apply`, `legal_actions`, `action_from_text` / `Action.text()`
and `action_from_dict` / `to_dict()`; stored data that no game wrote is refused with
`CorruptState` (untranslated), a player's unreadable text with `InvalidMove`.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import random
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.rules
from games.rules import CorruptState, IllegalMove, InvalidMove, base
from games.rules import ishido as ish
from games.rules import magdagdon as mg
from games.rules import mishimash as mm

MODULES = {"ishido": ish, "magdagdon": mg, "mishimash": mm}
OPTIONS: dict[str, list[Any]] = {
    "ishido": [ish.Options()],
    "magdagdon": [mg.Options(difficulty) for difficulty in mg.Difficulty],
    "mishimash": [
        mm.Options(("Anna",), 30),
        mm.Options(("Anna", "Béla"), 20),
        mm.Options(("Anna", "Béla", "Cili", "Dani"), 10),
        mm.Options(tuple(f"Player number {i} of eight" for i in range(8)), 5),
    ],
}


def random_states(game: str, seed: int, options_index: int) -> list[tuple[Any, random.Random]]:
    """The states of one random-legal game, each with a copy of the rng as it stood then."""
    rules = MODULES[game]
    options = OPTIONS[game][options_index % len(OPTIONS[game])]
    rng, pick = random.Random(f"api-{seed}"), random.Random(seed)
    state = rules.new_game(options, rng)
    states = []
    for _ in range(400):
        snapshot = random.Random()
        snapshot.setstate(rng.getstate())
        states.append((state, snapshot))
        if state.is_finished:
            break
        state = rules.apply(state, pick.choice(rules.legal_actions(state)), rng)
    return states


@pytest.mark.parametrize("game", MODULES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), options_index=st.integers(0, 3))
def test_every_legal_action_round_trips_applies_and_reads_short(game, seed, options_index):
    rules = MODULES[game]
    for state, rng in random_states(game, seed, options_index):
        assert len(repr(state)) < 120, repr(state)
        assert len(repr(state.options if game == "mishimash" else rules.Options())) < 120
        for action in rules.legal_actions(state):
            assert rules.action_from_text(action.text()) == action
            assert rules.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
            assert len(repr(action)) < 120
            copy = random.Random()
            copy.setstate(rng.getstate())
            rules.apply(state, action, copy)  # legal means apply accepts it


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), options_index=st.integers(0, 3))
def test_mishimash_legal_actions_are_exactly_what_apply_accepts(seed, options_index):
    for state, rng in random_states("mishimash", seed, options_index)[:60]:
        legal = set(mm.legal_actions(state))
        if not state.roll:
            assert legal == ({mm.Roll(state.current)} if not state.is_finished else set())
            continue
        positions = range(len(state.roll))
        for size in range(1, len(state.roll) + 1):
            for dice in combinations(positions, size):
                for kind in (mm.SelectAndBank, mm.SelectAndRollAgain):
                    action = kind(state.current, dice)
                    if action in legal:
                        continue
                    with pytest.raises(IllegalMove):
                        mm.apply(state, action, rng)
        assert mm.Roll(state.current) not in legal


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_ishido_legal_actions_are_exactly_the_legal_cells(seed):
    for state, rng in random_states("ishido", seed, 0)[::7]:
        legal = ish.legal_actions(state)
        assert [action.cell for action in legal] == sorted(state.legal_cells)
        for cell in set(range(ish.CELLS)) - state.legal_cells:
            with pytest.raises(IllegalMove):
                ish.apply(state, ish.Place(cell), rng)


@pytest.mark.parametrize(
    ("game", "action", "text"),
    [
        ("ishido", ish.Place(13), "p13"),
        ("ishido", ish.Place(0), "p0"),
        ("magdagdon", mg.Roll(), "roll"),
        ("magdagdon", mg.Stage(2, 5), "stage 2 5"),
        ("magdagdon", mg.Unstage(2), "unstage 2"),
        ("magdagdon", mg.Confirm(), "confirm"),
        ("magdagdon", mg.Decrease(1), "dec 1"),
        ("magdagdon", mg.Increase(1), "inc 1"),
        ("magdagdon", mg.Reroll((0, 2)), "reroll 0 2"),
        ("magdagdon", mg.Reroll((3, 1, 0)), "reroll 3 1 0"),
        ("magdagdon", mg.AcceptMagdagdon(5), "accept 5"),
        ("mishimash", mm.Roll(0), "roll"),
        ("mishimash", mm.Roll(3), "3:roll"),
        ("mishimash", mm.SelectAndBank(0, (0, 2, 5)), "bank 0 2 5"),
        ("mishimash", mm.SelectAndRollAgain(0, (1, 3)), "again 1 3"),
        ("mishimash", mm.SelectAndRollAgain(7, (4,)), "7:again 4"),
    ],
)
def test_text_forms(game, action, text):
    assert action.text() == text
    assert MODULES[game].action_from_text(text) == action


BAD_TEXTS = {
    "ishido": ["", "p", "p96", "p-1", "p013", "p1.5", "P13", "p 13", "13", "place 13", "p13 "],
    "magdagdon": [
        "",
        "Roll",
        "roll ",
        " roll",
        "roll 1",
        "stage 2",
        "stage 2 5 1",
        "stage  2 5",
        "stage 02 5",
        "stage -1 5",
        "stage 4 5",
        "stage 2 16",
        "reroll",
        "reroll 0 0",
        "reroll 0 4",
        "dec",
        "inc 1 2",
        "accept",
        "confirm 1",
        "decrease 1",
        "accept_magdagdon 5",
    ],
    "mishimash": [
        "",
        "0:roll",
        ":roll",
        "1:1:roll",
        "8:roll",
        "-1:roll",
        "roll 1",
        "bank 6",
        "bank 0 0",
        "again 1  3",
        "again 1 3 ",
        "select_and_bank 0",
        "1: bank 0",
    ],
}


@pytest.mark.parametrize(("game", "text"), [(g, t) for g, ts in BAD_TEXTS.items() for t in ts])
def test_action_from_text_refuses_malformed_text_with_invalid_move(game, text):
    with pytest.raises(InvalidMove) as refused:
        MODULES[game].action_from_text(text)
    assert refused.value.template == "“%(text)s” cannot be read as a move in %(game)s."


@pytest.mark.parametrize("game", MODULES)
@pytest.mark.parametrize("junk", [None, 13, ["roll"], b"roll"])
def test_action_from_text_refuses_what_is_not_text(game, junk):
    with pytest.raises(InvalidMove):
        MODULES[game].action_from_text(junk)


def snapshot(game: str) -> dict[str, Any]:
    """A stored state in the middle of a game."""
    state, _ = random_states(game, 5, 1)[3]
    return json.loads(json.dumps(state.to_dict()))  # type: ignore[no-any-return]


CORRUPTIONS = {
    "ishido": [
        ("board", "--" * 95),
        ("pouch", "6"),
        ("pouch", "66"),
        ("score", -1),
        ("score", True),
        ("placements", [[0, "00"]]),
        ("phase", "done"),
        ("end_reason", "stuck"),
    ],
    "magdagdon": [
        ("difficulty", "easy"),
        ("board", "." * 15),
        ("roll", "1237"),
        ("staged", [[0, 99]]),
        ("powers_used", ["teleport"]),
        ("turns", -1),
        ("phase", "finished"),
    ],
    "mishimash": [
        ("options", {"players": [], "target": 10}),
        ("options", {"players": ["A", "a"], "target": 10}),
        ("current", 9),
        ("winner", 7),
        ("banked_halves", [0]),
        ("roll", [7]),
        ("log", [["jump"]]),
        ("log", "rows"),
        ("log_start", -1),
    ],
}


@pytest.mark.parametrize(
    ("game", "key", "value"), [(g, *c) for g, cs in CORRUPTIONS.items() for c in cs]
)
def test_corrupt_snapshots_raise_corrupt_state_not_illegal_move(game, key, value):
    data = snapshot(game)
    MODULES[game].State.from_dict(data)
    data[key] = value
    with pytest.raises(CorruptState) as refused:
        MODULES[game].State.from_dict(data)
    assert not isinstance(refused.value, IllegalMove)


@pytest.mark.parametrize("game", MODULES)
@pytest.mark.parametrize("data", [None, [], {}, {"type": "fly"}, {"type": ["roll"]}])
def test_corrupt_stored_actions_and_options_raise_corrupt_state(game, data):
    rules = MODULES[game]
    with pytest.raises(CorruptState):
        rules.action_from_dict(data)
    with pytest.raises(CorruptState):
        rules.State.from_dict(data)
    if data != {} or game != "ishido":  # Ishido's options are the empty mapping
        with pytest.raises(CorruptState):
            rules.Options.from_dict(data)


def test_options_and_fresh_states_read_like_code() -> None:
    assert repr(ish.Options()) == "Options()"
    assert repr(mg.Options(mg.Difficulty.NIGHTMARE)) == "Options(Difficulty.NIGHTMARE)"
    assert eval(repr(mg.Options(mg.Difficulty.NIGHTMARE)), vars(mg)) == mg.Options(
        mg.Difficulty.NIGHTMARE
    )
    assert repr(mm.Options(("Anna",), 500)) == "Options(players=('Anna',), target=500)"
    assert repr(mg.new_game(mg.Options(), random.Random(1))) == (
        "<magdagdon.State peaceful rolling, turn 1, board ................>"
    )
    assert repr(ish.new_game(ish.Options(), random.Random(1))) == (
        "<ishido.State 0 placed, 66 left, score 0>"
    )
    assert repr(mm.new_game(mm.Options(("Anna", "Béla"), 500), random.Random(1))) == (
        "<mishimash.State seat 1 of 2 to roll, banked 0 / 0>"
    )


def records() -> list[type[base.Record]]:
    """Every options, state and action class of the three games."""
    return [
        value
        for rules in MODULES.values()
        for value in vars(rules).values()
        if isinstance(value, type)
        and issubclass(value, base.Record)
        and dataclasses.is_dataclass(value)
        and value.__module__ == rules.__name__
    ]


@pytest.mark.parametrize("record", records(), ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_every_record_has_one_codec_per_field_in_order(record):
    assert list(record.CODECS) == [field.name for field in dataclasses.fields(record)]


def test_developer_only_errors_are_not_marked_for_translation() -> None:
    """CorruptState messages never reach a player, so they stay out of the catalogues."""
    for source in Path(games.rules.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "CorruptState":
                marked = [arg for arg in node.args if isinstance(arg, ast.Call)]
                assert not any(getattr(arg.func, "id", "") == "gettext_noop" for arg in marked), (
                    f"{source.name}:{node.lineno}"
                )


@pytest.mark.parametrize("module", [base, ish, mg, mm], ids=lambda module: module.__name__)
def test_the_text_forms_documented_in_docstrings_hold(module):
    import doctest

    assert doctest.testmod(module).failed == 0
