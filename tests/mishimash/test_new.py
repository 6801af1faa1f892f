"""Starting a MISHIMASH game: solo or 2-8 named players, a standard or custom target (X1),
and every bad option refused with a clear message and no game started."""

import re

import pytest
from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game
from tests.support.games import bind_player
from tests.support.mishimash import start, text

pytestmark = pytest.mark.django_db
NEW = reverse("mishimash:new")


def post_new(client, **data):
    data.setdefault("mode", "solo")
    data.setdefault("target", "1000")
    data.setdefault("custom_target", "")
    return client.post(NEW, data)


def only_game() -> Game:
    return Game.objects.get(kind_key="mishimash")


def test_the_form_offers_solo_hot_seat_and_the_targets_x1(client):
    page = text(client.get(NEW))
    assert 'value="solo"' in page and 'value="hotseat"' in page
    for target in ("500", "1000", "2000", "custom"):
        assert f'value="{target}"' in page
    assert 'name="target" value="1000"' in page.replace(" checked", "")
    assert page.count('name="players"') == 8


def test_a_solo_game_plays_under_the_nickname_on_the_standard_board(client):
    bind_player(client, "Zsófi")
    response = post_new(client)
    game = only_game()
    assert response.status_code == 303 and response["Location"] == game.get_absolute_url()
    assert game.options == {"players": ["Zsófi"], "target": 1000}
    assert game.leaderboard == "1000"
    page = text(client.get(game.get_absolute_url()))
    assert 'data-state="rolling"' in page and "Zsófi" in page


@pytest.mark.parametrize("target", ["500", "2000"])
def test_the_other_standard_targets(client, target):
    post_new(client, target=target)
    assert only_game().options["target"] == int(target)
    assert only_game().leaderboard == target


def test_a_custom_target_is_unranked_x1(client):
    assert post_new(client, target="custom", custom_target="750").status_code == 303
    game = only_game()
    assert game.options["target"] == 750 and game.leaderboard == ""


def test_hot_seat_players_keep_their_seating_order_x15(client):
    names = ["Cyril", " Anna ", "Béla", "", ""]
    assert post_new(client, mode="hotseat", players=names, target="500").status_code == 303
    assert only_game().options == {"players": ["Cyril", "Anna", "Béla"], "target": 500}
    assert only_game().leaderboard == ""


def test_eight_players_are_welcome(client):
    names = [f"P{i}" for i in range(1, 9)]
    assert post_new(client, mode="hotseat", players=names).status_code == 303


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"target": "custom", "custom_target": "0"}, "The target must be at least 1 point."),
        ({"target": "custom", "custom_target": "-5"}, "The target must be at least 1 point."),
        (
            {"target": "custom", "custom_target": "10001"},
            "The target can be at most 10,000 points.",
        ),
        (
            {"target": "custom", "custom_target": "abc"},
            "The target must be a whole number of points, like 750.",
        ),
        ({"target": "custom", "custom_target": "12.5"}, "must be a whole number"),
        ({"target": "custom"}, "Type your own target score."),
        ({"target": "0"}, "Choose a target of 500, 1000 or 2000, or “Your own”."),
        ({"target": "abc"}, "Choose a target of 500, 1000 or 2000, or “Your own”."),
        ({"target": "1000", "custom_target": "750"}, "choose “Your own” above"),
        ({"mode": "duel"}, "Select a valid choice."),
        (
            {"mode": "hotseat", "players": [f"P{i}" for i in range(1, 10)]},
            "At most 8 players can play, not 9.",
        ),
        ({"mode": "hotseat", "players": ["Anna", "", "Cyril"]}, "Player 2 needs a name."),
        ({"mode": "hotseat", "players": ["", "   "]}, "Type at least two names"),
        ({"mode": "hotseat", "players": ["Anna"]}, "Type at least two names"),
        (
            {"mode": "hotseat", "players": ["Anna", "Béla", "anna "]},
            "Two players are called “anna”: give them different names.",
        ),
        (
            {"mode": "hotseat", "players": ["Anna", "x" * 25]},
            f"The name “{'x' * 25}” is longer than 24 characters.",
        ),
        (
            {"mode": "hotseat", "players": ["Anna", "B\u200bla"]},
            "Player 2's name contains a character that cannot be shown.",
        ),
    ],
)
def test_bad_options_are_refused_and_start_nothing(client, data, message):
    response = post_new(client, **data)
    assert response.status_code == 400
    assert message in text(response)
    assert not Game.objects.exists()


def test_a_running_game_is_offered_and_abandoned_only_when_confirmed(client):
    running = start(client)
    page = text(client.get(NEW))
    assert f'data-running-game="{running.pk}"' in page and "Continue your game" in page
    response = post_new(client)
    assert response.status_code == 400 and "Tick the box to confirm" in text(response)
    assert Game.objects.count() == 1
    assert post_new(client, confirm="on").status_code == 303
    running.refresh_from_db()
    assert running.status == Game.Status.ABANDONED
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 1


def test_a_running_game_survives_a_new_session_page(client):
    game = start(client)
    assert client.get(game.get_absolute_url()).status_code == 200
    home = text(client.get("/"))
    assert game.get_absolute_url() in home


def test_the_form_offers_how_many_players_for_its_name_boxes(client):
    page = text(client.get(NEW))
    assert '<select name="count"' in page
    assert [f'<option value="{n}"' in page for n in range(2, 9)] == [True] * 7
    # Without the page's script every box is there; empty boxes after the names are unused,
    # whatever the count says.
    response = post_new(client, mode="hotseat", count="2", players=["Anna", "Béla", "Cyril", ""])
    assert response.status_code == 303
    assert only_game().options["players"] == ["Anna", "Béla", "Cyril"]


def test_the_target_is_remembered_for_the_next_game(client):
    player = bind_player(client, "Zsófi")
    assert post_new(client, target="2000").status_code == 303
    player.refresh_from_db()
    assert player.preferences["mishimash.target"] == 2000
    page = text(client.get(NEW))
    assert re.search(r'name="target" value="2000"[^>]* checked', page)
    post_new(client, target="custom", custom_target="750", confirm="on")
    page = text(client.get(NEW))
    assert re.search(r'name="target" value="custom"[^>]* checked', page)
    assert re.search(r'name="custom_target" value="750"', page)


def test_a_refused_start_remembers_no_target(client):
    player = bind_player(client, "Zsófi")
    post_new(client, target="custom", custom_target="0")
    player.refresh_from_db()
    assert "mishimash.target" not in player.preferences


def test_a_guest_without_a_nickname_is_shown_in_each_viewers_language(client):
    client.cookies["django_language"] = "sk"
    assert post_new(client).status_code == 303
    game = only_game()
    number = game.player_id
    assert game.options["players"] == [f"Player {number}"]  # stored untranslated
    board = text(client.get(game.get_absolute_url())).split('id="board"')[1]
    assert f"<bdi>Hráč {number}</bdi>" in board
    client.cookies["django_language"] = "ar"
    board = text(client.get(game.get_absolute_url())).split('id="board"')[1]
    assert f"<bdi>اللاعب {number}</bdi>" in board and "Hráč" not in board


def test_the_form_the_home_page_and_the_daily_agree_on_the_usual_target(client):
    """Issue 30, 13: home and daily used 500 while the form defaulted to 1000 (X1's default)."""
    kind = get_kind("mishimash")
    page = text(client.get(NEW))
    checked = re.search(r'name="target" value="(\d+)"[^>]*checked', page)
    assert checked is not None and checked.group(1) == "1000"
    assert reverse("core:leaderboard", args=["mishimash", "1000"]) in page
    home = {g.kind.key: g for g in client.get(reverse("core:home")).context["games"]}
    assert home["mishimash"].leaderboard == "1000"
    assert kind.daily_options("Me").target == 1000
