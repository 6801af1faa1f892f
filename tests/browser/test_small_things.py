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


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_ishido_points_chips_meet_aa_contrast(open_page, dark):
    """The points a stone earned, on its corner, and the gold four-way chip: white on dark
    goldenrod measured 3.25:1 (found on the day a daily ended on a four-way)."""
    page = open_page(dark=dark)
    page.goto(page.base_url + "/ishido/new/")  # a page with Ishido's styles
    page.evaluate(
        """() => { const board = document.createElement('div');
        board.className = 'ishido';
        board.innerHTML = '<div class="board"><div class="last">'
          + '<b class="gain">+8</b><b class="gain four-way">+66</b></div></div>';
        document.querySelector('main').append(board); }"""
    )
    chips = page.locator("main .ishido .last .gain").all()
    assert len(chips) == 2
    for chip in chips:
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


# --- Arabic (issue 30, 10): the boards read left to right in every language -----------------
def magdagdon_in(page, state_fields: dict) -> None:
    """A MAGDAGDON game of the page's player at a chosen state, on the page."""
    from games.core.kinds import get_kind
    from games.core.models import Game
    from tests.support.games import set_state
    from tests.support.magdagdon_oracle import make_state

    page.goto(page.base_url + "/magdagdon/new/")
    page.locator("section.new-game form [type=submit]").last.click()
    page.wait_for_url(re.compile(r"/magdagdon/\d+/$"))
    game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    set_state(game, make_state(state_fields.pop("board", "." * 16), **state_fields))
    assert get_kind("magdagdon")
    page.goto(page.base_url + game.get_absolute_url())


def die_xs(page, selector: str) -> list[float]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.getBoundingClientRect().x)")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_die_1_is_the_leftmost_die_in_every_language(open_page, language):
    """The grid was left to right but the tray mirrored in Arabic ("Die 1" rightmost), while the
    hints count the grid's columns from the left: now the tray and REROLL's dice read left to
    right as well, so "Die 1", "column 1" and the replay name what the player sees."""
    page = open_page(language)
    magdagdon_in(page, {"roll": (2, 3, 1, 5), "board": "3432 2... .... ...."})
    tray = die_xs(page, ".mg-tray [data-die]")
    assert len(tray) == 4 and tray == sorted(tray), tray
    numbers = page.locator(".mg-tray [data-die]").evaluate_all(
        "els => els.map(e => Number(e.dataset.die))"
    )
    assert numbers == [0, 1, 2, 3]
    page.locator("details.mg-powers summary").click()
    picks = die_xs(page, ".mg-reroll label.pick")
    assert len(picks) == 4 and picks == sorted(picks), picks
    cells = page.locator(".mg-grid [data-cell]").evaluate_all(
        "els => els.slice(0, 4).map(e => e.getBoundingClientRect().x)"
    )
    assert cells == sorted(cells)  # the grid's first row, columns 1 to 4 from the left
    if language == "ar":
        legend = page.locator(".mg-reroll legend")
        assert legend.evaluate("e => getComputedStyle(e).direction") == "rtl"  # text still RTL
    screenshot(page, f"small-dice-order-{language}")


def test_arabic_signs_stand_before_their_numbers(open_page):
    """ "−10" and "+20", not "10−" and "20+": each signed number is isolated left to right."""
    page = open_page("ar")
    page.goto(page.base_url + "/magdagdon/new/")
    label = page.locator("label[for=id_difficulty_0]")
    # Where the browser draws each character of the label: the sign left of its digits.
    order = label.evaluate(
        """label => { const node = [...label.childNodes].find(n => n.textContent.includes('−10'));
          const text = node.textContent, at = s => { const r = document.createRange();
            const i = text.indexOf(s); r.setStart(node, i); r.setEnd(node, i + 1);
            return r.getBoundingClientRect().x; };
          return [at('−10'), at('10'), at('−20'), at('−40')]; }"""
    )
    sign, digit, second, third = order
    assert sign < digit, order  # "−10" reads left to right
    assert sign > second > third, order  # the list reads right to left, as its sentence does


def test_ishidos_arabic_letters_fit_their_tile(open_page):
    """The colour letters (ب ز ص س خ ح) reach below the baseline; they were cut off."""
    page = open_page("ar")
    page.goto(page.base_url + "/ishido/new/")
    page.locator("section.new-game form [type=submit]").last.click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    bottoms = page.evaluate(
        """() => [...document.querySelectorAll('symbol text')].map(t => {
          const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          svg.setAttribute('viewBox', '-3 -3 46 46'); svg.style.width = '92px';
          svg.append(t.cloneNode(true)); document.body.append(svg);
          const box = svg.firstChild.getBBox(); svg.remove();
          return [t.textContent, box.y + box.height]; })"""
    )
    assert len(bottoms) == 36
    for letter, bottom in bottoms:
        assert bottom <= 43.2, f"{letter} ends at {bottom:.1f}, below the tile (43)"
    screenshot(page, "small-ishido-letters-ar")


def test_slovak_stone_count_label_stays_in_its_box(open_page):
    page = open_page("sk")
    page.goto(page.base_url + "/ishido/new/")
    page.locator("section.new-game form [type=submit]").last.click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    for box in page.locator(".ishido-stats > div").all():
        assert box.evaluate("e => e.scrollWidth <= e.clientWidth"), box.inner_text()
    screenshot(page, "small-ishido-stats-sk")
