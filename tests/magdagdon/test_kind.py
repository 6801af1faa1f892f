"""MAGDAGDON's GameKind: registration, leaderboards per difficulty, result rows, move lines."""

from decimal import Decimal

import pytest

from games.core.kinds import ResultFields, get_kind
from games.rules import magdagdon as rules
from tests.support.magdagdon_oracle import make_state

KIND = get_kind("magdagdon")


def test_registered_with_a_leaderboard_per_difficulty_named_in_english():
    assert KIND.name == "MAGDAGDON"
    assert KIND.leaderboards == (
        ("peaceful", "PEACEFUL"),
        ("survival", "SURVIVAL"),
        ("nightmare", "NIGHTMARE"),
    )
    assert KIND.board_partial == "magdagdon/play.html#board"
    assert KIND.rules is rules


def test_M22_ranking_best_score_then_fewer_powers_fewer_turns_earlier():
    assert KIND.ranking == ("-score", "powers_used", "turns", "finished_at")
    assert [field for field, _ in KIND.columns] == ["powers_used", "turns"]
    assert [str(label) for _, label in KIND.columns] == ["Powers used", "Turns"]


@pytest.mark.parametrize("difficulty", ["peaceful", "survival", "nightmare"])
def test_M7_the_leaderboard_is_the_difficulty(difficulty):
    assert KIND.leaderboard(rules.Options(rules.Difficulty(difficulty))) == difficulty


def test_M22_result_is_the_final_score_turns_and_powers_used():
    state = make_state("1234 2222 3X43 4321", powers=["reroll", "increase"], turns=9)
    assert state.is_finished
    total = rules.score(state.board, "peaceful", 2).total
    fields = KIND.result(state, rules.Options())
    assert fields == ResultFields(
        score=Decimal(total), leaderboard="peaceful", turns=9, powers_used=2
    )


@pytest.mark.parametrize(
    ("payload", "line"),
    [
        ({"type": "roll"}, "ROLL"),
        ({"type": "confirm"}, "CONFIRM"),
        ({"type": "stage", "die": 2, "cell": 6}, "Die 3 staged on row 2, column 3"),
        ({"type": "unstage", "die": 0}, "Die 1 taken back"),
        ({"type": "decrease", "die": 3}, "DECREASE −1 on die 4"),
        ({"type": "increase", "die": 1}, "INCREASE +1 on die 2"),
        ({"type": "reroll", "dice": [0, 3]}, "REROLL of dice 1, 4"),
        ({"type": "accept_magdagdon", "cell": 15}, "MAGDAGDON accepted: RUIN on row 4, column 4"),
    ],
)
def test_each_action_reads_as_one_line_in_the_replay(payload, line):
    assert KIND.describe_action(payload) == line
