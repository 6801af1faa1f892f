"""Secured nicknames: securing keeps every game, signing in elsewhere finds them, and nobody
can take or impersonate a secured nickname. Sessions that were signed in end on the server."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from games.core.accounts.models import Account, SignIn
from games.core.accounts.nicknames import nickname_key
from games.core.models import Game, Player
from tests.support import accounts
from tests.support.accounts import PASSWORD, SECURE, secure, sign_in
from tests.support.client import CsrfClient
from tests.support.games import finish_ishido, make_result

NICKNAME = reverse("core:nickname")


def secured_player(client) -> Player:  # type: ignore[no-untyped-def]
    client.post(NICKNAME, {"nickname": "Magnus"})
    player = Player.objects.get(pk=client.session["player_id"])
    assert secure(client).status_code == 303
    return player


def records_page(client) -> str:  # type: ignore[no-untyped-def]
    return client.get(reverse("core:records")).content.decode()


# --- securing --------------------------------------------------------------------------------
@pytest.mark.django_db
def test_securing_keeps_the_player_and_every_earlier_game(client):
    client.post(NICKNAME, {"nickname": "Magnus"})
    player = Player.objects.get(pk=client.session["player_id"])
    game = finish_ishido(player, seed="before-securing")
    response = secure(client)
    assert response.status_code == 303
    account = Account.objects.get()
    assert account.player == player and account.nickname_key == "magnus"
    assert account.user.check_password(PASSWORD)
    assert not account.user.is_staff
    assert client.session["player_id"] == player.pk
    game.refresh_from_db()
    assert game.player == player and game.result.player == player
    assert reverse("core:replay", args=[game.pk]) in records_page(client)


@pytest.mark.django_db
def test_a_new_visitor_can_secure_a_nickname_at_once(client):
    assert secure(client, nickname="Zsófi").status_code == 303
    assert Player.objects.get().nickname == "Zsófi"
    assert Account.objects.get().player.nickname == "Zsófi"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "password1, password2, message",
    [
        ("short", "short", "too short"),
        ("password123", "password123", "too common"),
        (PASSWORD, PASSWORD + "x", "The two passwords differ"),
        ("Magnus1234", "Magnus1234", "too similar"),
    ],
)
def test_a_weak_or_mistyped_password_is_refused_and_nothing_is_written(
    client, password1, password2, message
):
    client.post(NICKNAME, {"nickname": "Magnus"})
    response = client.post(
        SECURE, {"nickname": "Magnus", "password1": password1, "password2": password2}
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert User.objects.count() == 0 and Account.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    "look_alike", ["magnus", "MAGNUS", "Ｍａｇｎｕｓ", "Маgnus", "Magnu\u0455"]
)
def test_nobody_else_can_secure_a_look_alike_of_a_secured_nickname(client, look_alike):
    secured_player(client)
    other = CsrfClient()
    response = secure(other, nickname=look_alike)
    assert response.status_code == 400
    assert "is secured by another player" in response.content.decode()
    assert Account.objects.count() == 1 and Player.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("look_alike", ["Magnus", "mAgNuS", "Маgnus", "Magnus\u00a0"])
def test_a_guest_cannot_take_a_secured_nickname(client, other_client, look_alike):
    secured_player(client)
    accounts.assert_a_guest_cannot_take(other_client, look_alike)


@pytest.mark.django_db
def test_the_owner_may_rename_a_secured_nickname_and_the_old_one_becomes_free(client, other_client):
    player = secured_player(client)
    assert client.post(NICKNAME, {"nickname": "Magnus C"}).status_code == 303
    assert Account.objects.get(player=player).nickname_key == nickname_key("Magnus C")
    assert other_client.post(NICKNAME, {"nickname": "Magnus"}).status_code == 303


def test_nickname_keys_fold_case_width_and_look_alikes_but_keep_accents():
    assert nickname_key("Magnus") == nickname_key("ＭＡＧＮＵＳ") == nickname_key("Маgnus")
    assert nickname_key("Anna 👨\u200d👩\u200d👧") == nickname_key("anna 👨\u200d👩\u200d👧\ufe0f")
    assert nickname_key("Ödön") != nickname_key("Odon")


# --- signing in on another device ------------------------------------------------------------
@pytest.mark.django_db
def test_signing_in_on_another_device_shows_the_same_records_and_running_games(client):
    player = secured_player(client)
    finished = finish_ishido(player, seed="records")
    running = client.post(reverse("ishido:new"), {"confirm": "on"})["Location"]
    phone = CsrfClient()
    assert reverse("core:replay", args=[finished.pk]) not in records_page(phone)
    response = sign_in(phone, nickname="magnus")
    assert response.status_code == 303
    assert phone.session["player_id"] == player.pk
    assert reverse("core:replay", args=[finished.pk]) in records_page(phone)
    assert phone.get(running).status_code == 200
    assert running in phone.get("/").content.decode()  # "Continue your game"


@pytest.mark.django_db
def test_a_wrong_password_is_refused_and_binds_nothing(client):
    secured_player(client)
    phone = CsrfClient()
    response = sign_in(phone, password="not-the-password")
    assert response.status_code == 400
    assert "do not match a secured player" in response.content.decode()
    assert "player_id" not in phone.session and "_auth_user_id" not in phone.session


@pytest.mark.django_db
def test_an_unknown_nickname_gets_the_same_message(client):
    response = sign_in(client, nickname="Nobody")
    assert response.status_code == 400
    assert "do not match a secured player" in response.content.decode()


@pytest.mark.django_db
def test_a_guest_cookie_kept_from_before_securing_no_longer_reaches_the_player(client):
    client.post(NICKNAME, {"nickname": "Magnus"})
    player = Player.objects.get(pk=client.session["player_id"])
    play = client.post(reverse("ishido:new"), {"confirm": "on"})["Location"]
    copy = CsrfClient()
    copy.cookies = client.cookies.__class__(client.cookies)  # the guest cookie, copied
    assert copy.get(play).status_code == 200
    assert secure(client).status_code == 303
    assert copy.get(play).status_code == 404
    assert client.get(play).status_code == 200
    # Naming itself now makes the copy a new guest; the secured player is not renamed.
    assert copy.post(NICKNAME, {"nickname": "Hijack"}).status_code == 303
    assert copy.session["player_id"] != player.pk
    assert Player.objects.get(pk=player.pk).nickname == "Magnus"


# --- sessions end on the server --------------------------------------------------------------
@pytest.mark.django_db
def test_signing_out_ends_the_session_everywhere_even_a_copied_cookie(client):
    player = secured_player(client)
    phone = CsrfClient()
    sign_in(phone)
    stolen = CsrfClient()
    stolen.cookies = phone.cookies.__class__(phone.cookies)
    assert stolen.get(reverse("core:account")).content.decode().count("Sign out other devices")
    response = phone.post(reverse("core:sign_out"))
    assert response.status_code == 303
    assert SignIn.objects.count() == 0
    for device in (stolen, client):
        page = device.get(reverse("core:account")).content.decode()
        assert "Secure your nickname" in page  # a new visitor again
        assert "player_id" not in device.session
    assert Player.objects.get(pk=player.pk).nickname == "Magnus"


@pytest.mark.django_db
def test_sign_out_other_devices_keeps_this_one(client):
    player = secured_player(client)
    phone = CsrfClient()
    sign_in(phone)
    response = client.post(reverse("core:sign_out_others"))
    assert response.status_code == 303
    assert client.get("/").content.decode().count("Secured with a password.") == 1
    assert "Secure your nickname" in phone.get(reverse("core:account")).content.decode()
    assert client.session["player_id"] == player.pk
    assert SignIn.objects.count() == 1


@pytest.mark.django_db
def test_changing_the_password_signs_out_every_other_device(client):
    secured_player(client)
    phone = CsrfClient()
    sign_in(phone)
    response = client.post(
        reverse("core:password"),
        {
            "old_password": PASSWORD,
            "new_password1": "blue-Stone-77-dice",
            "new_password2": "blue-Stone-77-dice",
        },
    )
    assert response.status_code == 303
    assert "Secure your nickname" in phone.get(reverse("core:account")).content.decode()
    assert "Change password" in client.get(reverse("core:account")).content.decode()
    assert sign_in(CsrfClient(), password=PASSWORD).status_code == 400
    assert sign_in(CsrfClient(), password="blue-Stone-77-dice").status_code == 303


@pytest.mark.django_db
def test_a_wrong_old_password_changes_nothing(client):
    secured_player(client)
    response = client.post(
        reverse("core:password"),
        {
            "old_password": "wrong",
            "new_password1": "blue-Stone-77-dice",
            "new_password2": "blue-Stone-77-dice",
        },
    )
    assert response.status_code == 400
    assert "Your old password was entered incorrectly" in response.content.decode()
    assert User.objects.get().check_password(PASSWORD)


@pytest.mark.django_db
def test_a_staff_cookie_copied_before_logout_does_not_open_the_admin_after_it(client):
    User.objects.create_superuser("staff", "staff@example.com", PASSWORD)
    response = client.post(reverse("admin:login"), {"username": "staff", "password": PASSWORD})
    assert response.status_code == 302
    copy = CsrfClient()
    copy.cookies = client.cookies.__class__(client.cookies)
    assert copy.get(reverse("admin:index")).status_code == 200
    client.post(reverse("admin:logout"))
    response = copy.get(reverse("admin:index"))
    assert response.status_code == 302 and reverse("admin:login") in response["Location"]


@pytest.mark.django_db
def test_a_staff_session_ends_after_hours_without_use(client, settings):
    staff = User.objects.create_superuser("staff", "staff@example.com", PASSWORD)
    client.force_login(staff)
    assert client.get(reverse("admin:index")).status_code == 200
    assert SignIn.objects.get().idle_seconds == settings.STAFF_IDLE.total_seconds() <= 4 * 3600
    SignIn.objects.update(last_seen=timezone.now() - settings.STAFF_IDLE - timedelta(minutes=1))
    assert client.get(reverse("admin:index")).status_code == 302
    assert SignIn.objects.count() == 0


@pytest.mark.django_db
def test_a_staff_session_in_use_stays_open(client, settings):
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", PASSWORD))
    SignIn.objects.update(last_seen=timezone.now() - settings.STAFF_IDLE + timedelta(minutes=10))
    assert client.get(reverse("admin:index")).status_code == 200
    assert timezone.now() - SignIn.objects.get().last_seen < timedelta(minutes=1)


# --- login throttling ------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("login", ["admin", "player"])
def test_repeated_wrong_passwords_lock_the_account_and_the_right_one_then_fails(client, login):
    if login == "admin":
        User.objects.create_superuser("staff", "staff@example.com", PASSWORD)

        def attempt(device, password):  # type: ignore[no-untyped-def]
            data = {"username": "staff", "password": password}
            return device.post(reverse("admin:login"), data)
    else:
        secured_player(CsrfClient())

        def attempt(device, password):  # type: ignore[no-untyped-def]
            return sign_in(device, password=password)

    for _ in range(4):
        assert attempt(client, "wrong-guess").status_code in (200, 400)
    assert attempt(client, "wrong-guess").status_code == 429  # the fifth failure locks
    response = attempt(client, PASSWORD)
    assert response.status_code == 429
    assert "Signing in is paused for 15 minutes" in response.content.decode()
    assert "_auth_user_id" not in client.session
    # The lock ends by itself once the cool-off time has passed.
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert attempt(client, PASSWORD).status_code in (302, 303)


@pytest.mark.django_db
def test_one_address_guessing_many_nicknames_is_locked_out_too(client, settings):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 7  # 20 by default: fewer sign-ins for the test
    secured_player(CsrfClient())
    for number in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        sign_in(client, nickname=f"Someone {number}", password="guess")
    response = sign_in(client)  # the right nickname and password, from the same address
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_leaderboards_mark_guests_but_not_secured_players(client):
    make_result("Magnus", 10)  # a guest who took the name first
    player = secured_player(client)
    game = finish_ishido(player, seed="secured-board")
    html = client.get(reverse("core:leaderboard", args=["ishido", "classic"])).content.decode()
    rows = html.split("<tr data-result=")[1:]
    guest = next(
        row
        for row in rows
        if row.startswith(f'"{Game.objects.exclude(pk=game.pk).get().result.pk}"')
    )
    mine = next(row for row in rows if row.startswith(f'"{game.result.pk}"'))
    assert "data-guest" in guest
    assert "data-guest" not in mine


@pytest.mark.django_db
def test_staff_cannot_rename_a_guest_to_a_secured_nickname(client):
    secured_player(CsrfClient())
    guest = make_result("Guest", 5).player
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", PASSWORD))
    response = client.post(
        reverse("admin:core_player_change", args=[guest.pk]),
        {"nickname": "MAGNUS", "created_at_0": "2026-01-01", "created_at_1": "00:00:00"},
    )
    assert response.status_code == 200
    assert "is secured by another player" in response.content.decode()
    assert Player.objects.get(pk=guest.pk).nickname == "Guest"


@pytest.mark.django_db
def test_a_staff_rename_of_a_secured_player_moves_the_secured_name(client):
    player = secured_player(CsrfClient())
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", PASSWORD))
    response = client.post(
        reverse("admin:core_player_change", args=[player.pk]),
        {"nickname": "Polite", "created_at_0": "2026-01-01", "created_at_1": "00:00:00"},
    )
    assert response.status_code == 302
    assert Account.objects.get(player=player).nickname_key == "polite"
    assert sign_in(CsrfClient(), nickname="Polite").status_code == 303


@pytest.mark.django_db
def test_the_account_page_gives_every_field_its_own_id(client):
    """Its forms (secure, sign in, a recovery code) each name a nickname: one id each, so that
    every label points at its own field."""
    import re as regex

    client.post(reverse("core:nickname"), {"nickname": "Guest"})
    html = client.get(reverse("core:account")).content.decode()
    ids = regex.findall(r'\sid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    for target in regex.findall(r'<label for="([^"]+)"', html):
        assert target in ids
