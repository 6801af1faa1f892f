"""Home, My records and the leaderboards as a phone player sees them (issue "phone-first
play"): each game's top three on the home page, an invitation instead of empty records, the
score as the replay's link, the replay page's move list folded."""

import pytest
from django.urls import reverse

from games.core.models import Player
from tests.support.games import bind_player, finish_ishido, make_result

pytestmark = pytest.mark.django_db


def test_home_shows_each_games_top_three_from_its_first_leaderboard(client):
    for n, score in enumerate([50, 900, 300, 700]):
        make_result(f"Ish{n}", score)
    ish1 = Player.objects.get(nickname="Ish1")
    make_result("Ish1", 800, player=ish1)  # a player stands once: by the best result
    make_result("Hidden", 10**6, hidden=True)
    make_result("Peace", 321, kind_key="magdagdon", leaderboard="peaceful", turns=9)
    make_result("Night", 999, kind_key="magdagdon", leaderboard="nightmare", turns=9)
    page = client.get(reverse("core:home"))
    games = {g.kind.key: g for g in page.context["games"]}
    assert games["ishido"].top == [("Ish1", "900"), ("Ish3", "700"), ("Ish2", "300")]
    assert games["magdagdon"].top == [("Peace", "321")]  # PEACEFUL's board
    assert games["mishimash"].top == []
    make_result("Slow", 1900, kind_key="mishimash", leaderboard="1000", turns=30)
    make_result("Quick", 1012.5, kind_key="mishimash", leaderboard="1000", turns=12)
    make_result("Short", 600, kind_key="mishimash", leaderboard="500", turns=3)  # not the usual
    games = {g.kind.key: g for g in client.get(reverse("core:home")).context["games"]}
    # MISHIMASH ranks by turns first: the top says so.
    # Its usual board is the new-game form's default target, 1000 (X1), not its first tab.
    assert games["mishimash"].leaderboard == "1000"
    assert games["mishimash"].top == [("Quick", "12 turns · 1012.5"), ("Slow", "30 turns · 1900")]
    html = page.content.decode()
    assert html.count("data-top-three") == 2 and "Hidden" not in html
    for key in ("magdagdon", "mishimash", "ishido"):
        assert f"img/{key}" in html  # a drawing of the game


def test_my_records_invites_to_play_until_a_game_is_finished(client):
    bind_player(client, "New")
    html = client.get(reverse("core:records")).content.decode()
    assert "data-invite-to-play" in html and "No finished games here yet" not in html
    for key in ("magdagdon", "mishimash", "ishido"):
        assert reverse(f"{key}:new") in html


def test_my_records_show_the_boards_played_and_invite_to_the_others(client):
    player = bind_player(client, "Old")
    game = finish_ishido(player, seed="records-invite")
    html = client.get(reverse("core:records")).content.decode()
    assert "data-invite-to-play" not in html
    assert 'data-leaderboard="ishido-classic"' in html
    assert 'data-leaderboard="magdagdon-peaceful"' not in html  # no empty card
    assert reverse("magdagdon:new") in html and reverse("mishimash:new") in html
    assert f'href="{reverse("core:replay", args=[game.pk])}"' in html


def test_a_leaderboard_row_links_its_score_to_the_replay(client):
    row = make_result("Linky", 77)
    html = client.get(reverse("core:leaderboard", args=["ishido", "classic"])).content.decode()
    assert f'href="{reverse("core:replay", args=[row.game_id])}"' in html
    assert "data-replay>77</a>" in html


def test_the_replay_page_folds_its_move_list_and_names_the_current_move(client):
    game = finish_ishido(Player.objects.create(nickname="R"), seed="fold")
    page = client.get(reverse("core:replay", args=[game.pk]), {"step": 3})
    html = page.content.decode()
    assert '<details class="card moves' in html and 'moves" open' not in html  # folded
    assert page.context["current_move"] == page.context["moves"][2][1]
    assert "data-current-move" in html
    assert (
        "data-current-move"
        not in client.get(reverse("core:replay", args=[game.pk]), {"step": 0}).content.decode()
    )


def test_ishido_replay_names_each_move_as_its_board_is_drawn(client):
    """On a portrait phone the Ishido board is drawn 12 × 8 (rows and columns swapped): the
    replay's move lines carry both names and the stylesheet shows the one that is drawn."""
    game = finish_ishido(Player.objects.create(nickname="R"), seed="seen")
    first = game.actions.order_by("number").first()
    row, column = divmod(first.payload["cell"], 12)
    html = client.get(reverse("core:replay", args=[game.pk]), {"step": 1}).content.decode()
    wide = f"Stone on row {row + 1}, column {column + 1}"
    tall = f"Stone on row {column + 1}, column {row + 1}"
    expected = f'<span class="seen-wide">{wide}</span><span class="seen-tall">{tall}</span>'
    assert html.count(expected) == 2  # the current move's line and its place in the list
    # At the end the board stays as it was played (tall on a phone): the same two names.
    url = reverse("core:replay", args=[game.pk])
    last = client.get(url, {"step": game.actions.count()}).content.decode()
    assert last.count(expected) == 1  # its place in the list
