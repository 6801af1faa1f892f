"""Leaderboards: visible results only, in ranking order, with the visitor's own best rank."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Player
from tests.support.games import finish_ishido, make_result

pytestmark = pytest.mark.django_db
KIND = get_kind("ishido")
BOARD = reverse("core:leaderboard", args=["ishido", "classic"])


def names_in_order(response) -> list[str]:
    return [row.nickname for row in response.context["rows"]]


def test_best_score_first_then_fewer_stones_left_then_earlier(client):
    make_result("late", 100, stones_left=3, days=1)
    make_result("early", 100, stones_left=3, days=2)
    make_result("more-left", 100, stones_left=9)
    make_result("top", 500, stones_left=20)
    assert names_in_order(client.get(BOARD)) == ["top", "early", "late", "more-left"]


def test_hidden_results_are_not_shown(client):
    make_result("shown", 10)
    make_result("cheater", 99999, hidden=True)
    response = client.get(BOARD)
    html = response.content.decode()
    assert "shown" in html and "cheater" not in html
    assert names_in_order(response) == ["shown"]


def test_top_100_and_my_best_rank_outside_it(client):
    for number in range(105):
        make_result(f"p{number}", 1000 - number)
    client.post(reverse("core:nickname"), {"nickname": "me"})
    me = Player.objects.get(pk=client.session["player_id"])
    make_result("me", 1, player=me, stones_left=0)
    response = client.get(BOARD)
    assert len(response.context["rows"]) == 100
    assert response.context["mine"].position == 106
    assert 'data-my-rank="106"' in response.content.decode()


def test_a_real_finished_game_reaches_the_board_with_a_replay_link(client):
    player = Player.objects.create(nickname="Real")
    game = finish_ishido(player, seed="board")
    html = client.get(BOARD).content.decode()
    assert "Real" in html
    assert reverse("core:replay", args=[game.pk]) in html


def test_unknown_board_is_404(client):
    assert client.get(reverse("core:leaderboard", args=["ishido", "nope"])).status_code == 404
    assert client.get(reverse("core:leaderboard", args=["chess", "classic"])).status_code == 404


def test_admin_hide_action_removes_a_result_from_the_public_board(client):
    shown = make_result("keeper", 10)
    cheat = make_result("cheater", 99999)
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", "pw"))
    response = client.post(
        reverse("admin:core_result_changelist"),
        {"action": "hide", "_selected_action": [cheat.pk]},
    )
    assert response.status_code == 302
    cheat.refresh_from_db()
    assert cheat.hidden  # still in the database, only hidden
    assert names_in_order(client.get(BOARD)) == [shown.nickname]


def test_admin_ban_hides_all_results_of_the_player(client):
    cheat = make_result("cheater", 99999)
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", "pw"))
    client.post(
        reverse("admin:core_player_changelist"),
        {"action": "ban", "_selected_action": [cheat.player_id]},
    )
    cheat.refresh_from_db()
    assert cheat.hidden and cheat.player.banned
    assert names_in_order(client.get(BOARD)) == []


def test_admin_lists_results_with_filters_search_and_replay_links(client):
    result = make_result("Searchable", 10)
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", "pw"))
    url = reverse("admin:core_result_changelist")
    html = client.get(url, {"q": "Searchable", "kind_key": "ishido", "hidden__exact": "0"}).content
    assert b"Searchable" in html
    assert reverse("core:replay", args=[result.game_id]).encode() in html


def test_admin_renaming_a_player_renames_their_rows_on_the_board(client):
    rude = make_result("Rude Name", 50)
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", "pw"))
    response = client.post(
        reverse("admin:core_player_change", args=[rude.player_id]),
        {"nickname": "Renamed", "created_at_0": "2026-01-01", "created_at_1": "00:00:00"},
    )
    assert response.status_code == 302, response.content
    assert names_in_order(client.get(BOARD)) == ["Renamed"]
