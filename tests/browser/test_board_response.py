"""One board response for every game (games.core.play.response): the same address answers the whole
page or, for htmx, only the `#board` partial, so every answer says `Vary: HX-Request`. Without
it Chromium's Back button showed the cached bare partial (no header, no stylesheet) after a
board was fetched by htmx at the page's own address."""

import re

import pytest

from tests.support.mishimash_browser import roll_until_choosing

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

START = {
    "magdagdon": ("/magdagdon/new/", "Start"),
    "mishimash": ("/mishimash/new/", "Start the game"),
    "ishido": ("/ishido/new/", "Start"),
}


def start(page, game: str) -> str:
    path, button = START[game]
    page.goto(page.base_url + path)
    page.get_by_role("button", name=re.compile(button)).first.click()
    page.wait_for_url(re.compile(rf"/{game}/\d+/$"))
    return page.url


def back_shows_the_whole_page(page) -> None:
    page.goto(page.base_url + "/leaderboards/")
    page.go_back()
    page.wait_for_selector("#board")
    assert page.locator("header.site-header").count() == 1
    assert page.evaluate("document.styleSheets.length") >= 1
    assert page.locator("html").get_attribute("lang") == "en"


def test_mishimash_back_after_ticking_a_die_shows_the_page(page):
    start(page, "mishimash")
    roll_until_choosing(page)  # a first roll busts 2.3 % of the time
    page.goto(page.url + "?dice=0")  # the preview's address, as the issue saw it
    with page.expect_response(lambda r: "dice=" in r.url) as answer:
        page.evaluate("htmx.ajax('GET', location.href, {target: '#board', swap: 'outerHTML'})")
    assert "HX-Request" in answer.value.headers["vary"]
    page.wait_for_selector("#board")
    back_shows_the_whole_page(page)


@pytest.mark.parametrize("game", ["magdagdon", "ishido"])
def test_back_after_an_htmx_board_at_the_page_address_shows_the_page(page, game):
    """A die tap (MAGDAGDON) or a move answer fetches the board by htmx; here at the page's
    own address, the case a cache keyed on the address alone gets wrong."""
    url = start(page, game)
    with page.expect_response(lambda r: r.url == url and r.request.method == "GET") as answer:
        page.evaluate("htmx.ajax('GET', location.href, {target: '#board', swap: 'outerHTML'})")
    assert "HX-Request" in answer.value.headers["vary"]
    page.wait_for_selector("#board")
    back_shows_the_whole_page(page)
