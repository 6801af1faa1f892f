"""Recovery codes (issue 29, item 8): shown once when a nickname is secured, stored hashed, each
signs in once and lets the player set a new password (ending other sessions); wrong codes are
throttled like passwords; the account page counts them and makes new ones."""

import re

import pytest
from django.urls import reverse

from games.core.accounts.models import Account, RecoveryCode, SignIn
from games.core.accounts.recovery import CODES, HASHER, normalised
from tests.support.accounts import PASSWORD, secure, sign_in
from tests.support.client import CsrfClient

ACCOUNT = reverse("core:account")
RECOVER = reverse("core:recover")
NEW_CODES = reverse("core:recovery_codes")
NEW_PASSWORD = "another-Stone-77-dice"
CODE = re.compile(r"<code>([a-z0-9-]+)</code>")


def shown_codes(client) -> list[str]:  # type: ignore[no-untyped-def]
    return CODE.findall(client.get(ACCOUNT).content.decode())


def secured_with_codes(client) -> list[str]:  # type: ignore[no-untyped-def]
    assert secure(client).status_code == 303
    codes = shown_codes(client)
    assert len(codes) == CODES
    return codes


def recover(client, code, nickname="Magnus"):  # type: ignore[no-untyped-def]
    return client.post(RECOVER, {"nickname": nickname, "password": code})


@pytest.mark.django_db
def test_securing_shows_the_codes_once_and_never_again(client):
    codes = secured_with_codes(client)
    assert len(set(codes)) == CODES
    page = client.get(ACCOUNT)
    assert CODE.findall(page.content.decode()) == []
    assert "You have 8 recovery codes left." in page.content.decode()


@pytest.mark.django_db
def test_the_page_showing_codes_is_never_cached(client):
    assert secure(client).status_code == 303
    assert client.get(ACCOUNT)["Cache-Control"] == "no-store"


@pytest.mark.django_db
def test_codes_are_stored_hashed(client):
    codes = secured_with_codes(client)
    stored = list(RecoveryCode.objects.values_list("code", flat=True))
    assert len(stored) == CODES
    assert all(value.startswith(HASHER.algorithm + "$") for value in stored)
    assert not any(normalised(code) in value or code in value for code in codes for value in stored)
    assert sorted(HASHER.verify(normalised(c), v) for c in codes for v in stored).count(True) == 8


@pytest.mark.django_db
def test_a_code_signs_in_once_and_only_once(client):
    codes = secured_with_codes(client)
    device = CsrfClient()
    response = recover(device, codes[3].upper().replace("-", " "))  # as typed from paper
    assert response.status_code == 303
    assert device.session["_auth_user_id"] == str(Account.objects.get().user_id)
    assert "7 codes left" in device.get(ACCOUNT).content.decode()
    again = CsrfClient()
    response = recover(again, codes[3])
    assert response.status_code == 400
    assert "each code works once" in response.content.decode()
    assert "_auth_user_id" not in again.session
    assert RecoveryCode.objects.count() == CODES - 1


@pytest.mark.django_db
def test_after_a_code_a_new_password_is_set_without_the_old_one_and_other_sessions_end(client):
    codes = secured_with_codes(client)
    device = CsrfClient()
    assert recover(device, codes[0]).status_code == 303
    assert "Set a new password" in device.get(ACCOUNT).content.decode()
    data = {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    assert device.post(reverse("core:password"), data).status_code == 303
    assert SignIn.objects.count() == 1  # only this device
    assert 'id="sign-in"' in client.get(ACCOUNT).content.decode()  # the first device is out
    assert sign_in(CsrfClient(), password=PASSWORD).status_code == 400
    assert sign_in(CsrfClient(), password=NEW_PASSWORD).status_code == 303
    # Once set, changing the password asks for the old one again.
    assert "Change password" in device.get(ACCOUNT).content.decode()


@pytest.mark.django_db
def test_without_a_code_the_password_change_still_needs_the_old_password(client):
    secured_with_codes(client)
    data = {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client.post(reverse("core:password"), data)
    assert response.status_code == 400
    assert sign_in(CsrfClient(), password=PASSWORD).status_code == 303


@pytest.mark.django_db
def test_wrong_codes_are_throttled_like_passwords(client):
    codes = secured_with_codes(client)
    attacker = CsrfClient(REMOTE_ADDR="198.51.100.7")
    for guess in range(2):
        assert sign_in(attacker, password=f"wrong-{guess}").status_code == 400
    for guess in range(2):
        assert recover(attacker, f"aaaa-bbbb-{guess}ccc").status_code == 400
    assert recover(attacker, "aaaa-bbbb-cccc").status_code == 429  # the fifth failure locks
    response = recover(attacker, codes[0])
    assert response.status_code == 429
    assert "_auth_user_id" not in attacker.session
    assert RecoveryCode.objects.count() == CODES  # a locked attempt uses no code
    # The owner, from their own address, still gets in.
    assert recover(CsrfClient(REMOTE_ADDR="203.0.113.20"), codes[0]).status_code == 303


@pytest.mark.django_db
def test_new_codes_replace_the_old_ones_and_are_shown_once(client):
    old = secured_with_codes(client)
    assert client.post(NEW_CODES).status_code == 303
    new = shown_codes(client)
    assert len(new) == CODES and not set(new) & set(old)
    assert shown_codes(client) == []
    assert RecoveryCode.objects.count() == CODES
    assert recover(CsrfClient(), old[0]).status_code == 400
    assert recover(CsrfClient(), new[0]).status_code == 303


@pytest.mark.django_db
def test_a_guest_cannot_make_codes(client):
    client.post(reverse("core:nickname"), {"nickname": "Guest"})
    assert client.post(NEW_CODES).status_code == 303
    assert RecoveryCode.objects.count() == 0


@pytest.mark.django_db
def test_a_guest_page_offers_signing_in_with_a_code(client):
    page = client.get(ACCOUNT).content.decode()
    assert 'action="/account/recover/"' in page and "Forgot your password?" in page
