"""The settings page: choose PEACEFUL, SURVIVAL or NIGHTMARE; starting anew (or changing the
difficulty) abandons the running game, so it asks for confirmation first (M7)."""

import html as html_lib
import re

import pytest
from django.urls import reverse

from games.core.models import Game
from tests.support.magdagdon import start_seeded

pytestmark = pytest.mark.django_db
NEW = reverse("magdagdon:new")


def text(response) -> str:
    return html_lib.unescape(response.content.decode())


def checked(page: str) -> str:
    return re.search(r'name="difficulty" value="(\w+)"[^>]*checked', page).group(1)


def test_the_settings_page_offers_the_three_difficulties(client):
    page = text(client.get(NEW))
    for name in ("PEACEFUL", "SURVIVAL", "NIGHTMARE"):
        assert name in page
    assert checked(page) == "peaceful"
    assert "data-running-game" not in page


@pytest.mark.parametrize("difficulty", ["peaceful", "survival", "nightmare"])
def test_M7_starting_a_game_at_each_difficulty(client, difficulty):
    response = client.post(NEW, {"difficulty": difficulty})
    assert response.status_code == 303
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert game.options == {"difficulty": difficulty}
    assert game.leaderboard == difficulty
    assert game.state.phase == "rolling"
    page = text(client.get(response["Location"]))
    assert f'data-difficulty="{difficulty}"' in page
    assert difficulty.upper() in page


@pytest.mark.parametrize("value", ["", "hard", "PEACEFUL "])
def test_an_unknown_difficulty_is_refused_with_a_message(client, value):
    response = client.post(NEW, {"difficulty": value})
    assert response.status_code == 400
    assert "difficulty" in text(response).lower()
    assert not Game.objects.exists()


def test_M7_changing_the_difficulty_asks_for_confirmation(client):
    running = start_seeded(client, "peaceful")
    page = text(client.get(NEW + "?difficulty=nightmare"))
    assert f'data-running-game="{running.pk}"' in page
    assert "You have a PEACEFUL game in progress" in page
    assert checked(page) == "nightmare" and "Continue your game" in page

    refused = client.post(NEW, {"difficulty": "nightmare"})
    assert refused.status_code == 400
    assert "Tick the box to confirm" in text(refused)
    running.refresh_from_db()
    assert running.is_active and Game.objects.count() == 1

    started = client.post(NEW, {"difficulty": "nightmare", "confirm": "on"})
    assert started.status_code == 303
    running.refresh_from_db()
    assert running.status == Game.Status.ABANDONED
    fresh = Game.objects.get(status=Game.Status.ACTIVE)
    assert fresh.options == {"difficulty": "nightmare"} and fresh.pk != running.pk


def test_the_running_game_survives_closing_the_tab(client):
    """The game lives on the server; its page and the home page find it again."""
    game = start_seeded(client)
    client.post(reverse("magdagdon:roll", args=[game.pk]), {"version": 0})
    home = text(client.get("/"))
    assert game.get_absolute_url() in home
    page = text(client.get(game.get_absolute_url()))
    assert 'data-state="placing"' in page


def test_the_settings_page_preselects_the_running_games_difficulty(client):
    start_seeded(client, "survival")
    page = text(client.get(NEW))
    assert checked(page) == "survival"
