"""Remembered choices (sound, a game's last settings): stored on the player, only the known
names with their allowed values, and a refused request writes nothing."""

import pytest
from django.urls import reverse

from games.core.models import Player
from games.core.preferences import get_setting, remember
from games.rules import magdagdon
from tests.support.games import bind_player, start_seeded

pytestmark = pytest.mark.django_db
URL = reverse("core:preference")


def test_the_sound_switch_is_remembered_and_shown_on_the_next_game_page(client):
    game = start_seeded(client, "magdagdon", magdagdon.Options(magdagdon.Difficulty.PEACEFUL))
    page = game.get_absolute_url()
    assert 'data-sound-toggle aria-pressed="false"' in client.get(page).content.decode()
    response = client.post(URL, {"name": "sound", "value": "on", "next": page})
    assert response.status_code == 303 and response["Location"] == page
    html = client.get(page).content.decode()
    assert 'data-sound-toggle aria-pressed="true"' in html and 'data-sound="on"' in html
    # The switch now offers to turn it off again.
    assert '<input type="hidden" name="value" value="off">' in html


def test_the_theme_button_steps_auto_dark_light_and_the_page_is_drawn_in_it(client):
    """Issue 30, 13: a manual light/dark switch, a plain form POST to the preferences. The
    chosen theme is on <html> as served, so the first paint is already right (no flash)."""
    home = reverse("core:home")
    html = client.get(home).content.decode()
    assert "data-theme=" not in html.split("<head>")[0] and "css/dark.css" not in html
    assert '<meta name="color-scheme" content="light dark">' in html
    assert '<input type="hidden" name="value" value="dark">' in html  # the next press
    for chosen, after in (("dark", "light"), ("light", "auto"), ("auto", "dark")):
        response = client.post(URL, {"name": "theme", "value": chosen, "next": home})
        assert response.status_code == 303 and response["Location"] == home
        html = client.get(home).content.decode()
        root = html.split("<head>")[0]
        assert (f'data-theme="{chosen}"' in root) == (chosen != "auto")
        assert ("css/dark.css" in html) == (chosen == "dark")
        scheme = "light dark" if chosen == "auto" else chosen
        assert f'<meta name="color-scheme" content="{scheme}">' in html
        assert f'<input type="hidden" name="value" value="{after}">' in html


def test_a_script_gets_an_empty_answer(client):
    player = bind_player(client)
    response = client.post(URL, {"name": "ishido.hints", "value": "off"}, HTTP_X_REQUESTED_WITH="x")
    assert response.status_code == 204
    player.refresh_from_db()
    assert get_setting(player, "ishido.hints") == "off"


@pytest.mark.parametrize(
    "name, value",
    [
        ("sound", "loud"),
        ("theme", "purple"),
        ("theme", "DARK"),
        ("mishimash.target", "0"),
        ("mishimash.target", "12a"),
        ("mishimash.target", "9999999"),
        ("", ""),
    ],
)
def test_unknown_names_and_values_are_refused_and_nothing_is_written(client, name, value):
    player = bind_player(client)
    response = client.post(URL, {"name": name, "value": value})
    assert response.status_code == 400
    assert "cannot be changed" in response.content.decode()
    player.refresh_from_db()
    assert player.preferences == {}


def test_a_hostile_next_is_refused_and_nothing_is_written(client):
    player = bind_player(client)
    response = client.post(URL, {"name": "sound", "value": "on", "next": "https://evil.example/"})
    assert response.status_code == 400
    player.refresh_from_db()
    assert player.preferences == {}


def test_remember_keeps_settings_written_meanwhile_by_another_tab():
    player = Player.objects.create(nickname="Tabs")
    other_tab = Player.objects.get(pk=player.pk)
    remember(other_tab, "sound", "on")
    remember(player, "mishimash.target", 2000)  # this copy never saw the sound setting
    player.refresh_from_db()
    assert player.preferences == {"sound": "on", "mishimash.target": 2000}
    assert get_setting(None, "sound", "off") == "off"
    with pytest.raises(ValueError):
        remember(player, "font", "large")
