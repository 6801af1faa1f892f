"""Issue 30's small things, seen in a real Chromium: the abandon box beside its label, the
leaderboard's two views. Screenshots (test-artifacts/small-*.png) are for humans to look at."""

import re

import pytest

from tests.support.browser import open_context, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOCALES = {"en": "en-GB", "hu": "hu-HU", "sk": "sk-SK", "ar": "ar-EG"}


@pytest.fixture
def open_page(browser, live_server):
    """A fresh browser context in `language`, `width` × `height`, light or dark."""
    contexts = []

    def open_in(language: str = "en", width: int = 360, height: int = 740, dark: bool = False):
        scheme = "dark" if dark else "light"
        context, page = open_context(
            browser, live_server, width, height, locale=LOCALES[language], color_scheme=scheme
        )
        contexts.append(context)
        return page

    yield open_in
    for context in contexts:
        context.close()


def start_and_come_back(page, kind_key: str) -> None:
    page.goto(f"{page.base_url}/{kind_key}/new/")
    page.locator("section.new-game form [type=submit]").last.click()
    page.wait_for_url(re.compile(rf"/{kind_key}/\d+/"))
    page.goto(f"{page.base_url}/{kind_key}/new/")


@pytest.mark.parametrize("language", ["en", "hu", "sk", "ar"])
@pytest.mark.parametrize("kind_key", ["ishido", "magdagdon", "mishimash"])
def test_the_abandon_box_stands_beside_its_label(open_page, language, kind_key):
    """Issue 30, 13: on a phone a long label wrapped below its box, alone on a line."""
    page = open_page(language)
    start_and_come_back(page, kind_key)
    box = page.locator("#id_confirm").bounding_box()
    label = page.locator("label[for=id_confirm]").bounding_box()
    assert box and label
    assert label["y"] < box["y"] + box["height"] and box["y"] < label["y"] + label["height"]
    gap = (
        label["x"] - (box["x"] + box["width"])
        if language != "ar"
        else box["x"] - (label["x"] + label["width"])
    )
    assert 0 <= gap < 24  # beside it, on the reading side
    if kind_key == "ishido":
        screenshot(page, f"small-abandon-{language}")
