"""Accessibility measured: axe-core (tests/support/axe.py) over every page type of the site,
light and dark, in English and in Arabic (right to left), finds no serious or critical
violation. Each page is visited as a player sees it: their own running and finished games,
a replay, a review, the daily pages, an online table, a refusal, the offline page."""

import re

import pytest

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido, magdagdon, mishimash
from tests.support.axe import serious_violations
from tests.support.browser import open_context, screenshot
from tests.support.daily import play_out
from tests.support.finished import finish
from tests.support.games import make_result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def player_pages(page) -> list[str]:
    """The addresses of every page type, for the browser's own player (named on the home
    page), with games of every kind running and finished."""
    page.goto(page.base_url + "/")
    page.fill("#id_nickname", "Ada")
    page.locator("#id_nickname").press("Enter")
    page.wait_for_url(page.base_url + "/")
    me = Player.objects.get(nickname="Ada")
    make_result("Someone Else", 300)
    running = [
        Game.start(me, get_kind("ishido"), ishido.Options(), seed="a11y"),
        Game.start(me, get_kind("magdagdon"), magdagdon.Options(), seed="a11y"),
        Game.start(me, get_kind("mishimash"), mishimash.Options(("Ada", "Bea"), 1000), seed="a11y"),
    ]
    # Today's daily, started as a player does and played out: its end screen, and a streak.
    page.goto(page.base_url + "/ishido/daily/")
    page.get_by_role("button", name="Start today's challenge").click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    attempt = play_out(Game.objects.get(player=me, day__isnull=False))
    finished = [
        finish(me, "ishido", ishido.Options(), seed="a11y-end"),
        finish(me, "magdagdon", magdagdon.Options(), seed="a11y-end"),
        finish(me, "mishimash", mishimash.Options(("Ada",), 1000), seed="a11y-end"),
    ]
    pages = ["/", "/leaderboards/", "/leaderboards/ishido/classic/", "/records/"]
    pages += [f"/players/{me.pk}/stats/", "/account/", "/daily/", "/ishido/daily/"]
    pages += ["/rules/magdagdon/", "/rules/mishimash/", "/rules/ishido/"]
    pages += ["/magdagdon/new/", "/mishimash/new/", "/ishido/new/", "/mishimash/online/new/"]
    pages += [game.get_absolute_url() for game in [*running, *finished, attempt]]
    pages += [game.replay_url() for game in finished]
    pages += [f"/review/{game.pk}/" for game in finished[:1]]
    pages += ["/ishido/daily/2026-12-01/", "/offline/", "/no-such-page/"]
    return pages


def online_table(page) -> str:
    page.goto(page.base_url + "/mishimash/online/new/")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url(re.compile(r"/mishimash/online/[\w-]{30,}/$"))
    return page.url.removeprefix(page.base_url)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "ar"])
def test_no_page_has_a_serious_accessibility_violation(browser, live_server, scheme, language):
    context, page = open_context(
        browser, live_server, color_scheme=scheme, bypass_csp=True, width=1280, height=800
    )
    try:
        pages = player_pages(page)
        pages.append(online_table(page))
        context.add_cookies([{"name": "django_language", "value": language, "url": page.base_url}])
        found = {}
        for path in pages:
            page.goto(page.base_url + path)
            page.wait_for_load_state("load")
            assert page.locator(f"html[lang={language}]").count() == 1, path
            violations = serious_violations(page)
            if violations:
                found[path] = violations
        # A refused form: the nickname page with its message.
        page.goto(page.base_url + "/")
        screenshot(page, f"a11y-home-{language}-{scheme}")
        page.fill("#id_nickname", "x" * 30)
        page.locator("#id_nickname").press("Enter")
        page.locator("#id_nickname").wait_for()
        if violations := serious_violations(page):
            found["nickname refused"] = violations
        assert found == {}, "\n".join(f"{p}:\n  " + "\n  ".join(v) for p, v in found.items())
    finally:
        context.close()
