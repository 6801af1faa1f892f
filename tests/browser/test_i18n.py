"""The four languages in a real Chromium: the browser's language picks the page's, the switcher
changes it in the middle of a game without touching the game, and Arabic mirrors the page but
not the board. Screenshots (test-artifacts/i18n-*.png) are for humans to look at."""

import re

import pytest

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido
from tests.support.browser import choose_language, open_context, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-GB", "hu": "hu-HU", "sk": "sk-SK", "ar": "ar-EG"}
HOME_TITLE = {
    "en": "CUBIRI Games",
    "hu": "CUBIRI játékok",
    "sk": "Hry CUBIRI",
    "ar": "ألعاب CUBIRI",
}
GAME_TITLE = {
    "en": "Ishido game {n}",
    "hu": "{n}. Ishido játék",
    "sk": "Hra Ishido č. {n}",
    "ar": "لعبة Ishido رقم {n}",
}


@pytest.fixture
def open_page(browser, live_server):
    """A fresh browser context whose browser language is `language` (phone-sized)."""
    contexts = []

    def open_in(language: str, width: int = 390):
        context, page = open_context(browser, live_server, width, locale=LOCALES[language])
        contexts.append(context)
        return page

    yield open_in
    for context in contexts:
        context.close()


def html_lang_dir(page) -> tuple[str | None, str | None]:
    html = page.locator("html")
    return html.get_attribute("lang"), html.get_attribute("dir")


def start_ishido(page, nickname: str) -> Game:
    """Name the browser's player on the home page, then deal it an Ishido game."""
    page.goto(page.base_url + "/")
    page.fill('input[name="nickname"]', nickname)
    page.click('[name="save"]')
    page.wait_for_selector(f'[data-nickname="{nickname}"]')
    player = Player.objects.get(nickname=nickname)
    kind = get_kind("ishido")
    return Game.start(player, kind, kind.options_from_dict({}), seed=f"i18n-{nickname}")


def board(page) -> list[str | None]:
    """Each cell as "index=value", by index (the page may group the cells into the rows it
    draws, as Ishido's transposed phone board does)."""
    return page.locator("#board [data-cell]").evaluate_all(
        "els => els.map(e => [+e.dataset.cell, e.dataset.cell + '=' + e.dataset.value])"
        ".sort((a, b) => a[0] - b[0]).map(pair => pair[1])"
    )


def version(page) -> str | None:
    return page.locator('#board input[name="version"]').get_attribute("value")


def board_boxes(page) -> dict[str, tuple[int, int]]:
    """Where each cell and die of the board is drawn, relative to the top-left one (a row of
    dice may sit on either side of its box, but never in another order)."""
    boxes = page.locator(
        "#board .game-board-wrap [data-cell], #board .game-board-wrap [data-die]"
    ).evaluate_all(
        """els => els.map(e => { const r = e.getBoundingClientRect();
          const name = 'cell' in e.dataset ? 'cell-' + e.dataset.cell : 'die-' + e.dataset.die;
          return [name, r.x, r.y]; })"""
    )
    left = min((x for _, x, _ in boxes), default=0)
    top = min((y for _, _, y in boxes), default=0)
    return {name: (round(x - left), round(y - top)) for name, x, y in boxes}


def switch_language(page, language: str) -> None:
    """Pick a language in the header's switcher (it submits on change) and wait for the page."""
    with page.expect_navigation():
        choose_language(page, language)
    assert html_lang_dir(page)[0] == language


@pytest.mark.parametrize("language", ["en", "hu", "sk", "ar"])
def test_each_language_renders_the_home_and_a_game_page(open_page, language):
    page = open_page(language)
    page.goto(page.base_url + "/")
    direction = "rtl" if language == "ar" else "ltr"
    assert html_lang_dir(page) == (language, direction)
    assert page.locator("h1").first.inner_text() == HOME_TITLE[language]
    assert page.title().endswith(HOME_TITLE[language])

    game = start_ishido(page, f"Tester-{language}")
    page.goto(page.base_url + game.get_absolute_url())
    assert html_lang_dir(page) == (language, direction)
    assert page.title().startswith(GAME_TITLE[language].format(n=game.pk))
    assert page.locator("#board [data-cell]").count() == ishido.ROWS * ishido.COLUMNS
    screenshot(page, f"i18n-{language}-ishido-phone")


def test_switching_language_in_the_middle_of_a_game_keeps_the_game(page):
    game = start_ishido(page, "Switcher")
    cell = min(game.state.legal_cells)
    game.apply_action(ishido.Place(cell), 0)
    page.goto(page.base_url + game.get_absolute_url())
    url, cells, shown_version = page.url, board(page), version(page)
    assert shown_version == "1" and f"{cell}=" in cells[cell] and not cells[cell].endswith("=")

    for language in ("hu", "sk", "ar", "en"):
        switch_language(page, language)
        assert page.url == url, "the switcher returns to the same game page"
        assert board(page) == cells and version(page) == shown_version
    game.refresh_from_db()
    assert game.is_active and game.version == 1 and game.actions.count() == 1

    # The game plays on in the new language.
    switch_language(page, "sk")
    legal = page.locator("#board [data-legal]").first
    legal.click()
    page.wait_for_function(
        "() => document.querySelector('#board input[name=version]').value == '2'"
    )
    assert html_lang_dir(page) == ("sk", "ltr")
    game.refresh_from_db()
    assert game.version == 2


# Every "+5", "−15", "×2" that starts a number: is its sign drawn on the number's left?
MISPLACED_SIGNS = """() => {
  const bad = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  const box = (node, i) => { const r = document.createRange(); r.setStart(node, i);
    r.setEnd(node, i + 1); return r.getBoundingClientRect(); };
  for (let node; (node = walker.nextNode()); ) {
    for (const m of node.data.matchAll(/(^|[^\\d\\s]\\s*|^\\s*)([+\u2212\u00d7-])(\\d)/g)) {
      const sign = m.index + m[1].length;
      const a = box(node, sign), b = box(node, sign + 1);
      if (a.width && b.width && Math.abs(a.y - b.y) < 4 && a.x > b.x)
        bad.push(node.data.slice(Math.max(0, sign - 12), sign + 6));
    }
  }
  return bad;
}"""
GAME_OPTIONS = {
    "magdagdon": {"difficulty": "peaceful"},
    "mishimash": {"players": ["ليلى"], "target": 1000},
    "ishido": {},
}


def check_arabic_page(page, width: int, name: str) -> None:
    assert html_lang_dir(page) == ("ar", "rtl")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "sideways scroll"
    assert page.evaluate(MISPLACED_SIGNS) == [], "a sign drawn on the wrong side of its number"
    screenshot(page, f"i18n-ar-{name}-{width}")


@pytest.mark.parametrize("width", [360, 1280])
def test_arabic_mirrors_the_shared_pages(open_page, width):
    page = open_page("ar", width)
    game = start_ishido(page, "ليلى")
    game.apply_action(ishido.Place(min(game.state.legal_cells)), 0)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    page.goto(page.base_url + "/")
    brand = page.locator(".brand").bounding_box()
    nav = page.locator(".site-header nav").bounding_box()
    assert brand and nav and brand["x"] > nav["x"], "the header starts on the right"
    check_arabic_page(page, width, "home")
    for path in ("/leaderboards/", "/records/", f"/replay/{game.pk}/") + tuple(
        f"/rules/{key}/" for key in GAME_OPTIONS
    ):
        page.goto(page.base_url + path)
        check_arabic_page(page, width, re.sub(r"\W+", "-", path.strip("/")))


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("key", list(GAME_OPTIONS))
def test_arabic_mirrors_the_game_page_but_not_the_board(open_page, key, width):
    page = open_page("ar", width)
    start_ishido(page, "ليلى")
    player = Player.objects.get(nickname="ليلى")
    kind = get_kind(key)
    game = Game.start(player, kind, kind.options_from_dict(GAME_OPTIONS[key]), seed="rtl")
    first_move = {
        "magdagdon": lambda: kind.rules.Roll(),
        "mishimash": lambda: kind.rules.Roll(0),
        "ishido": lambda: ishido.Place(min(game.state.legal_cells)),
    }[key]()
    game.apply_action(first_move, 0)
    page.goto(page.base_url + game.get_absolute_url())
    check_arabic_page(page, width, key)
    wrap = page.locator("#board .game-board-wrap").first
    assert wrap.evaluate("e => getComputedStyle(e).direction") == "ltr"
    arabic = board_boxes(page)
    assert arabic, "the board has cells or dice"
    if key != "mishimash":  # MISHIMASH's board is a row of dice, not a grid of cells
        assert arabic["cell-0"] == (0, 0), "cell 0 is the top-left cell"
    switch_language(page, "en")
    assert board_boxes(page) == arabic, "the board is drawn exactly as in English"
