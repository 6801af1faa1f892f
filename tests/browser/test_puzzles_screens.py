"""The puzzle pages of each game, the question and the answer, on a phone (360×740) and a wide
screen (1280×800), in English and Arabic, light and dark, and in Hungarian and Slovak on the
phone: nothing runs wider than the screen, the answer says the coach's choice and the margin
with "Next puzzle" on the first screen,
and each page is kept as a picture (test-artifacts/puzzle-screen-*.png) to look at."""

import pytest

from tests.support.browser import open_context, screenshot
from tests.support.puzzles import magdagdon_puzzle, puzzle_of
from tests.support.puzzles_browser import choose, fits_width

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOOKS = [
    (language, scheme, width)
    for language in ("en", "ar")
    for scheme in ("light", "dark")
    for width in (360, 1280)
] + [("hu", "light", 360), ("sk", "dark", 360)]


@pytest.mark.parametrize("kind_key", ["magdagdon", "mishimash", "ishido"])
def test_the_puzzle_pages_in_every_look(browser, live_server, kind_key):
    if kind_key == "magdagdon":
        puzzle = magdagdon_puzzle("stage")
    else:
        puzzle = puzzle_of(kind_key)
    for language, scheme, width in LOOKS:
        height = 740 if width == 360 else 800
        context, page = open_context(
            browser, live_server, width, height, locale=language, color_scheme=scheme
        )
        page.goto(page.base_url + f"/puzzles/{puzzle.pk}/")
        name = f"puzzle-screen-{kind_key}-{width}-{language}-{scheme}"
        assert page.evaluate("() => document.documentElement.lang") == language
        assert fits_width(page, width)
        screenshot(page, f"{name}-question")
        choose(page, kind_key, puzzle.decision["coach"])
        page.locator("[data-puzzle-answer]").wait_for()
        assert page.locator("[data-margin]").is_visible() and fits_width(page, width)
        after = page.locator("[data-next-puzzle]").bounding_box()
        assert after is not None and after["y"] + after["height"] <= height  # one screen
        screenshot(page, f"{name}-answer")
        context.close()
