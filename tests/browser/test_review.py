"""A finished game's review in a real Chromium: opened from the end screen and from My records,
it lists the game's decisions with the mistakes flagged and draws the chart; a long analysis
fills in by itself (htmx polling under the real Content-Security-Policy, or a plain refresh
without JavaScript)."""

import re

import pytest

from games.core.models import Game, Player
from games.core.review.display import FLAGGED_PER_PAGE
from games.core.review.models import Review
from games.rules import ishido, magdagdon, mishimash
from tests.support.browser import screenshot
from tests.support.finished import MOVES, finish
from tests.support.tasks import worker_thread

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def worker(live_server):
    """The background worker that analyses the reviews these pages ask for."""
    with worker_thread():
        yield


def started(page, game: str) -> Game:
    page.goto(page.base_url + f"/{game}/new/")
    page.click('[name="start"]')
    page.wait_for_url(re.compile(rf"/{game}/\d+/$"))
    return Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def shown_first(review: Review) -> int:
    """How many decisions the review page opens on: its first page of the flagged ones."""
    return min(FLAGGED_PER_PAGE, sum(1 for d in review.decisions if d["grade"]))


def play_to_the_end(game: Game) -> Game:
    """The moves a simple player makes (some of them bad), through the stored-game path."""
    import random

    move, pick = MOVES[game.kind_key], random.Random(game.pk)
    while game.is_active:
        game.apply_action(move(game.state, pick), game.version)
    return game


def test_the_end_screen_opens_a_review_listing_the_games_decisions(page):
    game = play_to_the_end(started(page, "magdagdon"))
    page.reload()
    page.locator("[data-ending] [data-review-link]").click()
    page.wait_for_url(re.compile(rf"/review/{game.pk}/$"))
    page.locator("[data-review-summary]").wait_for()
    review = Review.objects.get(game=game)
    assert review.is_done and review.total == len(review.decisions) > 0
    rows = page.locator("[data-decision]")
    assert rows.count() == shown_first(review)  # the flagged decisions first
    flagged = page.locator(
        '[data-decision][data-grade="blunder"], [data-decision][data-grade="mistake"]'
    )
    assert flagged.count() > 0  # random stagings give points away
    first = flagged.first
    assert first.locator("[data-played]").inner_text().strip()
    assert first.locator("[data-coach]").inner_text().strip()
    assert "points" in first.locator("[data-loss]").inner_text()
    chart = page.locator('[data-chart="progression"] svg')
    assert chart.is_visible() and chart.locator("circle").count() > 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "review-magdagdon-390")


def test_a_long_review_from_my_records_fills_in_by_itself_under_the_real_policy(
    browser, live_server
):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.base_url = live_server.url
    complaints: list[str] = []
    page.on(
        "console", lambda m: complaints.append(m.text) if "Content Security" in m.text else None
    )
    game = play_to_the_end(started(page, "ishido"))
    page.goto(page.base_url + "/records/")
    page.locator("[data-review-link]").first.click()
    page.wait_for_url(re.compile(rf"/review/{game.pk}/$"))
    assert page.locator("[data-review-progress]").is_visible()  # queued, or "3 of 48 analysed"
    page.locator("[data-review-summary]").wait_for(timeout=180_000)  # htmx polled it to the end
    review = Review.objects.get(game=game)
    assert review.total == len(review.decisions)
    assert page.locator("[data-decision]").count() == shown_first(review)
    chart = page.locator('[data-chart="progression"] svg')
    assert chart.locator("path[data-series]").count() == 1  # one line: one player
    final = ishido.State.from_dict(Game.objects.get(pk=game.pk).snapshot).final_score  # I10
    assert chart.locator("circle.end").get_attribute("data-end") == str(float(final))
    assert complaints == []
    context.close()


def test_without_javascript_the_review_page_refreshes_until_done(nojs_page):
    player = Player.objects.create(nickname="NoScript")
    game = finish(player, "mishimash", mishimash.Options(("NoScript",), 500), seed="nojs-review")
    page = nojs_page
    page.goto(page.base_url + f"/review/{game.pk}/")
    page.locator("[data-review-summary]").wait_for(timeout=180_000)  # <meta refresh> did it
    review = Review.objects.get(game=game)
    assert page.locator("[data-decision]").count() == shown_first(review)
    assert page.locator("[data-seat-summary] [data-accuracy]").inner_text().endswith("%")


def test_the_chart_fits_a_phone_in_arabic(page):
    from tests.support.browser import choose_language

    player = Player.objects.create(nickname="Rtl")
    game = finish(player, "magdagdon", magdagdon.Options(magdagdon.Difficulty.SURVIVAL), "rtl")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(page.base_url + "/")
    with page.expect_navigation():
        choose_language(page, "ar")
    page.goto(page.base_url + f"/review/{game.pk}/")
    page.locator("[data-review-summary]").wait_for()
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    box = page.locator('[data-chart="progression"] svg').bounding_box()
    assert box is not None and box["width"] <= 360 and box["height"] > 100
    assert "المراجعة" in page.title()


def test_how_choices_are_graded_reads_one_scale_of_shares_in_every_size_and_language(page):
    from tests.support.browser import choose_language

    player = Player.objects.create(nickname="Grades")
    game = finish(player, "magdagdon", magdagdon.Options(magdagdon.Difficulty.PEACEFUL), "grd")
    for width, height in ((360, 740), (1280, 800)):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme)
            page.goto(page.base_url + f"/review/{game.pk}/")
            page.locator("[data-review-summary]").wait_for()
            page.locator("details:has(.review-thresholds) summary").click()
            thresholds = page.locator(".review-thresholds li")
            assert thresholds.count() == 1  # one scale, whatever the game's units
            text = thresholds.inner_text()
            assert "expected result" in text
            assert all(share in text for share in ("1 %", "3 %", "8 %"))
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            screenshot(page, f"review-grades-{width}-{scheme}")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(page.base_url + "/")
    with page.expect_navigation():
        choose_language(page, "ar")
    page.goto(page.base_url + f"/review/{game.pk}/")
    page.locator("details:has(.review-thresholds) summary").click()
    assert "النتيجة المتوقعة" in page.locator(".review-thresholds li").inner_text()
    screenshot(page, "review-grades-360-ar")
