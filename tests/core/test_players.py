"""Players: nobody signs up; a nickname of 1–24 characters of any script, set and changed."""

import pytest
from django.urls import reverse

from games.core.forms import NicknameForm
from games.core.models import Player


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("Ödön", "Ödön"),
        ("  Kovács  Béla ", "Kovács Béla"),
        ("Ľubomír Šťastný", "Ľubomír Šťastný"),
        ("أحمد", "أحمد"),
        ("x" * 24, "x" * 24),
        ("7", "7"),
    ],
)
def test_nicknames_of_any_script_are_welcome(typed, kept):
    form = NicknameForm({"nickname": typed})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["nickname"] == kept


@pytest.mark.parametrize(
    "typed, message",
    [
        ("", "required"),
        ("    ", "Please type a nickname."),
        ("x" * 25, "at most 24 characters"),
        ("bell\x07", "control characters"),
        ("tab\u200bhidden", "control characters"),
        ("!!!", "at least one letter or digit"),
    ],
)
def test_bad_nicknames_get_a_clear_message(typed, message):
    form = NicknameForm({"nickname": typed})
    assert not form.is_valid()
    assert message in str(form.errors["nickname"])


@pytest.mark.django_db
def test_setting_a_nickname_binds_a_player_to_the_session(client):
    response = client.post(reverse("core:nickname"), {"nickname": " Zsófi "})
    assert response.status_code == 303
    player = Player.objects.get(pk=client.session["player_id"])
    assert player.nickname == "Zsófi"


@pytest.mark.django_db
def test_changing_the_nickname_keeps_the_same_player(client):
    client.post(reverse("core:nickname"), {"nickname": "First"})
    first = client.session["player_id"]
    client.post(reverse("core:nickname"), {"nickname": "Second"})
    assert client.session["player_id"] == first
    assert Player.objects.get(pk=first).nickname == "Second"


@pytest.mark.django_db
def test_an_invalid_nickname_is_refused_with_its_message(client):
    response = client.post(reverse("core:nickname"), {"nickname": "y" * 30})
    assert response.status_code == 400
    assert "at most 24 characters" in response.content.decode()
    assert Player.objects.count() == 0


@pytest.mark.django_db
def test_a_post_without_csrf_token_is_refused(client):
    response = client.post(reverse("core:nickname"), {"nickname": "x", "csrfmiddlewaretoken": "no"})
    assert response.status_code == 403
