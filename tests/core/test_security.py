"""Requests an attacker would send: redirects off the site, header injection, floods of new
players and games. Each asserts the answer, its message, and that nothing was written."""

import pytest
from django.test import override_settings
from django.urls import reverse

from games.core.accounts.models import CreationCount
from games.core.models import Game, Player

NICKNAME = reverse("core:nickname")


def post_nickname(client, next_url):  # type: ignore[no-untyped-def]
    return client.post(NICKNAME, {"nickname": "Mallory", "next": next_url})


@pytest.mark.django_db
@pytest.mark.parametrize(
    "next_url",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example",
        "https:evil.example",
        "javascript:alert(1)",
        "\t//evil.example/",
        " /ok",
        "/\r\nX-Injected: 1",
        "/ok\nSet-Cookie: a=b",
        "http://testserver/leaderboards/",  # same host, but not a relative path
    ],
)
def test_a_next_address_off_the_site_is_refused_and_nothing_is_saved(client, next_url):
    response = post_nickname(client, next_url)
    assert response.status_code == 400
    assert "not an address on this site" in response.content.decode()
    assert "Location" not in response
    assert "X-Injected" not in response
    assert Player.objects.count() == 0
    assert "player_id" not in client.session


@pytest.mark.django_db
def test_a_refused_next_leaves_an_existing_nickname_unchanged(client):
    client.post(NICKNAME, {"nickname": "Before"})
    response = post_nickname(client, "https://evil.example/")
    assert response.status_code == 400
    assert Player.objects.get().nickname == "Before"


@pytest.mark.django_db
def test_a_next_path_on_the_site_is_followed(client):
    response = post_nickname(client, "/leaderboards/?x=1#top")
    assert response.status_code == 303
    assert response["Location"] == "/leaderboards/?x=1#top"


@pytest.mark.django_db
def test_a_non_ascii_next_path_becomes_a_percent_encoded_location(client):
    response = post_nickname(client, "/rules/ishido/?name=Ödön ☺")
    assert response.status_code == 303
    assert response["Location"] == "/rules/ishido/?name=%C3%96d%C3%B6n%20%E2%98%BA"


# --- creation limits -------------------------------------------------------------------------
@pytest.mark.django_db
@override_settings(CREATION_LIMITS={"player": 2, "game": 100})
def test_new_players_from_one_address_are_limited_with_a_429(client_factory):
    for _ in range(2):
        assert client_factory().post(NICKNAME, {"nickname": "Bot"}).status_code == 303
    flood = client_factory()
    response = flood.post(NICKNAME, {"nickname": "Bot"})
    assert response.status_code == 429
    assert "Too many new players" in response.content.decode()
    assert "at most 2" in response.content.decode()
    assert int(response["Retry-After"]) > 0
    assert Player.objects.count() == 2
    assert "player_id" not in flood.session
    assert CreationCount.objects.get(scope="player").count == 2  # the refused one not counted


@pytest.mark.django_db
@override_settings(CREATION_LIMITS={"player": 100, "game": 2})
def test_new_games_from_one_address_are_limited_with_a_429(client):
    url = reverse("ishido:new")
    for _ in range(2):
        assert client.post(url, {"confirm": "on"}).status_code == 303
    response = client.post(url, {"confirm": "on"})
    assert response.status_code == 429
    assert "Too many new games" in response.content.decode()
    assert Game.objects.count() == 2
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 1  # nothing abandoned


@pytest.mark.django_db
@override_settings(CREATION_LIMITS={"player": 1, "game": 100}, PROXY_COUNT=1)
def test_the_limit_counts_per_client_address_behind_a_proxy(client_factory):
    first = client_factory(HTTP_X_FORWARDED_FOR="203.0.113.1")
    second = client_factory(HTTP_X_FORWARDED_FOR="203.0.113.2")
    assert first.post(NICKNAME, {"nickname": "A"}).status_code == 303
    assert second.post(NICKNAME, {"nickname": "B"}).status_code == 303
    again = client_factory(HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert again.post(NICKNAME, {"nickname": "C"}).status_code == 429
    assert sorted(Player.objects.values_list("nickname", flat=True)) == ["A", "B"]


@pytest.mark.django_db
@override_settings(CREATION_LIMITS={"player": 1, "game": 100})
def test_a_known_player_is_not_limited_when_renaming(client):
    client.post(NICKNAME, {"nickname": "One"})
    for name in ["Two", "Three"]:
        assert client.post(NICKNAME, {"nickname": name}).status_code == 303
    assert Player.objects.get().nickname == "Three"


# --- headers ---------------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/leaderboards/", "/rules/ishido/", "/admin/login/"])
def test_pages_send_a_strict_content_security_policy(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/leaderboards/", "/rules/ishido/", "/account/"])
def test_no_page_has_inline_script_or_style(client, path):
    html = client.get(path).content.decode()
    assert "<style" not in html
    assert " style=" not in html
    assert " onchange=" not in html and " onclick=" not in html
    for tag in html.split("<script")[1:]:
        assert tag.split(">", 1)[0].strip().startswith("src="), tag[:80]


@pytest.mark.django_db
def test_game_pages_are_private_and_send_a_permissions_policy(client):
    play = client.post(reverse("ishido:new"), {"confirm": "on"})["Location"]
    response = client.get(play)
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]
    html = response.content.decode()
    assert " style=" not in html and "<style" not in html


@pytest.mark.django_db
def test_mishimash_score_bars_need_no_inline_style(client):
    from games.core.kinds import get_kind
    from games.rules import mishimash

    client.post(NICKNAME, {"nickname": "Tester"})
    player = Player.objects.get(pk=client.session["player_id"])
    options = mishimash.Options(("Tester", "Other"), 1000)
    game = Game.start(player, get_kind("mishimash"), options, seed="fixed")
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'class="bar"' in html and "<rect width=" in html
    assert " style=" not in html


@pytest.mark.django_db
def test_htmx_is_told_not_to_inject_styles_or_evaluate_code(client):
    html = client.get("/").content.decode()
    assert '"includeIndicatorStyles":false' in html
    assert '"allowEval":false' in html


# --- the clean-up of abandoned games ---------------------------------------------------------
@pytest.mark.django_db
def test_clean_up_deletes_old_unfinished_games_and_never_finished_ones(client):
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from tests.support.games import finish_ishido

    player = Player.objects.create(nickname="Keeper")
    finished = finish_ishido(player, seed="keep-me")
    old_finished_without_result = Game.objects.create(
        kind_key="ishido", player=player, status=Game.Status.FINISHED, seed="s", seed_hash="h"
    )
    abandoned = Game.objects.create(
        kind_key="ishido", player=player, status=Game.Status.ABANDONED, seed="s", seed_hash="h"
    )
    idle = Game.objects.create(kind_key="ishido", player=player, seed="s", seed_hash="h")
    recent = Game.objects.create(kind_key="ishido", player=player, seed="s", seed_hash="h")
    long_ago = timezone.now() - timedelta(days=40)
    Game.objects.exclude(pk=recent.pk).update(updated_at=long_ago)
    call_command("clean_abandoned_games", "--days", "30", stdout=open("/dev/null", "w"))
    left = set(Game.objects.values_list("pk", flat=True))
    assert left == {finished.pk, old_finished_without_result.pk, recent.pk}
    assert abandoned.pk not in left and idle.pk not in left
    assert finished.result.score is not None  # the result row is untouched
    assert finished.actions.count() > 0


@pytest.fixture
def client_factory():  # type: ignore[no-untyped-def]
    from tests.support.client import CsrfClient

    return lambda **extra: CsrfClient(**extra)
