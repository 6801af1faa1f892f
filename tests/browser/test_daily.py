"""Daily challenges in a real Chromium: two players (two browser contexts, each its own cookies)
start today's challenges from the home page and get the same first roll and the same stone; the
start works with JavaScript off too; secured nicknames rank on the day's board, a guest sees
where they would have placed, unranked."""

import itertools
import random
import re

import pytest
from django.test import override_settings

from games.core.models import Game
from tests.support.browser import open_context, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def second_page(browser, live_server):
    context, page = open_context(browser, live_server, 1280, 900)
    yield page
    context.close()


def start_from_home(page, kind: str) -> None:
    page.goto(page.base_url + "/")
    card = page.locator(f'[data-daily="{kind}"][data-daily-status="new"]')
    card.get_by_role("link", name="Play today's challenge").click()
    page.wait_for_url(re.compile(rf"/{kind}/daily/$"))
    page.get_by_role("button", name="Start today's challenge").click()
    page.wait_for_url(re.compile(rf"/{kind}/\d+/$"))


def dice(page) -> list[str]:
    page.wait_for_selector("button[data-die]")
    return page.locator("button[data-die]").evaluate_all("els => els.map(e => e.dataset.value)")


def test_two_players_get_the_same_first_stone_and_roll(page, second_page):
    stones = []
    rolls = []
    for visitor in (page, second_page):
        start_from_home(visitor, "ishido")
        stones.append(visitor.locator("[data-current-stone]").get_attribute("data-current-stone"))
        start_from_home(visitor, "magdagdon")
        visitor.click("#mg-roll")
        rolls.append(dice(visitor))
    assert stones[0] and stones[0] == stones[1]
    assert len(rolls[0]) == 4 and rolls[0] == rolls[1]
    players = set(Game.objects.filter(day__isnull=False).values_list("player_id", flat=True))
    assert len(players) == 2
    page.goto(page.base_url + "/")
    assert page.locator('[data-daily="ishido"]').get_attribute("data-daily-status") == "running"
    screenshot(page, "daily-home-phone")
    second_page.goto(second_page.base_url + "/")
    screenshot(second_page, "daily-home-wide")


def first_roll_busts(secret: str) -> bool:
    """Whether today's MISHIMASH challenge, under `secret`, busts on its first roll (X7)."""
    from games.core import kinds
    from games.core.clock import today
    from games.core.daily import challenges as daily
    from games.rules import mishimash

    kind = kinds.get_kind("mishimash")
    with override_settings(DAILY_SECRET=secret):
        rng = random.Random(daily.daily_seed("mishimash", today()))
    state = kind.new_state(kind.daily_options("Player"), rng)
    return mishimash.apply(state, mishimash.Roll(state.current), rng).k == 0


def secret_where(busts: bool) -> str:
    """A daily secret under which today's first MISHIMASH roll busts (or does not)."""
    secrets = (f"secret {n}" for n in itertools.count())
    return next(secret for secret in secrets if first_roll_busts(secret) == busts)


@pytest.mark.parametrize("busts", [False, True], ids=["scores", "busts"])
def test_the_daily_start_works_without_javascript(nojs_page, page, settings, busts):
    """Both visitors see the same first roll, with JavaScript or without it, whether it scores
    (roll 1 of the turn) or busts (X7: the turn is over and the dice that busted are shown)."""
    settings.DAILY_SECRET = secret_where(busts)
    start_from_home(nojs_page, "mishimash")
    start_from_home(page, "mishimash")
    shown = "[data-last-turn='bust']" if busts else "[data-roll-number='1']"
    for visitor in (nojs_page, page):
        visitor.click("#mm-roll")
        visitor.wait_for_selector(shown)
    faces = "[data-busted-die][data-value]" if busts else "[data-die][data-value]"
    first = nojs_page.locator(faces).evaluate_all("els => els.map(e => e.dataset.value)")
    second = page.locator(faces).evaluate_all("els => els.map(e => e.dataset.value)")
    assert len(first) == 6 and first == second


def secure_long_ago(page, nickname: str) -> None:
    """Secure `nickname` on the account page, as if before the day began (then it ranks)."""
    from games.core.accounts.models import Account
    from tests.support.accounts import PASSWORD
    from tests.support.daily import LONG_AGO

    page.goto(page.base_url + "/account/")
    page.fill("#secure [name=nickname]", nickname)
    page.fill("#secure [name=password1]", PASSWORD)
    page.fill("#secure [name=password2]", PASSWORD)
    page.get_by_role("button", name="Secure my nickname").click()
    page.wait_for_url("**/account/")
    Account.objects.filter(player__nickname=nickname).update(created_at=LONG_AGO)


def test_end_screen_stats_and_archive_in_light_and_dark(browser, live_server):
    from tests.support.daily import play_out

    for rank, (scheme, width) in enumerate((("light", 390), ("dark", 1280)), start=1):
        context = browser.new_context(
            viewport={"width": width, "height": 900}, locale="en-US", color_scheme=scheme
        )
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.base_url = live_server.url
        secure_long_ago(page, f"Ranked{rank}")
        start_from_home(page, "ishido")
        game = play_out(Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1])))
        page.reload()
        share = page.locator("button.share[data-share]")
        assert share.get_attribute("data-share-text").startswith("Ishido daily #")
        assert page.locator("[data-daily-rank]").first.get_attribute("data-daily-rank") == str(rank)
        screenshot(page, f"daily-end-{scheme}")
        page.goto(f"{live_server.url}/players/{game.player_id}/stats/")
        assert page.locator('[data-chart="histogram"] rect.bar').count() >= 1
        assert page.locator('[data-chart="timeline"] path.dots').count() == 1
        screenshot(page, f"stats-{scheme}")
        page.goto(f"{live_server.url}/daily/")
        screenshot(page, f"daily-archive-{scheme}")
        page.goto(f"{live_server.url}/ishido/daily/{game.day.isoformat()}/")
        screenshot(page, f"daily-board-{scheme}")
        context.close()


def test_a_guest_sees_where_they_would_have_placed_unranked(page, second_page):
    from tests.support.daily import play_out

    secure_long_ago(second_page, "Ranked")
    start_from_home(second_page, "ishido")
    play_out(Game.objects.get(pk=int(second_page.url.rstrip("/").rsplit("/", 1)[1])))
    start_from_home(page, "ishido")
    game = play_out(Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1])))
    page.reload()
    unranked = page.locator("[data-daily-end] [data-unranked]")
    assert unranked.get_attribute("data-would-be-rank") == "2"  # the same score, later
    assert "You would have placed" in unranked.inner_text()
    assert page.locator("[data-daily-end] [data-daily-policy]").is_visible()
    screenshot(page, "daily-end-guest-phone")
    page.goto(f"{page.base_url}/ishido/daily/{game.day.isoformat()}/")
    assert page.locator("table.leaderboard tbody tr").count() == 1  # the secured one only
    assert page.locator("[data-would-be-rank]").is_visible()
    screenshot(page, "daily-board-guest-phone")


LOCALES = {"en": "en-GB", "hu": "hu-HU", "sk": "sk-SK", "ar": "ar-EG"}


def secure_by_form(page, nickname: str) -> None:
    """secure_long_ago in any language: the account page's form found by its fields."""
    from games.core.accounts.models import Account
    from tests.support.accounts import PASSWORD
    from tests.support.daily import LONG_AGO

    page.goto(page.base_url + "/account/")
    page.fill("#secure [name=nickname]", nickname)
    page.fill("#secure [name=password1]", PASSWORD)
    page.fill("#secure [name=password2]", PASSWORD)
    page.locator("#secure button[type=submit]").click()
    page.wait_for_url("**/account/")
    Account.objects.filter(player__nickname=nickname).update(created_at=LONG_AGO)


@pytest.mark.parametrize(
    ("language", "scheme"),
    [("en", "light"), ("en", "dark"), ("hu", "light"), ("sk", "light"), ("ar", "light")],
)
def test_the_daily_end_screen_and_my_records_say_when_replay_and_review_open(
    browser, live_server, language, scheme
):
    """Issue 30, 3 and 4, on a 360 × 740 phone: the end screen counts down to the replay and
    review (server-rendered: the same without JavaScript), My records lists the daily, and
    SHARE holds the title, the streak, a spoiler-free grid and the day's link."""
    from datetime import timedelta

    from games.core.clock import today
    from games.ishido.share import WAYS
    from tests.support.browser import open_context
    from tests.support.daily import play_out

    context, page = open_context(
        browser, live_server, 360, 740, locale=LOCALES[language], color_scheme=scheme
    )
    secure_by_form(page, f"Daily-{language}-{scheme}")
    page.goto(page.base_url + "/ishido/daily/")
    page.locator("form[action='/ishido/daily/'] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    game = play_out(Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1])))
    page.reload()
    midnight = f"{(today() + timedelta(1)).isoformat()}T00:00:00+00:00"
    countdown = page.locator("[data-daily-end] [data-opens] time")
    assert countdown.get_attribute("datetime") == midnight
    if language == "en":
        assert re.fullmatch(r"(\d+ h )?\d+ min", countdown.inner_text())
    assert page.locator(f'a[href="/replay/{game.pk}/"]').count() == 0
    lines = page.locator("button.share[data-share]").get_attribute("data-share-text").splitlines()
    assert lines[0].startswith("Ishido ") and lines[1] == "#1/1"  # the title in its language
    assert lines[-1] == f"{live_server.url}/ishido/daily/{game.day.isoformat()}/"
    assert set("".join(lines[3:-2])) <= set(WAYS)
    if language == "en":
        assert lines[0].startswith("Ishido daily #") and lines[2] == "🔥 1-day streak"
        assert page.get_by_role("button", name="PLAY AN ORDINARY GAME").is_visible()
        if not page.evaluate("() => typeof navigator.share === 'function'"):
            context.grant_permissions(["clipboard-read", "clipboard-write"])
            page.locator("button.share[data-share]").click()
            page.locator("[data-share-status]").filter(has_text="Copied").wait_for()
            assert page.evaluate("() => navigator.clipboard.readText()") == "\n".join(lines)
    board = page.locator("#board .board").bounding_box()  # under the long end card, still seen
    assert board and board["width"] >= 120 and board["height"] >= 180, board
    screenshot(page, f"daily-end-{language}-{scheme}-phone")

    page.locator("[data-daily-end] a[href='/records/']").click()
    page.wait_for_url("**/records/")
    row = page.locator(f'[data-daily-record="{game.pk}"]')
    assert row.get_attribute("data-standing") == "ranked"
    assert row.locator("[data-opens] time").get_attribute("datetime") == midnight
    assert row.locator("[data-daily-rank]").get_attribute("data-daily-rank") == "1"
    assert row.locator(f'a[href="/replay/{game.pk}/"]').count() == 0
    screenshot(page, f"daily-records-{language}-{scheme}-phone")

    if language == "en" and scheme == "light":  # the same words without JavaScript
        plain = browser.new_context(
            viewport={"width": 360, "height": 740}, locale="en-GB", java_script_enabled=False
        )
        plain.add_cookies(context.cookies())
        nojs = plain.new_page()
        nojs.goto(f"{live_server.url}/records/")
        assert re.fullmatch(
            r"(\d+ h )?\d+ min", nojs.locator(f'[data-daily-record="{game.pk}"] time').inner_text()
        )
        nojs.goto(f"{live_server.url}{game.get_absolute_url()}")
        assert "Its replay and review open when the day ends at midnight UTC" in (
            nojs.locator("[data-daily-end]").inner_text()
        )
        plain.close()
    context.close()
