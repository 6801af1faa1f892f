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


# The colours of an element's text and background as the browser computes them, in 0-255 sRGB
# (a canvas resolves every CSS colour form, color-mix() included).
COLOURS = """el => {
  const canvas = document.createElement('canvas'); canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const rgb = colour => {
    ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = colour; ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)); };
  const style = getComputedStyle(el);
  return [rgb(style.color), rgb(style.backgroundColor)];
}"""


def contrast(first, second) -> float:
    """WCAG 2's contrast ratio of two sRGB colours."""

    def luminance(rgb) -> float:
        parts = [c / 255 for c in rgb]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted([luminance(first), luminance(second)], reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_review_grade_chips_meet_aa_contrast(open_page, dark):
    """Issue 30, 13: the grade chips measured 3.96-4.27:1, below AA's 4.5:1."""
    page = open_page(dark=dark)
    page.goto(page.base_url + "/leaderboards/")  # a page with the site's page styles
    page.evaluate(
        """() => { const p = document.createElement('p');
        p.innerHTML = ['inaccuracy', 'mistake', 'blunder', 'forced']
          .map(g => `<span class="grade ${g}">${g}</span>`).join(' ');
        document.querySelector('main').append(p); }"""
    )
    for chip in page.locator("main .grade").all():
        text, background = chip.evaluate(COLOURS)
        ratio = contrast(text, background)
        assert ratio >= 4.5, f"{chip.inner_text()} {text} on {background}: {ratio:.2f}"


@pytest.mark.parametrize("device", ["light", "dark"])
def test_the_theme_button_works_without_javascript_on_either_device(browser, live_server, device):
    """Issue 30, 13: a manual light/dark switch. One press steps auto → dark → light; the page
    comes back already in the chosen colours, whatever the device prefers."""
    context, page = open_context(
        browser, live_server, 360, 740, java_script_enabled=False, color_scheme=device
    )
    body = "() => getComputedStyle(document.body).backgroundColor"
    dark_bg, light_bg = "rgb(22, 20, 18)", "rgb(247, 244, 239)"
    page.goto(page.base_url + "/leaderboards/")
    assert page.evaluate(body) == (dark_bg if device == "dark" else light_bg)  # as the device
    for label, background in (("Theme: dark", dark_bg), ("Theme: light", light_bg)):
        page.locator("[data-theme-toggle]").click()
        page.wait_for_load_state()
        assert page.url.endswith("/leaderboards/")
        assert page.locator("[data-theme-toggle]").get_attribute("aria-label") == label
        assert page.evaluate(body) == background, label
        screenshot(page, f"small-theme-{device}-device-{label.split()[-1]}")
    page.locator("[data-theme-toggle]").click()  # back to the device's own choice
    page.wait_for_load_state()
    assert page.evaluate(body) == (dark_bg if device == "dark" else light_bg)
    context.close()
