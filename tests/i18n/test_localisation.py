"""The visitor's language: chosen from Accept-Language on the first visit, changed and remembered
by the switcher; numbers in the language's own form; Arabic right to left."""

import re
from decimal import Decimal

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone, translation

from games.core.kinds import all_kinds, get_kind
from games.core.models import Game, Player, Result, seed_hash

ACCEPT = {
    "en": "en-GB,en;q=0.9",
    "hu": "hu-HU,hu;q=0.9,en;q=0.6",
    "sk": "sk-SK,sk;q=0.9,cs;q=0.7,en;q=0.5",
    "ar": "ar-EG,ar;q=0.9,en;q=0.5",
}
# The navigation's "Leaderboards" in each language: proof that the page is translated.
LEADERBOARDS = {"en": "Leaderboards", "hu": "Ranglisták", "sk": "Rebríčky", "ar": "لوحات الصدارة"}


def html_tag(response) -> str:
    match = re.search(r"<html\b[^>]*>", response.content.decode())
    assert match, "no <html> tag"
    return match.group(0)


def a_leaderboard() -> tuple[str, str]:
    kind = all_kinds()[0]
    return kind.key, kind.leaderboards[0][0]


@pytest.fixture
def half_point_result(db) -> Result:
    """A finished game on the first leaderboard with 12.5 points (MISHIMASH's half points)."""
    kind, board = a_leaderboard()
    player = Player.objects.create(nickname="Zsófi")
    game = Game.objects.create(
        kind_key=kind,
        player=player,
        leaderboard=board,
        seed="fixed",
        seed_hash=seed_hash("fixed"),
        status=Game.Status.FINISHED,
        rng_state=b"",
        finished_at=timezone.now(),
    )
    return Result.objects.create(
        game=game,
        kind_key=kind,
        leaderboard=board,
        player=player,
        nickname=player.nickname,
        score=Decimal("12.5"),
        turns=7,
        powers_used=1,
        stones_left=3,
        finished_at=timezone.now(),
    )


# --- the language of a first visit and the switcher --------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "hu", "sk", "ar"])
def test_accept_language_picks_the_language_of_a_first_visit(client, language):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    assert f'lang="{language}"' in html_tag(response)
    assert LEADERBOARDS[language] in response.content.decode()
    assert response["Content-Language"] == language


@pytest.mark.django_db
def test_an_unknown_language_falls_back_to_english(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,fr;q=0.5")
    assert 'lang="en"' in html_tag(response)


@pytest.mark.django_db
def test_every_page_offers_the_switcher_in_every_language(client):
    body = client.get("/", HTTP_ACCEPT_LANGUAGE=ACCEPT["sk"]).content.decode()
    assert f'action="{reverse("set_language")}"' in body
    for code, _name in settings.LANGUAGES:
        assert f'<option value="{code}" lang="{code}"' in body
    for native in ("English", "Magyar", "Slovenčina", "العربية"):
        assert native in body
    assert re.search(r'<option value="sk" lang="sk" selected>', body)


@pytest.mark.django_db
def test_the_switcher_changes_the_language_and_remembers_it(client):
    client.get("/", HTTP_ACCEPT_LANGUAGE=ACCEPT["hu"])
    response = client.post(
        reverse("set_language"),
        {"language": "sk", "next": reverse("core:leaderboards")},
        HTTP_ACCEPT_LANGUAGE=ACCEPT["hu"],
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("core:leaderboards")
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "sk"
    assert int(cookie["max-age"]) >= 365 * 24 * 3600  # remembered across browser restarts
    # The browser still says Hungarian, but the choice wins, on every page, until changed.
    for url in ("/", reverse("core:leaderboards"), reverse("core:records")):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT["hu"])
        assert 'lang="sk"' in html_tag(page)
        assert "Rebríčky" in page.content.decode()
    client.post(reverse("set_language"), {"language": "ar", "next": "/"})
    assert 'dir="rtl"' in html_tag(client.get("/", HTTP_ACCEPT_LANGUAGE=ACCEPT["hu"]))


@pytest.mark.django_db
def test_the_switcher_refuses_to_redirect_elsewhere(client):
    response = client.post(
        reverse("set_language"), {"language": "hu", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/"


# --- right to left -----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "hu", "sk"])
def test_left_to_right_languages(client, language):
    tag = html_tag(client.get("/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language]))
    assert 'dir="ltr"' in tag


@pytest.fixture
def ended_game(db) -> Game:
    """An abandoned Ishido game (the replay page shows a game once it has ended)."""
    kind = get_kind("ishido")
    game = Game.start(Player.objects.create(), kind, kind.options_from_dict({}), seed="fixed")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    return game


@pytest.mark.django_db
def test_arabic_pages_are_right_to_left(client, half_point_result, ended_game):
    kind, board = a_leaderboard()
    urls = [
        "/",
        reverse("core:leaderboards"),
        reverse("core:leaderboard", args=[kind, board]),
        reverse("core:records"),
        reverse("core:replay", args=[ended_game.pk]),
    ] + [reverse("core:rules", args=[k.key]) for k in all_kinds()]
    for url in urls:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT["ar"])
        assert response.status_code == 200, url
        assert 'lang="ar" dir="rtl"' in html_tag(response), url


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "rules"), ("hu", "szabályok"), ("sk", "pravidlá"), ("ar", "قواعد")],
)
def test_the_rules_page_is_in_the_visitors_language(client, language, heading):
    for kind in all_kinds():
        body = client.get(
            reverse("core:rules", args=[kind.key]), HTTP_ACCEPT_LANGUAGE=ACCEPT[language]
        ).content.decode()
        h1 = re.search(r"<h1>(.*?)</h1>", body, re.DOTALL)
        assert h1 and heading in h1.group(1).lower() and kind.name in h1.group(1)


# --- numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "shown"), [("en", "12.5"), ("hu", "12,5"), ("sk", "12,5")])
def test_half_points_in_the_languages_own_form(language, shown):
    template = Template('{{ half|floatformat:"-1" }} {{ whole|floatformat:"-1" }} {{ half }}')
    context = Context({"half": Decimal("12.5"), "whole": Decimal("40.0")})
    with translation.override(language):
        assert template.render(context) == f"{shown} 40 {shown}"


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "shown"), [("en", "12.5"), ("hu", "12,5"), ("sk", "12,5")])
def test_the_leaderboard_shows_half_points(client, half_point_result, language, shown):
    kind, board = a_leaderboard()
    body = client.get(
        reverse("core:leaderboard", args=[kind, board]), HTTP_ACCEPT_LANGUAGE=ACCEPT[language]
    ).content.decode()
    assert f"data-replay>{shown}</a></td>" in body  # the score, as the link to its replay
    assert "12.50" not in body and "12,50" not in body and "000001" not in body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "Page not found"), ("hu", "Az oldal nem található"), ("ar", "الصفحة غير موجودة")],
)
def test_the_not_found_page_is_translated(client, language, text):
    response = client.get("/replay/999999/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    assert response.status_code == 404
    assert text in response.content.decode()
    assert f'lang="{language}"' in html_tag(response)
