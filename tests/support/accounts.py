"""Secured nicknames through the views: the password the tests use, securing a nickname and
signing in with it."""

from django.urls import reverse

PASSWORD = "green-Dice-41-stones"
SECURE = reverse("core:secure")
SIGN_IN = reverse("core:sign_in")


def secure(client, nickname="Magnus", password=PASSWORD):  # type: ignore[no-untyped-def]
    return client.post(SECURE, {"nickname": nickname, "password1": password, "password2": password})


def sign_in(client, nickname="Magnus", password=PASSWORD):  # type: ignore[no-untyped-def]
    return client.post(SIGN_IN, {"nickname": nickname, "password": password})


def assert_a_guest_cannot_take(other_client, look_alike: str) -> None:  # type: ignore[no-untyped-def]
    """A guest (`other_client`, named "Guest") asks for a name that a secured nickname owns:
    400 with the reason, and the guest keeps their own name."""
    from games.core.models import Player

    nickname = reverse("core:nickname")
    other_client.post(nickname, {"nickname": "Guest"})
    response = other_client.post(nickname, {"nickname": look_alike})
    assert response.status_code == 400
    assert "is secured by another player" in response.content.decode()
    assert Player.objects.get(pk=other_client.session["player_id"]).nickname == "Guest"
