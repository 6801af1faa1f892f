"""The end screen and the game page's header in a real Chromium (issue "phone-first play"):
the rank and SHARE text, SHARE copying to the clipboard where there is no share sheet, PLAY
AGAIN in one tap, and the sound switch answering at once and remembered."""

import re

import pytest

from games.core.models import Game
from games.rules import ishido
from tests.support.browser import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def finished_ishido(page) -> Game:
    """A game started in the browser, then played to its end (lowest legal cell each time)."""
    page.goto(page.base_url + "/ishido/new/")
    page.click('[name="start"]')
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    while game.is_active:
        game.apply_action(ishido.Place(min(game.state.legal_cells)), game.version)
    page.reload()
    return game


def test_share_copies_the_result_and_play_again_starts_the_same_game(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game = finished_ishido(page)
    rank = page.locator("[data-rank]")
    assert rank.get_attribute("data-rank") == "1"
    assert re.fullmatch(r"#1 of 1 · Classic", rank.inner_text().strip())
    share = page.locator("[data-share]")
    assert share.is_visible()  # shown once the script runs (without it, the text is there)
    expected = share.get_attribute("data-share-text")
    assert expected.startswith("Ishido · Classic · ") and game.replay_url() in expected
    has_share_sheet = page.evaluate("() => typeof navigator.share === 'function'")
    if not has_share_sheet:
        share.click()
        page.locator("[data-share-status]").filter(has_text="Copied").wait_for()
        assert page.evaluate("() => navigator.clipboard.readText()") == expected
    screenshot(page, "ending-ishido-390")
    # The end screen's one primary action: play again, in one tap, with the same settings.
    primary = page.locator("[data-primary]")
    assert primary.count() == 1 and primary.get_attribute("data-again") is not None
    primary.click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    again = Game.objects.exclude(pk=game.pk).get()
    assert again.is_active and again.options == game.options
    assert page.url.endswith(again.get_absolute_url())


def test_the_sound_switch_answers_at_once_and_is_remembered(page):
    page.goto(page.base_url + "/ishido/new/")
    page.click('[name="start"]')
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    switch = page.locator("[data-sound-toggle]")
    assert switch.get_attribute("aria-pressed") == "false"
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    with page.expect_response(lambda r: "/settings/" in r.url) as answer:
        switch.click()
        assert switch.get_attribute("aria-pressed") == "true"  # before the server answers
    assert answer.value.status == 204
    assert page.evaluate("() => document.body.dataset.sound") == "on"
    assert len(posts) == 1 and page.url.endswith("/")  # no page load
    page.reload()
    assert page.locator("[data-sound-toggle]").get_attribute("aria-pressed") == "true"


def test_the_game_header_is_one_slim_row_with_a_menu(page):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(page.base_url + "/ishido/new/")
    page.click('[name="start"]')
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    header = page.locator("header.site-header").bounding_box()
    assert header is not None and header["height"] <= 56
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.locator("details.site-menu summary").click()
    page.get_by_role("link", name="Leaderboards").click()
    page.wait_for_url(re.compile(r"/leaderboards/$"))


def test_what_a_move_changed_is_read_out_through_the_live_region(page):
    """After an htmx move the page's live region says the new board's data-announce, so a
    screen reader hears points, 4-ways and stones left (Ishido here; each game sets it)."""
    page.goto(page.base_url + "/ishido/new/")
    page.click('[name="start"]')
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite" and region.text_content() == ""
    page.locator("#board [data-legal]").first.click()
    page.wait_for_function("document.getElementById('announce').textContent.length > 0")
    said = region.text_content()
    assert said == page.locator("#board").get_attribute("data-announce")
    assert "point" in said


def test_the_share_script_is_fetched_only_by_a_page_with_a_share_button(page):
    """A running game's first load does without static/js/share.js; its end fetches it."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(page.base_url + "/ishido/new/")
    page.click('[name="start"]')
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    page.wait_for_load_state("load")
    assert not [url for url in fetched if "/js/share" in url]
    game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    while game.is_active:
        game.apply_action(ishido.Place(min(game.state.legal_cells)), game.version)
    page.reload()
    page.locator("[data-share]").wait_for()  # visible once share.js has run
    assert [url for url in fetched if "/js/share" in url]
