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


def test_the_board_ranks_players_by_their_best_and_all_results_are_one_tap_away(client):
    """Issue 30, 7: one guest's eleven games filled the board; now each player stands once."""
    busy = make_result("Busy", 900).player
    for score in (800, 700, 600):
        make_result("Busy", score, player=busy)
    make_result("Other", 750)
    make_result("Third", 650)
    best = client.get(BOARD)
    assert names_in_order(best) == ["Busy", "Other", "Third"]
    assert [row.score for row in best.context["rows"]] == [900, 750, 650]
    assert [row.position for row in best.context["rows"]] == [1, 2, 3]
    assert best.context["total"] == 3  # players on the board
    html = best.content.decode()
    assert f'href="{BOARD}?all=1"' in html and 'data-view="best"' in html
    every = client.get(BOARD, {"all": "1"})
    assert names_in_order(every) == ["Busy", "Busy", "Other", "Busy", "Third", "Busy"]
    assert every.context["total"] == 6


def test_a_players_best_ties_break_as_the_ranking_does(client):
    same = make_result("Same", 100, stones_left=9, days=3).player
    earlier = make_result("Same", 100, stones_left=2, days=2, player=same)  # fewer left: better
    make_result("Same", 100, stones_left=2, days=1, player=same)  # equal but later: worse
    make_result("Between", 100, stones_left=5)
    rows = client.get(BOARD).context["rows"]
    assert [(row.nickname, row.stones_left) for row in rows] == [("Same", 2), ("Between", 5)]
    assert rows[0].pk == earlier.pk


def test_my_rank_counts_players_ahead_not_their_games(client):
    ahead = make_result("Ahead", 500).player
    for score in (400, 300, 200):
        make_result("Ahead", score, player=ahead)
    make_result("Second", 150)
    client.post(reverse("core:nickname"), {"nickname": "me"})
    me = Player.objects.get(pk=client.session["player_id"])
    make_result("me", 100, player=me)
    make_result("me", 50, player=me)
    best = client.get(BOARD)
    assert best.context["mine"].position == 3 and best.context["mine"].score == 100
    assert 'data-my-rank="3"' in best.content.decode()
    assert client.get(BOARD, {"all": "1"}).context["mine"].position == 6


def test_a_hidden_best_leaves_the_players_next_visible_result(client):
    player = make_result("Mixed", 99999, hidden=True).player
    make_result("Mixed", 40, player=player)
    make_result("Clean", 50)
    banned = make_result("Banned", 70000).player
    banned.ban()
    assert [(r.nickname, r.score) for r in client.get(BOARD).context["rows"]] == [
        ("Clean", 50),
        ("Mixed", 40),
    ]
