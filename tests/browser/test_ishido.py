"""Ishido in a real Chromium: a whole game by tapping highlighted cells, the keyboard, plain
forms without JavaScript, stale pages, refused taps, and screenshots to look at."""

import random
import re

import pytest

from games.core.models import Game
from games.rules import ishido
from tests.support.browser import screenshot
from tests.support.ishido_browser import legal_cells, start, tap, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def number(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def test_a_whole_game_by_tapping_highlighted_cells(page):
    game = start(page)
    choose = random.Random(2024)
    screenshots = {1: "ishido-phone-start", 20: "ishido-phone-playing"}
    moves = 0
    while page.locator("#board").get_attribute("data-state") == "placing":
        cells = legal_cells(page)
        assert cells, "a running game always has a legal cell"
        stone = page.locator("[data-current-stone]").get_attribute("data-current-stone")
        cell = choose.choice(cells)
        tap(page, cell)
        moves += 1
        assert page.locator(f'[data-cell="{cell}"]').get_attribute("data-value") == stone
        if moves in screenshots:
            screenshot(page, screenshots[moves])
    screenshot(page, "ishido-phone-end")

    game.refresh_from_db()
    states = list(game.replay_states())
    actions = list(game.actions.order_by("number"))
    assert len(actions) == moves and not game.is_active
    earned = sum(
        ishido.placement_points(state.board, action.payload["cell"], state.four_ways)
        for state, action in zip(states, actions, strict=False)
    )
    expected = earned + ishido.end_bonus(states[-1].stones_left)
    shown = page.locator("[data-final-score]")
    assert number(shown.inner_text()) == expected
    assert int(shown.get_attribute("data-final-score")) == expected
    left = page.locator(".ishido-end [data-stones-left]").inner_text()
    assert int(left) == states[-1].stones_left

    # The leaderboard has the game; its replay steps through the placements.
    page.get_by_role("link", name="Leaderboard").last.click()
    assert page.locator("table.leaderboard td.num").first.inner_text() == str(expected)
    page.goto(page.base_url + f"/replay/{game.pk}/?step=12")
    assert page.locator("[data-cell]").count() == 96
    assert page.locator('[data-cell]:not([data-value=""])').count() == 6 + 12
    screenshot(page, "ishido-phone-replay")


def test_keyboard_arrows_move_a_cursor_and_enter_places(page):
    start(page)
    target = min(legal_cells(page))
    page.locator('.board [tabindex="0"]').focus()
    for _ in range(40):
        focused = int(page.evaluate("document.activeElement.dataset.cell"))
        if focused == target:
            break
        here = page.locator(f'[data-cell="{focused}"]').bounding_box()
        there = page.locator(f'[data-cell="{target}"]').bounding_box()
        if there["y"] > here["y"] + 2:
            key = "ArrowDown"
        elif there["y"] < here["y"] - 2:
            key = "ArrowUp"
        else:
            key = "ArrowRight" if there["x"] > here["x"] else "ArrowLeft"
        page.keyboard.press(key)
        moved = int(page.evaluate("document.activeElement.dataset.cell"))
        box = page.locator(f'[data-cell="{moved}"]').bounding_box()
        if key == "ArrowDown":
            assert box["y"] > here["y"]  # the cursor moves where the eye expects
        elif key == "ArrowRight":
            assert box["x"] > here["x"]
    assert int(page.evaluate("document.activeElement.dataset.cell")) == target
    assert page.locator(".board [tabindex='0']").count() == 1  # one tab stop for the board
    stone = page.locator("[data-current-stone]").get_attribute("data-current-stone")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'[data-cell="{target}"][data-value="{stone}"]')
    assert page.locator("[data-stones-left]").first.get_attribute("data-stones-left") == "65"
    # The cursor stays where it was after the swap, so play goes on from the keyboard.
    page.wait_for_function(f"document.activeElement.dataset.cell === '{target}'")
    # Step towards the middle of the board (the cursor stops at an edge, and on a portrait
    # phone the board is drawn transposed, so cell 72 may sit in the top row on screen).
    here = page.locator(f'[data-cell="{target}"]').bounding_box()
    board = page.locator(".board[data-keyboard]").bounding_box()
    downwards = here["y"] < board["y"] + board["height"] / 2
    page.keyboard.press("ArrowDown" if downwards else "ArrowUp")
    moved = page.evaluate("document.activeElement.dataset.cell")
    assert moved != str(target)
    box = page.locator(f'[data-cell="{moved}"]').bounding_box()
    assert (box["y"] > here["y"]) if downwards else (box["y"] < here["y"])


def test_keyboard_cursor_stops_at_the_edge_of_the_board(page):
    start(page)
    page.locator('.board [tabindex="0"]').focus()
    for _ in range(12):
        page.keyboard.press("ArrowUp")
    top = page.evaluate("document.activeElement.dataset.cell")
    here = page.locator(f'[data-cell="{top}"]').bounding_box()
    first_row = page.locator('[data-cell="0"]').bounding_box()
    assert abs(here["y"] - first_row["y"]) < 2  # in the top row as drawn
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.cell") == top


def test_without_javascript_a_tap_is_a_plain_post(nojs_page):
    page = nojs_page
    game = start(page)
    cell = min(legal_cells(page))
    stone = page.locator("[data-current-stone]").get_attribute("data-current-stone")
    with page.expect_navigation():
        page.click(f'[data-cell="{cell}"]')
    assert page.url == page.base_url + game.get_absolute_url()
    assert page.locator(f'[data-cell="{cell}"]').get_attribute("data-value") == stone
    assert page.locator("[data-stones-left]").first.get_attribute("data-stones-left") == "65"
    game.refresh_from_db()
    assert game.version == 1


def test_without_javascript_a_stale_page_gets_409_and_changes_nothing(nojs_page):
    page = nojs_page
    game = start(page)
    old_page_cell = min(legal_cells(page))
    other_tab = page.context.new_page()
    other_tab.base_url = page.base_url
    other_tab.goto(page.url)
    with other_tab.expect_navigation():
        other_tab.click(f'[data-cell="{min(legal_cells(other_tab))}"]')
    game.refresh_from_db()
    before = (game.version, game.snapshot, game.actions.count())
    with page.expect_response(lambda r: r.url.endswith("/place/")) as answer:
        page.click(f'[data-cell="{old_page_cell}"]')
    assert answer.value.status == 409
    assert "old board" in page.locator("[data-error]").inner_text()
    assert page.locator('input[name="version"]').get_attribute("value") == "1"
    game.refresh_from_db()
    assert (game.version, game.snapshot, game.actions.count()) == before


def test_with_htmx_a_stale_page_gets_409_and_the_current_board(page):
    game = start(page)
    old_page_cell = max(legal_cells(page))
    other_tab = page.context.new_page()
    other_tab.goto(page.url)
    other_tab.click(f'[data-cell="{min(legal_cells(other_tab))}"]')
    other_tab.wait_for_selector('input[name="version"][value="1"]', state="attached")
    game.refresh_from_db()
    before = (game.version, game.snapshot, game.actions.count())
    with page.expect_response(lambda r: r.url.endswith("/place/")) as answer:
        page.click(f'[data-cell="{old_page_cell}"]')
    assert answer.value.status == 409
    page.wait_for_selector("[data-error]")
    assert "old board" in page.locator("[data-error]").inner_text()
    assert version(page) == "1"  # the swap brought the current board
    game.refresh_from_db()
    assert (game.version, game.snapshot, game.actions.count()) == before


def test_hints_off_and_an_illegal_tap_shows_why(page):
    game = start(page)
    legal = min(legal_cells(page))
    ring = f"getComputedStyle(document.querySelector('[data-cell=\"{legal}\"]')).boxShadow"
    assert page.evaluate(ring) != "none"
    page.locator("#ishido-hints").uncheck()
    assert page.evaluate(ring) == "none"
    assert page.url.endswith("?hints=0")  # a reload keeps the switch off
    screenshot(page, "ishido-phone-hints-off")
    state = game.state
    illegal = next(c for c in range(96) if state.board[c] is None and c not in state.legal_cells)
    tap(page, illegal)
    assert "cannot go on row" in page.locator("[data-error]").inner_text()
    assert page.locator("[data-stones-left]").first.get_attribute("data-stones-left") == "66"
    assert not page.locator("#ishido-hints").is_checked()
    page.reload()
    assert not page.locator("#ishido-hints").is_checked()
    game.refresh_from_db()
    assert game.version == 0


def test_screenshots_desktop_light_and_dark(browser, live_server):
    for scheme in ("light", "dark"):
        context = browser.new_context(
            viewport={"width": 1280, "height": 900}, locale="en-US", color_scheme=scheme
        )
        page = context.new_page()
        page.base_url = live_server.url
        start(page)
        for _ in range(8):
            if not legal_cells(page):  # a random pouch may end the game early
                break
            tap(page, max(legal_cells(page)))
        assert page.locator("[data-cell]").first.bounding_box()["width"] >= 44
        screenshot(page, f"ishido-desktop-{scheme}")
        context.close()
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="en-US", color_scheme="dark"
    )
    page = context.new_page()
    page.base_url = live_server.url
    start(page)
    tap(page, min(legal_cells(page)))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    assert page.locator("[data-cell]").first.bounding_box()["width"] >= 38
    screenshot(page, "ishido-phone360-dark")
    context.close()


def test_arabic_keeps_the_board_geometry(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ar")
    context.add_cookies([{"name": "django_language", "value": "ar", "url": live_server.url}])
    page = context.new_page()
    page.base_url = live_server.url
    start(page)
    assert page.locator("html").get_attribute("dir") == "rtl"
    first = page.locator('[data-cell="0"]').bounding_box()
    second = page.locator('[data-cell="1"]').bounding_box()
    assert second["x"] > first["x"]  # cell 0 stays top left, as on the rules page
    # Every stone's letter stands inside its tile in a right-to-left page: each symbol drawn
    # as the page draws it (in the page's direction), its letter measured.
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('symbol')].filter(s => s.querySelector('text'))
          .map(symbol => {
            const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
            svg.setAttribute('viewBox', symbol.getAttribute('viewBox'));
            svg.setAttribute('width', '64'); svg.setAttribute('height', '64');
            for (const child of symbol.children) svg.append(child.cloneNode(true));
            document.querySelector('main').append(svg);
            const box = svg.querySelector('text').getBBox();
            svg.remove();
            return [symbol.id, box.x, box.x + box.width, symbol.getAttribute('viewBox')];
          })"""
    )
    assert len(boxes) >= 36
    for symbol, left, right, view in boxes:
        low, _, size, _ = (float(v) for v in view.split())
        assert low <= left and right <= low + size, (symbol, left, right)
    screenshot(page, "ishido-desktop-arabic")
    context.close()


def test_starting_anew_asks_to_confirm_abandoning_the_running_game(page):
    first = start(page)
    page.goto(page.base_url + "/ishido/new/")
    assert page.get_by_role("link", name="Continue your game").get_attribute("href") == (
        first.get_absolute_url()
    )
    screenshot(page, "ishido-phone-new-running")
    page.get_by_role("button", name="Start a new game").click()
    assert "Tick the box to confirm" in page.content()
    first.refresh_from_db()
    assert first.is_active
    page.get_by_label("Yes, abandon my running game and start a new one").check()
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    first.refresh_from_db()
    assert first.status == Game.Status.ABANDONED
    assert page.url != page.base_url + first.get_absolute_url()


@pytest.mark.parametrize("width", [390, 1280])
def test_I2_the_grey_border_is_the_outer_ring_of_cells(browser, live_server, width):
    """The stylesheet marks the border by each cell's place in the row-major grid; what the
    eye sees must be exactly I2's outer ring (also on a phone, where the grid is transposed)."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.base_url = live_server.url
    start(page)
    look = page.locator("[data-cell]").evaluate_all(
        "els => els.map(e => [+e.dataset.cell, e.dataset.value,"
        " getComputedStyle(e).backgroundColor, getComputedStyle(e).boxShadow])"
    )
    empty = {ishido.is_border(c): set() for c in range(ishido.CELLS)}
    stones_ring = {True: set(), False: set()}
    for cell, value, background, shadow in look:
        if value:
            stones_ring[ishido.is_border(cell)].add(shadow != "none")
        else:
            empty[ishido.is_border(cell)].add(background)
    assert len(empty[True]) == 1 and len(empty[False]) == 1 and empty[True] != empty[False]
    assert stones_ring == {True: {True}, False: {False}}  # a border stone keeps a grey ring
    context.close()
