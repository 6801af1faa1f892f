"""Login throttling per (account, address) (issue 29, item 7): five wrong passwords from one
address lock that account for that address only. The owner, from another address, still signs
in; the locked address still signs in to other accounts (axes' combined parameter counts the
pair), until its failures over every account reach AXES_ADDRESS_FAILURE_LIMIT."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.support.accounts import PASSWORD, secure, sign_in
from tests.support.client import CsrfClient

A, B = "198.51.100.7", "203.0.113.20"


def attempt(login, device, password, name):  # type: ignore[no-untyped-def]
    if login == "admin":
        return device.post(reverse("admin:login"), {"username": name, "password": password})
    return sign_in(device, nickname=name, password=password)


def accounts(login):  # type: ignore[no-untyped-def]
    """Two accounts of the kind: the one attacked, and another."""
    if login == "admin":
        User.objects.create_superuser("staff", "staff@example.com", PASSWORD)
        User.objects.create_superuser("keeper", "keeper@example.com", PASSWORD)
        return "staff", "keeper"
    assert secure(CsrfClient(), nickname="Magnus").status_code == 303
    assert secure(CsrfClient(), nickname="Zsófi").status_code == 303
    return "Magnus", "Zsófi"


def signed_in(response) -> bool:  # type: ignore[no-untyped-def]
    return response.status_code in (302, 303)


def lock(login, name):  # type: ignore[no-untyped-def]
    attacker = CsrfClient(REMOTE_ADDR=A)
    for _ in range(4):
        assert attempt(login, attacker, "wrong-guess", name).status_code in (200, 400)
    assert attempt(login, attacker, "wrong-guess", name).status_code == 429
    return attacker


@pytest.mark.django_db
@pytest.mark.parametrize("login", ["admin", "player"])
def test_five_failures_from_an_address_lock_that_account_for_that_address(login):
    name, _other = accounts(login)
    lock(login, name)
    response = attempt(login, CsrfClient(REMOTE_ADDR=A), PASSWORD, name)
    assert response.status_code == 429
    assert "Signing in is paused for 15 minutes" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("login", ["admin", "player"])
def test_the_owner_from_another_address_still_signs_in(login):
    name, _other = accounts(login)
    lock(login, name)
    owner = CsrfClient(REMOTE_ADDR=B)
    assert signed_in(attempt(login, owner, PASSWORD, name))
    assert "_auth_user_id" in owner.session


@pytest.mark.django_db
@pytest.mark.parametrize("login", ["admin", "player"])
def test_the_locked_address_still_signs_in_to_another_account(login):
    name, other = accounts(login)
    attacker = lock(login, name)
    assert signed_in(attempt(login, attacker, PASSWORD, other))


@pytest.mark.django_db
def test_a_wrong_password_elsewhere_does_not_add_to_the_attackers_count():
    name, _other = accounts("player")
    owner = CsrfClient(REMOTE_ADDR=B)
    for _ in range(4):  # the owner mistypes four times, and the attacker tries four times
        attempt("player", owner, "typo", name)
        attempt("player", CsrfClient(REMOTE_ADDR=A), "wrong-guess", name)
    assert signed_in(attempt("player", owner, PASSWORD, name))
