"""MISHIMASH engine: options (X1), the turn (X7-X13), solo end (X14), actions and state I/O."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from games.rules.errors import CorruptState, IllegalMove, InvalidMove
from games.rules.mishimash import (
    DEFAULT_TARGET,
    TARGET_CHOICES,
    Banked,
    Busted,
    Cleared,
    Options,
    Roll,
    Rolled,
    SelectAndBank,
    SelectAndRollAgain,
    Selected,
    State,
    Won,
    action_from_dict,
    apply,
    describe_event,
    event_from_dict,
    new_game,
)
from tests.support.mishimash_rules import bot_game, decode, scripted

DUO = Options(("Anna", "Béla"), target=100)


def duo() -> State:
    return new_game(DUO, random.Random(0))


# --- X1: options -----------------------------------------------------------------------------


def test_default_target_and_choices_x1() -> None:
    assert DEFAULT_TARGET == 1000
    assert Options(("Anna",)).target == 1000
    assert {500, 1000, 2000} <= set(TARGET_CHOICES)
    assert Options(("Anna",), 750).target == 750  # a custom positive target
    assert Options(("Anna",), 1).target == 1
    assert Options(("Anna",), 1_000_000).target == 1_000_000


@pytest.mark.parametrize("target", [0, -5, 10**12, 1_000_001, True, "1000", 1.5, None])
def test_bad_targets_are_refused_x1(target: object) -> None:
    with pytest.raises(IllegalMove, match="target"):
        Options(("Anna",), target)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        ((), "at least one"),
        (("Anna", "   "), "Player 2 needs a name"),
        (("Anna", "ANNA "), "Two players"),
        (("Anna", "anna"), "Two players"),
        (tuple(f"P{i}" for i in range(9)), "At most 8"),
        (("x" * 25,), "longer than 24"),
        (("Anna\x00",), "cannot be shown"),
    ],
)
def test_bad_names_are_refused(players: tuple[str, ...], fragment: str) -> None:
    with pytest.raises(IllegalMove, match=fragment):
        Options(players, 500)


def test_names_are_stripped_and_limits_are_inclusive() -> None:
    options = Options((" Anna ", "x" * 24, *(f"P{i}" for i in range(6))), 500)
    assert options.players[0] == "Anna" and len(options.players) == 8
    assert Options(["Anna", "Béla"], 500).players == ("Anna", "Béla")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", ["Anna", [1], None])
def test_unreadable_players_are_invalid(players: object) -> None:
    with pytest.raises(InvalidMove):
        Options(players, 500)  # type: ignore[arg-type]


def test_options_round_trip_and_strict_from_dict() -> None:
    assert Options.from_dict(DUO.to_dict()) == DUO
    assert DUO.to_dict() == {"players": ["Anna", "Béla"], "target": 100}
    bad: object
    for bad in (
        {"players": ["A"]},
        {"players": ["A"], "target": 5, "x": 1},
        [],
        {"players": "A", "target": 5},
    ):
        with pytest.raises(CorruptState):  # stored options: for a developer, not a player
            Options.from_dict(bad)
    with pytest.raises(CorruptState):  # options no player could have chosen
        Options.from_dict({"players": ["A"], "target": 0})


def test_new_game_starts_with_the_first_seat_rolling_x8() -> None:
    state = duo()
    assert (state.phase, state.current, state.current_name) == ("rolling", 0, "Anna")
    assert state.banked_halves == (0, 0) and state.turns == (0, 0)
    assert not state.is_finished and state.winner is None and state.log == ()
    assert not state.in_final_round and not state.in_sudden_death and state.still_to_play == ()


# --- the turn --------------------------------------------------------------------------------


def test_a_turn_starts_by_rolling_six_dice_x8() -> None:
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]))
    assert state.phase == "choosing"
    assert (state.roll, state.k, state.dice_in_play, state.multiplier) == (
        (1, 2, 3, 4, 6, 6),
        1,
        6,
        1,
    )
    assert state.log == (Rolled(0, 1, (1, 2, 3, 4, 6, 6)),)


def test_selecting_before_rolling_is_refused_x8() -> None:
    with pytest.raises(IllegalMove, match="Roll the dice first"):
        apply(duo(), SelectAndBank(0, (0,)), random.Random(1))


def test_rolling_twice_is_refused_x8() -> None:
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]))
    with pytest.raises(IllegalMove, match="already rolled"):
        apply(state, Roll(0), random.Random(1))


def test_at_least_one_combination_must_be_selected_x8() -> None:
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]))
    for action in (SelectAndBank(0, ()), SelectAndRollAgain(0, ())):
        with pytest.raises(IllegalMove, match="at least one"):
            apply(state, action, random.Random(1))


def test_acting_out_of_turn_is_refused() -> None:
    with pytest.raises(IllegalMove, match="^It is Anna's turn, not Béla's.$"):
        apply(duo(), Roll(1), random.Random(1))
    with pytest.raises(IllegalMove, match="there is no player 8 in this game"):
        apply(duo(), Roll(7), random.Random(1))


@pytest.mark.parametrize(
    ("dice", "fragment"),
    [
        ((0, 5), "A 6 scores only"),  # 1 + a lone 6
        ((6,), "^There is no die 7 in this roll: it has 6 dice.$"),
        ((0, 0), "only once"),
        ((-1,), "no die 0"),
    ],
)
def test_illegal_selections_are_refused_with_a_reason_x6(
    dice: tuple[int, ...], fragment: str
) -> None:
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]))
    with pytest.raises(IllegalMove, match=fragment):
        apply(state, SelectAndBank(0, dice), random.Random(1))


def test_taking_part_of_a_set_is_refused_x6() -> None:
    state = scripted(duo(), (Roll(0), [1, 1, 1, 1, 5, 5]))
    with pytest.raises(IllegalMove, match="take all of them together"):
        apply(state, SelectAndBank(0, (0, 1, 2)), random.Random(1))


def test_bank_adds_the_turn_and_passes_the_dice_x9() -> None:
    state = scripted(duo(), (Roll(0), [1, 5, 3, 4, 6, 6]), (SelectAndBank(0, (0, 1)), []))
    assert state.banked_halves == (3, 0) and state.banked_points == (Fraction(3, 2), Fraction(0))
    assert state.turns == (1, 0)
    assert (state.current, state.phase, state.k, state.turn_halves) == (1, "rolling", 0, 0)
    assert state.log[-2:] == (Selected(0, 1, (1, 5), 3, "bank"), Banked(0, 3, 3))


def test_the_example_of_x12_roll_again_multiplies_the_new_roll_x10_x12() -> None:
    """X12: roll 1 take three 2s -> 2 x 1 = 2; roll 2 take one 1 -> 1 x 2 = 2; total 4."""
    state = scripted(
        duo(),
        (Roll(0), [2, 2, 2, 3, 4, 6]),
        (SelectAndRollAgain(0, (0, 1, 2)), [1, 3, 4]),
    )
    assert (state.k, state.dice_in_play, state.roll, state.turn_points) == (
        2,
        3,
        (1, 3, 4),
        Fraction(2),
    )
    state = scripted(state, (SelectAndBank(0, (0,)), []))
    assert state.banked_points[0] == 4
    assert [e for e in state.log if isinstance(e, Selected)] == [
        Selected(0, 1, (2, 2, 2), 4, "roll_again"),
        Selected(0, 2, (1,), 4, "bank"),
    ]


def test_the_multiplier_has_no_cap_and_applies_only_to_its_roll_x10() -> None:
    state = scripted(
        duo(),
        (Roll(0), [5, 2, 3, 4, 6, 6]),
        (SelectAndRollAgain(0, (0,)), [5, 2, 3, 4, 6]),  # 0.5 x 1
        (SelectAndRollAgain(0, (0,)), [5, 2, 3, 4]),  # 0.5 x 2
        (SelectAndRollAgain(0, (0,)), [5, 2, 3]),  # 0.5 x 3
        (SelectAndRollAgain(0, (0,)), [1, 2]),  # 0.5 x 4
        (SelectAndBank(0, (0,)), []),  # 1 x 5
    )
    assert state.banked_halves[0] == 1 + 2 + 3 + 4 + 10


def test_a_bust_ends_the_turn_and_loses_the_unbanked_points_x7_x12() -> None:
    start = State(DUO, banked_halves=(40, 7), turns=(3, 3))
    state = scripted(
        start,
        (Roll(0), [1, 1, 1, 2, 3, 4]),
        (SelectAndRollAgain(0, (0, 1, 2)), [2, 3, 4]),  # bust on roll 2
    )
    assert state.banked_halves == (40, 7)  # earlier banks are never lost
    assert (state.current, state.phase, state.turns) == (1, "rolling", (4, 3))
    assert state.log[-2:] == (Rolled(0, 2, (2, 3, 4)), Busted(0, 2, 20))
    assert (
        describe_event(state.log[-1], state.players)
        == "Bust on roll 2! Anna loses 10 points unbanked."
    )


def test_a_bust_on_the_first_roll_loses_nothing_x7() -> None:
    state = scripted(duo(), (Roll(0), [2, 2, 3, 3, 4, 6]))
    assert (state.current, state.phase, state.turns) == (1, "rolling", (1, 0))
    assert state.log[-1] == Busted(0, 1, 0)


def test_a_clear_earns_the_bonus_and_brings_six_dice_back_x11() -> None:
    state = scripted(duo(), (Roll(0), [1, 1, 1, 5, 5, 5]))
    assert state.selection_halves((0, 1, 2, 3, 4, 5)) == 30 + 20
    state = scripted(state, (SelectAndRollAgain(0, (0, 1, 2, 3, 4, 5)), [1, 2, 3, 4, 6, 6]))
    assert (state.k, state.dice_in_play, state.clears, state.turn_halves) == (2, 6, 1, 50)
    assert Cleared(0, 1, 20) in state.log
    assert state.next_clear_bonus == 20


def test_clear_bonuses_grow_and_are_never_multiplied_x11() -> None:
    state = scripted(
        duo(),
        (Roll(0), [2, 2, 2, 3, 3, 3]),  # roll 1: 2 + 3 = 5, clear 1: +10
        (SelectAndRollAgain(0, (0, 1, 2, 3, 4, 5)), [5, 2, 3, 4, 6, 6]),
        (SelectAndRollAgain(0, (0,)), [1, 1, 2, 3, 4]),  # roll 2: 0.5 x 2 = 1
        (SelectAndRollAgain(0, (0, 1)), [1, 5, 3]),  # roll 3: 2 x 3 = 6
        (SelectAndRollAgain(0, (0, 1)), [5]),  # roll 4: 1.5 x 4 = 6
        (SelectAndBank(0, (0,)), []),  # roll 5: 0.5 x 5 = 2.5, clear 2: +20
    )
    assert state.banked_halves[0] == 10 + 20 + 2 + 12 + 12 + 5 + 40  # halves
    assert [e for e in state.log if isinstance(e, Cleared)] == [
        Cleared(0, 1, 20),
        Cleared(0, 2, 40),
    ]


def test_after_a_clear_the_player_may_bank_x11() -> None:
    state = scripted(duo(), (Roll(0), [4, 4, 4, 4, 4, 4]), (SelectAndBank(0, tuple(range(6))), []))
    assert state.banked_halves[0] == 2 * (16 + 10)  # six 4s = 16 beats three pairs, +10


def test_after_a_clear_a_bust_loses_the_bonus_too_x11_x7() -> None:
    state = scripted(
        duo(),
        (Roll(0), [5, 5, 5, 1, 1, 2]),
        (SelectAndRollAgain(0, (0, 1, 2)), [1, 4, 6]),  # 5 x 1
        (SelectAndRollAgain(0, (0,)), [1, 5]),  # 1 x 2
        (SelectAndRollAgain(0, (0, 1)), [2, 2, 3, 3, 4, 6]),  # 1.5 x 3 + 10, then six dice bust
    )
    assert state.log[-1] == Busted(0, 4, 10 + 4 + 9 + 20)  # halves
    assert state.banked_halves == (0, 0)


def test_the_target_is_checked_only_after_banking_x13() -> None:
    near = State(Options(("Solo",), target=20), banked_halves=(38,), turns=(5,))
    state = scripted(near, (Roll(0), [1, 1, 1, 2, 3, 4]))
    state = scripted(state, (SelectAndRollAgain(0, (0, 1, 2)), [5, 2, 3]))
    assert state.turn_halves + state.banked_halves[0] >= 40 and not state.is_finished
    busted = scripted(state, (SelectAndRollAgain(0, (0,)), [2, 3]))
    assert not busted.is_finished and busted.banked_halves == (38,)
    banked = scripted(state, (SelectAndBank(0, (0,)), []))
    assert banked.is_finished


def test_solo_banking_to_the_target_wins_x14() -> None:
    near = State(Options(("Solo",), target=20), banked_halves=(38,), turns=(5,))
    state = scripted(near, (Roll(0), [1, 2, 3, 4, 6, 6]), (SelectAndBank(0, (0,)), []))
    assert (state.phase, state.is_finished, state.winner, state.turns) == (
        "finished",
        True,
        0,
        (6,),
    )
    assert state.log[-1] == Won(0, 40)
    with pytest.raises(IllegalMove, match="The game is over"):
        apply(state, Roll(0), random.Random(0))


def test_solo_below_the_target_plays_on_x14() -> None:
    state = scripted(
        new_game(Options(("Solo",), 20), random.Random(0)),
        (Roll(0), [1, 2, 3, 4, 6, 6]),
        (SelectAndBank(0, (0,)), []),
    )
    assert (state.phase, state.current, state.turns, state.final_round_by) == (
        "rolling",
        0,
        (1,),
        None,
    )


def test_turn_log_shows_the_turn_in_progress_or_the_last_one() -> None:
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]), (SelectAndBank(0, (0,)), []))
    assert [type(e) for e in state.turn_log()] == [Rolled, Selected, Banked]
    state = scripted(state, (Roll(1), [5, 2, 3, 4, 6, 6]))
    assert state.turn_log() == (Rolled(1, 1, (5, 2, 3, 4, 6, 6)),)


def test_preview_of_a_selection() -> None:
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]))
    assert state.legal_selections() == ((0,),)
    assert state.selection_halves((0,)) == 2
    assert state.selection_halves((1,)) is None and state.selection_halves((9,)) is None


# --- actions from untrusted input ------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [Roll(0), Roll(7), SelectAndBank(1, (0, 5)), SelectAndRollAgain(3, (2,)), SelectAndBank(0, ())],
)
def test_actions_round_trip(action: Roll | SelectAndBank | SelectAndRollAgain) -> None:
    assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_action_dict_shapes() -> None:
    assert Roll(0).to_dict() == {"type": "roll", "player": 0}
    assert SelectAndBank(1, (0, 4)).to_dict() == {
        "type": "select_and_bank",
        "player": 1,
        "dice": [0, 4],
    }
    assert SelectAndRollAgain(1, (2,)).to_dict() == {
        "type": "select_and_roll_again",
        "player": 1,
        "dice": [2],
    }


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "roll",
        {},
        {"type": "pass", "player": 0},
        {"type": "roll"},
        {"type": "roll", "player": 0, "dice": [0]},
        {"type": "roll", "player": "0"},
        {"type": "roll", "player": True},
        {"type": "roll", "player": 0.0},
        {"type": "roll", "player": -1},
        {"type": "roll", "player": 8},
        {"type": "select_and_bank", "player": 0},
        {"type": "select_and_bank", "player": 0, "dice": 0},
        {"type": "select_and_bank", "player": 0, "dice": "01"},
        {"type": "select_and_bank", "player": 0, "dice": [0, 0]},
        {"type": "select_and_bank", "player": 0, "dice": [6]},
        {"type": "select_and_bank", "player": 0, "dice": [-1]},
        {"type": "select_and_bank", "player": 0, "dice": [True]},
        {"type": "select_and_bank", "player": 0, "dice": ["1"]},
        {"type": "select_and_roll_again", "player": 0, "dice": [1], "extra": 1},
        {"type": ["roll"], "player": 0},
    ],
)
def test_action_from_dict_refuses_malformed_input(data: object) -> None:
    # Action dicts are stored by the site (players send form fields), so a malformed one is
    # corrupt data for a developer: CorruptState, untranslated, never an IllegalMove.
    with pytest.raises(CorruptState) as refused:
        action_from_dict(data)
    assert not isinstance(refused.value, IllegalMove)


def test_apply_refuses_non_actions() -> None:
    with pytest.raises(InvalidMove):
        apply(duo(), {"type": "roll", "player": 0}, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(InvalidMove):
        apply(duo(), Roll(True), random.Random(0))


# --- state I/O -------------------------------------------------------------------------------


def test_state_json_round_trip_through_a_whole_game() -> None:
    options = Options(("Anna", "Béla", "Cyril"), target=60)
    final, codes = bot_game(11, options, 24)
    assert final.is_finished
    rng = random.Random(11)
    state = new_game(options, rng)

    for code in codes:
        text = json.dumps(state.to_dict())
        again = State.from_dict(json.loads(text))
        assert again == state and json.dumps(again.to_dict()) == text
        state = apply(state, decode(code, state.current), rng)
    assert state == final
    assert State.from_dict(json.loads(json.dumps(final.to_dict()))) == final


def test_events_read_back_from_dicts() -> None:
    final, _ = bot_game(3, Options(("Anna", "Béla"), target=40), 24)
    for event in final.log:
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
        assert event.to_dict()["type"] == event.to_row()[0]
        assert describe_event(event, final.players)


def _snapshot() -> dict[str, object]:
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]))
    return json.loads(json.dumps(state.to_dict()))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("current", 2),
        ("current", True),
        ("banked_halves", [0]),
        ("roll", [1, 2, 3]),
        ("roll", [0, 1, 2, 3, 4, 5]),
        ("log", [["roll", 0, 0, [1]]]),
        ("log", [["roll", 0, 1]]),
        ("log", [["jump", 0]]),
        ("log", [{"type": "roll", "player": 0, "k": 1, "faces": [1]}]),
        ("winner", 5),
        ("options", {"players": [], "target": 100}),
    ],
)
def test_state_from_dict_refuses_corrupt_snapshots(key: str, value: object) -> None:
    data = _snapshot()
    State.from_dict(data)
    data[key] = value
    # A corrupt snapshot is a developer's problem, never a refused move.
    with pytest.raises(CorruptState) as refused:
        State.from_dict(data)
    assert not isinstance(refused.value, IllegalMove)


def test_state_from_dict_refuses_missing_or_extra_keys() -> None:
    data = _snapshot()
    with pytest.raises(CorruptState):
        State.from_dict({**data, "extra": 1})
    del data["log"]
    with pytest.raises(CorruptState):
        State.from_dict(data)


def test_refused_actions_draw_no_dice() -> None:
    """A refused action leaves the game's random stream untouched, so replays stay exact."""
    state = scripted(duo(), (Roll(0), [1, 2, 3, 4, 6, 6]))
    rng = random.Random(42)
    before = rng.getstate()
    for action in (Roll(0), Roll(1), SelectAndRollAgain(0, (1,)), SelectAndRollAgain(0, ())):
        with pytest.raises(IllegalMove):
            apply(state, action, rng)
    assert rng.getstate() == before
    apply(state, SelectAndBank(0, (0,)), rng)  # banking draws nothing either
    assert rng.getstate() == before
