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
