"""The review a phone player reads, and learning from a mistake, in a real Chromium at 360×740
(issue 31): the flagged decisions first with their pictures, every decision one tap away, the
chart within the screen in every language; "Try again" replays a mistake's position, the new
choice is compared with the coach's and the original, with or without JavaScript."""

import pytest

from games.core.models import Game, Player, Result
from games.core.review import store as reviews
from games.core.review.display import FLAGGED_PER_PAGE
from games.core.review.models import Review
from games.rules import ishido, magdagdon, mishimash
from tests.support.browser import UNMARKED_SUMMARIES, open_context, screenshot, watch_csp
from tests.support.finished import finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OPTIONS = {
    "magdagdon": magdagdon.Options(magdagdon.Difficulty.PEACEFUL),
    "mishimash": mishimash.Options(("Ada",), 500),
    "ishido": ishido.Options(),
}


def reviewed(kind_key, seed="pic"):
    game = finish(Player.objects.create(nickname="Phone"), kind_key, OPTIONS[kind_key], seed=seed)
    while not reviews.advance(game).is_done:
        pass
    return game, Review.objects.get(game=game)


def phone(browser, live_server, locale="en-US", scheme="light", **options):
    return open_context(
        browser, live_server, 360, 740, locale=locale, color_scheme=scheme, **options
    )


def fits(page, selector, width=360):
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5


@pytest.mark.parametrize("kind_key", ["magdagdon", "ishido", "mishimash"])
def test_a_phone_review_opens_on_the_flagged_decisions_with_their_pictures(
    browser, live_server, kind_key
):
    game, review = reviewed(kind_key)
    flagged = [n for n, d in enumerate(review.decisions, 1) if d["grade"]]
    for language, scheme in (("en", "light"), ("en", "dark"), ("ar", "light"), ("ar", "dark")):
        context, page = phone(browser, live_server, locale=language, scheme=scheme)
        page.goto(page.base_url + f"/review/{game.pk}/")
        rows = page.locator("[data-decision]")
        assert rows.count() == min(len(flagged), FLAGGED_PER_PAGE)
        first = rows.first
        assert first.get_attribute("data-grade") in ("inaccuracy", "mistake", "blunder")
        picture = first.locator("[data-review-picture] svg:visible").first
        box = picture.bounding_box()
        assert box is not None and box["width"] >= 100 and box["x"] + box["width"] <= 360
        assert first.locator("[data-retry-link]").is_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        screenshot(page, f"review-{kind_key}-360-{language}-{scheme}")
        if scheme == "light":
            page.set_viewport_size({"width": 1280, "height": 800})
            screenshot(page, f"review-{kind_key}-1280-{language}")
        context.close()
    context, page = phone(browser, live_server)
    page.goto(page.base_url + f"/review/{game.pk}/")
    page.locator("[data-show-all]").click()  # every decision: one tap
    page.wait_for_url(f"**/review/{game.pk}/?show=all#decisions")
    assert page.locator("[data-decision]").count() == min(len(review.decisions), 100)
    context.close()


@pytest.mark.parametrize("language", ["en", "hu", "sk", "ar"])
def test_the_chart_is_readable_within_a_phones_width_in_every_language(
    browser, live_server, language
):
    game, _review = reviewed("magdagdon", seed="chart")
    context, page = phone(browser, live_server, locale=language)
    page.goto(page.base_url + f"/review/{game.pk}/")
    assert page.evaluate("() => document.documentElement.lang") == language
    chart = '[data-chart="progression"] svg'
    assert fits(page, chart)
    box = page.locator(chart).bounding_box()
    assert box["width"] >= 280 and box["height"] >= 140  # big enough to read at 360
    heights = [
        t.bounding_box()["y"] for t in page.locator(f"{chart} text.tick[dominant-baseline]").all()
    ]
    assert len(heights) >= 3 and heights == sorted(heights, reverse=True)  # 0 at the bottom, up
    assert len(set(round(h) for h in heights)) == len(heights)  # each at its own height
    marks = page.locator(f"{chart} circle.mark").all()
    assert marks  # the flagged choices, each a dot on the line
    for mark in marks:
        dot = mark.bounding_box()
        assert box["x"] <= dot["x"] <= box["x"] + box["width"] and dot["y"] > box["y"] + 2
    for tick in page.locator(f"{chart} text.tick").all():  # every label inside the chart
        label = tick.bounding_box()
        assert (
            label["x"] >= box["x"] - 0.5
            and label["x"] + label["width"] <= box["x"] + box["width"] + 0.5
        )
        assert label["height"] >= 8  # a font a phone shows
    assert fits(page, ".review-chart figcaption")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.locator(".review-chart").scroll_into_view_if_needed()
    screenshot(page, f"review-chart-360-{language}")
    context.close()


def test_a_player_tries_a_mistake_again_and_sees_how_the_new_choice_compares(browser, live_server):
    game, review = reviewed("ishido")
    number, decision = next((n, d) for n, d in enumerate(review.decisions, 1) if d["grade"])
    before = Game.objects.get(pk=game.pk).snapshot, list(Result.objects.values_list("score"))
    for locale, scheme in (("en-US", "light"), ("en-US", "dark"), ("ar", "light"), ("ar", "dark")):
        context, page = phone(browser, live_server, locale=locale, scheme=scheme)
        complaints = watch_csp(page)  # the site's real policy: htmx swaps, no inline style
        page.goto(page.base_url + f"/review/{game.pk}/")
        page.locator(f'[data-decision="{number}"] [data-retry-link]').click()
        page.wait_for_url(f"**/review/{game.pk}/retry/{number}/")
        assert page.locator("[data-practice]").is_visible()
        assert page.locator("[data-coach]").count() == 0  # not before choosing
        cells = page.locator("[data-retry-board] button")
        assert cells.count() > 0 and fits(page, "[data-retry-board]")
        language = "ar" if locale == "ar" else "en"
        screenshot(page, f"retry-ishido-360-{language}-{scheme}-position")
        choice = next(
            c for c in cells.all() if int(c.get_attribute("value")) != decision["player"][0]["cell"]
        )
        choice.click()  # htmx swaps #retry
        answer = page.locator("[data-retry-answer]")
        answer.wait_for()
        assert answer.get_attribute("data-compared") in ("better", "worse", "equal")
        assert page.locator("[data-comparison]").inner_text().strip()
        assert page.locator("[data-new-choice]").is_visible()
        assert page.locator("[data-original]").is_visible()
        assert page.locator("[data-retry-answer] [data-review-picture] svg:visible").count() == 1
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        screenshot(page, f"retry-ishido-360-{language}-{scheme}-answer")
        if scheme == "light":
            page.set_viewport_size({"width": 1280, "height": 800})
            screenshot(page, f"retry-ishido-1280-{language}-answer")
        assert complaints == []
        context.close()
    assert (
        Game.objects.get(pk=game.pk).snapshot,
        list(Result.objects.values_list("score")),
    ) == before


@pytest.mark.parametrize("language", ["hu", "sk"])
def test_a_dice_mistake_tried_again_in_hungarian_and_slovak(browser, live_server, language):
    game, review = reviewed("mishimash", seed=f"again-{language}")
    number = next(n for n, d in enumerate(review.decisions, 1) if d["grade"])
    context, page = phone(browser, live_server, locale=language)
    page.goto(page.base_url + f"/review/{game.pk}/")
    screenshot(page, f"review-mishimash-360-{language}")
    page.locator(f'[data-decision="{number}"] [data-retry-link]').click()
    page.locator(".retry-die").first.click()
    page.locator("[data-retry-bank]").click()
    page.locator("[data-retry-answer], [data-error]").first.wait_for()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    screenshot(page, f"retry-mishimash-360-{language}")
    context.close()


def test_without_javascript_a_retry_is_a_plain_form(nojs_page):
    game, review = reviewed("magdagdon", seed="nojs")
    number, decision = next(
        (n, d)
        for n, d in enumerate(review.decisions, 1)
        if d["grade"] and d["coach"][0]["type"] == "stage"
    )
    page = nojs_page
    page.goto(page.base_url + f"/review/{game.pk}/retry/{number}/")
    page.locator("[data-retry-confirm]").click()  # no die placed: refused, with a message
    assert page.locator("[data-error]").is_visible()
    assert page.locator("[data-retry-answer]").count() == 0
    for action in decision["coach"]:
        if action["type"] == "stage":
            page.select_option(f'[name="die{action["die"]}"]', str(action["cell"]))
    page.locator("[data-retry-confirm]").click()  # a plain POST, answered with the page
    assert page.locator("[data-retry-answer]").get_attribute("data-compared") == "better"
    assert "best found" in page.locator("[data-retry-answer] h2").first.inner_text()
    assert page.evaluate(UNMARKED_SUMMARIES) == []  # "Or use a power" opens: it shows its ▸
    screenshot(page, "retry-magdagdon-nojs")


@pytest.mark.parametrize("language", ["en", "hu", "ar"])
def test_a_mishimash_reviews_dice_are_one_readable_size_whatever_the_roll(
    browser, live_server, language
):
    """A roll of one die drew a die some 110 px tall, a roll of six dice 11-14 px chips beside
    the caption: every die is now drawn in six dice's room, under its caption."""
    game, review = reviewed("mishimash")
    rolls = {len(d["context"]["roll"]) for d in review.decisions if d["grade"]}
    assert len(rolls) > 1  # rolls of several sizes are flagged
    context, page = phone(browser, live_server, locale=language)
    page.goto(page.base_url + f"/review/{game.pk}/?show=all")
    sizes = page.locator("[data-review-picture] .pic-die").evaluate_all(
        "dice => dice.map(d => d.getBoundingClientRect().width)"
    )
    assert sizes and min(sizes) >= 26 and max(sizes) - min(sizes) < 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    screenshot(page, f"review-mishimash-dice-360-{language}")
    context.close()
