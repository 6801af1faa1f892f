"""MISHIMASH as the shared app sees it: boards, ranking, result rows, replay lines."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from games.core.kinds import get_kind
from games.core.models import Result
from games.rules import mishimash as rules
from tests.support.games import make_result
from tests.support.mishimash import text

KIND = get_kind("mishimash")


def finished(players: tuple[str, ...], target: int, banked: tuple[int, ...], turns: int):
    options = rules.Options(players, target)
    return rules.State(options, banked, (turns,) * len(players), winner=0), options


def test_leaderboards_are_the_three_standard_targets():
    assert [key for key, _ in KIND.leaderboards] == ["500", "1000", "2000"]
    assert str(KIND.leaderboard_label("1000")) == "Target 1000"
    assert KIND.ranking == ("turns", "-score", "finished_at")
    assert [field for field, _ in KIND.columns] == ["turns"]


def test_the_board_label_is_translated_when_shown():
    with override("hu"):
        label = str(KIND.leaderboard_label("500"))
    assert "500" in label


def test_a_solo_standard_game_gives_a_result_with_exact_halves():
    state, options = finished(("Solo",), 500, (1001,), 12)
    fields = KIND.result(state, options)
    assert fields is not None
    assert (fields.score, fields.leaderboard, fields.turns) == (Decimal("500.5"), "500", 12)
    assert KIND.leaderboard(options) == "500"


@pytest.mark.parametrize(
    ("players", "target"), [(("Solo",), 750), (("Anna", "Béla"), 1000), (("Anna", "Béla"), 750)]
)
def test_hot_seat_and_custom_targets_are_unranked(players, target):
    state, options = finished(players, target, (2 * target,) + (0,) * (len(players) - 1), 5)
    assert KIND.result(state, options) is None and KIND.leaderboard(options) == ""


def test_describe_action():
    assert KIND.describe_action({"type": "roll", "player": 0}) == "Player 1 rolls"
    assert (
        KIND.describe_action({"type": "select_and_bank", "player": 1, "dice": [0, 4]})
        == "Player 2 sets aside dice 1, 5 and banks"
    )
    assert (
        KIND.describe_action({"type": "select_and_roll_again", "player": 0, "dice": [2]})
        == "Player 1 sets aside dice 3 and rolls again"
    )


def test_replay_lines_name_the_players():
    options = rules.Options(("Anna", "Béla"), 1000)
    line = KIND.describe_action({"type": "select_and_bank", "player": 1, "dice": [0]}, options)
    assert line == "\u2068Béla\u2069 sets aside dice 1 and banks"
    assert KIND.describe_action({"type": "roll", "player": 0}, options) == "\u2068Anna\u2069 rolls"


@pytest.mark.django_db
def test_the_leaderboard_ranks_fewest_turns_then_higher_score_then_earlier(client):
    now = timezone.now()
    rows = [  # (nickname, turns, score, minutes ago)
        ("slow", 20, "1500", 50),
        ("late", 9, "1010", 1),
        ("early", 9, "1010", 30),
        ("rich", 9, "1200.5", 5),
        ("fast", 7, "1000", 2),
    ]
    for nickname, turns, score, ago in rows:
        make_result(
            nickname,
            Decimal(score),
            kind_key="mishimash",
            leaderboard="1000",
            turns=turns,
            finished_at=now - timedelta(minutes=ago),
        )
    ranked = [r.nickname for r in Result.objects.ranked(KIND, "1000")]
    assert ranked == ["fast", "rich", "early", "late", "slow"]
    page = text(client.get(reverse("core:leaderboard", args=["mishimash", "1000"])))
    assert page.index("fast") < page.index("rich") < page.index("early") < page.index("slow")
    assert "1200.5" in page and "Turns" in page
