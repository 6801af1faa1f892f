"""Ishido on a phone and on a desktop, in a real Chromium: one screen holds the whole board, the
current stone and the primary action in every state and orientation; looking around the board
asks the server nothing; the board is one ARIA grid of the rows the eye sees, and every cell
name, the last stone's line and a refusal name cells as the board is drawn (transposed on a
portrait phone); the last stone is marked, also on the grey border, with its points."""

import re

import pytest

from games.core.models import Game
from games.rules import ishido
from tests.support.browser import open_context, screenshot
from tests.support.games import set_state
from tests.support.ishido_browser import legal_cells, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(360, 740), (390, 844), (1280, 800), (740, 360), (844, 390)]
TALL = {(360, 740), (390, 844)}  # portrait phones: the board is drawn 8 wide, 12 high


@pytest.fixture
def open_page(browser, live_server):
    contexts = []

    def open_at(width: int, height: int, **options):
        context, page = open_context(
            browser, live_server, width, height, bypass_csp=True, **options
        )
        contexts.append(context)
        return page

    yield open_at
    for context in contexts:
        context.close()


def play(game: Game, moves: int) -> Game:
    """Place `moves` stones (the lowest legal cell) as if the player had."""
    game.refresh_from_db()
    for _ in range(moves):
        if not game.is_active:
            break
        game.apply_action(ishido.Place(min(game.state.legal_cells)), game.version)
    return game


def play_on(game: Game, moves: int) -> Game:
    """Place up to `moves` stones, each where the game does not end (the test knows the pouch)."""
    game.refresh_from_db()
    for _ in range(moves):
        state = game.state
        going = [c for c in sorted(state.legal_cells) if not ishido.place(state, c).is_finished]
        if not going:
            break
        game.apply_action(ishido.Place(going[0]), game.version)
    assert game.is_active
    return game


def assert_in_view(page, *selectors: str) -> None:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert page.locator("[data-primary]").count() == 1, "exactly one primary action"
    for selector in ("[data-primary]", ".board", *selectors):
        box = page.locator(selector).first.bounding_box()
        assert box is not None, selector
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= width + 0.5
            and box["y"] + box["height"] <= height + 0.5
        )
        assert inside, f"{selector} at {box} is not inside {width}×{height}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_one_screen_holds_the_board_the_stone_and_the_action_in_every_state(
    open_page, width, height
):
    page = open_page(width, height)
    game = start(page)
    assert_in_view(page, "[data-current-stone]")  # the first stone
    assert page.locator("[data-primary]").get_attribute("data-current-stone")

    play_on(game, 20)
    page.reload()
    assert_in_view(page, "[data-current-stone]", ".ishido-stats", ".board .last")

    page.locator("#ishido-hints").uncheck()  # below the board: the page scrolls to it
    page.evaluate("window.scrollTo(0, 0)")  # and back up, to play
    state = Game.objects.get(pk=game.pk).state
    illegal = next(c for c in range(96) if state.board[c] is None and c not in state.legal_cells)
    tap(page, illegal)
    assert_in_view(page, "[data-error]", "[data-current-stone]")  # a refusal, with its reason

    play(game, 100)
    page.reload()
    assert page.locator("#board").get_attribute("data-state") == "finished"
    assert_in_view(page, ".ishido-sum", "[data-final-score]")
    assert page.locator("[data-primary]").get_attribute("data-again") is not None  # play again

    running = start(page)
    page.goto(page.base_url + "/ishido/new/")
    page.get_by_label("Yes, abandon my running game and start a new one").check()
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    page.goto(page.base_url + running.get_absolute_url())
    assert "was abandoned" in page.locator("#board").inner_text()
    assert_in_view(page)


@pytest.mark.parametrize("language", ["hu", "sk", "ar"])
def test_longer_words_still_fit_a_360_phone(open_page, live_server, language):
    page = open_page(360, 740)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    game = start(page)
    play_on(game, 20)
    page.reload()
    assert_in_view(page, "[data-current-stone]", ".ishido-stats", ".ishido-last")
    page.locator("#ishido-hints").uncheck()  # below the board: the page scrolls to it
    page.evaluate("window.scrollTo(0, 0)")  # and back up, to play
    state = Game.objects.get(pk=game.pk).state
    illegal = next(c for c in range(96) if state.board[c] is None and c not in state.legal_cells)
    tap(page, illegal)
    assert_in_view(page, "[data-error]", "[data-current-stone]")
    play(game, 200)
    page.reload()
    assert_in_view(page, ".ishido-sum")


def test_the_end_summary_fits_a_360_phone(open_page):
    page = open_page(360, 740)
    game = play(start(page), 200)
    page.reload()
    for number in page.locator(".ishido-sum dd").all():
        # On one line ("+1,000" never broken), inside its box and its card.
        fits = number.evaluate("e => e.scrollWidth <= e.clientWidth")
        lines = number.evaluate(
            "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)"
        )
        box, card = number.bounding_box(), number.locator("..").bounding_box()
        assert fits and lines < 1.5 and box["x"] + box["width"] <= card["x"] + card["width"] + 0.5
    assert page.locator("[data-end-bonus]").inner_text().startswith("+")
    assert game.state.is_finished
    screenshot(page, "ishido-phone360-end")


def test_looking_around_the_board_asks_the_server_nothing_and_placing_posts_once(open_page):
    page = open_page(390, 844)
    start(page)
    page.wait_for_load_state("networkidle")
    asked, posted = [], []
    page.on("request", lambda r: r.method == "POST" and posted.append(r.post_data or ""))
    # The browser fetches the tab's icon when it likes: that is not the page asking.
    page.on(
        "request",
        lambda r: "favicon" in r.url or asked.append((r.method, r.url)),
    )
    for cell in (0, 13, 41, 95, 50):
        page.locator(f'[data-cell="{cell}"]').hover()
    page.locator('.board [tabindex="0"]').focus()
    for key in ("ArrowDown", "ArrowRight", "ArrowRight", "ArrowUp", "End", "Home", "ArrowLeft"):
        page.keyboard.press(key)
    hints = page.locator("#ishido-hints")
    hints.uncheck()
    hints.check()
    hints.uncheck()
    page.wait_for_timeout(300)
    # The switch answers on the page; only the choice is saved, in the background.
    assert [m for m, url in asked if not url.endswith("/settings/")] == []
    assert len(asked) == 3 and all(m == "POST" for m, _ in asked)
    assert page.url.endswith("?hints=0")
    asked.clear()
    posted.clear()

    tap(page, min(legal_cells(page)))
    page.wait_for_timeout(300)
    answers = [(method, url) for method, url in asked if "/static/sound/" not in url]
    assert len(answers) == 1 and answers[0][0] == "POST" and answers[0][1].endswith("/place/")
    # The move carried the switch; the player's next game starts with the highlight off.
    assert "hints=0" in posted[0]
    page.goto(page.base_url + "/ishido/new/")
    page.get_by_label("Yes, abandon my running game and start a new one").check()
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    assert not page.locator("#ishido-hints").is_checked()


def seen_positions(page) -> dict[int, tuple[int, int]]:
    """Each cell's row and column (from 1) as drawn, from where Chromium put it."""
    boxes = page.locator("[data-cell]").evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect();"
        " return [+e.dataset.cell, Math.round(b.top), Math.round(b.left)]; })"
    )
    tops = sorted({top for _, top, _ in boxes})
    lefts = sorted({left for _, _, left in boxes})
    return {cell: (tops.index(top) + 1, lefts.index(left) + 1) for cell, top, left in boxes}


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_board_is_one_grid_of_the_rows_the_eye_sees(open_page, width, height):
    page = open_page(width, height)
    start(page)
    rows, columns = (12, 8) if (width, height) in TALL else (8, 12)
    tree = page.locator(".board").aria_snapshot()
    lines = tree.splitlines()
    assert lines[0] == f'- grid "Board, {rows} rows by {columns} columns":'
    assert sum(bool(re.match(r"  - '?row ", line)) for line in lines) == rows
    assert sum(bool(re.match(r"    - '?gridcell ", line)) for line in lines) == 96
    # Every cell's name says where the eye finds it.
    seen = seen_positions(page)
    assert len({row for row, _ in seen.values()}) == rows
    names = page.locator("[data-cell]").evaluate_all(
        "els => els.map(e => [+e.dataset.cell, e.getAttribute('aria-label')])"
    )
    for cell, name in names:
        row, column = seen[cell]
        assert name.startswith(f"Row {row}, column {column}: "), (cell, name)
        assert (f'gridcell "{name}"') in tree
    # One tab stop: Tab leaves the board at once.
    assert page.locator(".board [tabindex='0']").count() == 1
    page.locator('.board [tabindex="0"]').focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "ishido-hints"


def test_the_last_stone_and_a_refusal_name_the_cell_as_drawn_and_turning_the_phone_renames(
    open_page,
):
    page = open_page(390, 844)
    start(page)
    cell = max(legal_cells(page))
    tap(page, cell)
    row, column = seen_positions(page)[cell]
    assert f"on row {row}, column {column}" in page.locator(".ishido-last .where").inner_text()
    assert (row, column) == (cell % 12 + 1, cell // 12 + 1)  # transposed on the phone

    state = Game.objects.get(pk=int(page.url.split("/")[-2])).state
    page.locator("#ishido-hints").uncheck()
    illegal = next(c for c in range(96) if state.board[c] is None and c not in state.legal_cells)
    tap(page, illegal)
    row, column = seen_positions(page)[illegal]
    assert f"cannot go on row {row}, column {column}:" in page.locator("[data-error]").inner_text()

    page.set_viewport_size({"width": 844, "height": 390})  # turned: the wide board
    page.wait_for_function("document.querySelector('.board').dataset.seen === 'wide'")
    row, column = seen_positions(page)[illegal]
    assert (row, column) == (illegal // 12 + 1, illegal % 12 + 1)
    assert f"cannot go on row {row}, column {column}:" in page.locator("[data-error]").inner_text()
    assert page.locator(".board").get_attribute("aria-label") == "Board, 8 rows by 12 columns"
    label = page.locator(f'[data-cell="{illegal}"]').get_attribute("aria-label")
    assert label.startswith(f"Row {row}, column {column}: ")
    # Arrow keys still follow the eye after the turn.
    page.locator(f'[data-cell="{illegal}"]').focus()
    page.keyboard.press("ArrowRight" if column < 12 else "ArrowLeft")
    moved = int(page.evaluate("document.activeElement.dataset.cell"))
    assert seen_positions(page)[moved][0] == row


def test_the_last_stone_is_marked_on_the_grey_border_too_with_its_points_nearby(open_page):
    page = open_page(390, 844)
    game = start(page)
    stones = {0: "red-star", 26: "blue-circle"}
    board = [None] * ishido.CELLS
    for cell, name in stones.items():
        colour, shape = name.split("-")
        board[cell] = ishido.Stone(ishido.COLOURS.index(colour), ishido.SHAPES.index(shape))
    pouch = [ishido.Stone(2, 0), ishido.Stone(4, 1), ishido.Stone(3, 5)]  # red circle, ...
    set_state(game, ishido.start_from(board, pouch))
    page.reload()
    tap(page, 1)  # on the grey border, next to the red star
    last = page.locator(".board .last")
    assert int(last.get_attribute("data-cell")) == 1
    ring = last.evaluate("e => getComputedStyle(e, '::before').borderTopColor")
    grey = last.evaluate("e => getComputedStyle(e).boxShadow")
    accent = page.evaluate(
        "() => { const probe = document.createElement('i'); probe.style.color = 'var(--accent)';"
        " document.body.append(probe); const c = getComputedStyle(probe).color;"
        " probe.remove(); return c; }"
    )
    assert ring == accent and grey != "none"  # the accent ring inside the grey one
    assert page.locator(".board .last .gain").count() == 0  # a border stone earns nothing
    assert page.locator("#board").get_attribute("data-sound") == "place"
    assert page.locator("#board").get_attribute("data-announce").startswith("On the border")

    tap(page, 27)  # inside, next to the blue circle: one neighbour, 1 point
    game.refresh_from_db()
    assert game.state.placements[-1].points == 1
    gain = page.locator(".board .last .gain")
    assert gain.inner_text() == "+1"
    near, cell = gain.bounding_box(), page.locator(".board .last").bounding_box()
    assert abs(near["x"] + near["width"] - (cell["x"] + cell["width"])) < cell["width"] / 2
    assert abs(near["y"] - cell["y"]) < cell["height"] / 2  # on the cell's corner
    assert page.locator(".board .last").count() == 1
    assert page.locator("#board").get_attribute("data-announce").startswith("+1 point.")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
def test_screenshots_to_look_at(open_page, scheme, width, height):
    page = open_page(width, height, color_scheme=scheme)
    game = start(page)
    play_on(game, 24)
    page.reload()
    tap(page, min(legal_cells(page)))
    screenshot(page, f"ishido-{width}-{scheme}-playing")
    play(game, 200)
    page.reload()
    screenshot(page, f"ishido-{width}-{scheme}-end")


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800), (740, 360)])
def test_arabic_screenshots_and_the_board_stays_left_to_right(
    open_page, live_server, width, height
):
    page = open_page(width, height, locale="ar")
    page.context.add_cookies([{"name": "django_language", "value": "ar", "url": live_server.url}])
    game = start(page)
    play_on(game, 24)
    page.reload()
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert (
        page.locator('[data-cell="0"]').bounding_box()["x"]
        < page.locator('[data-cell="95"]').bounding_box()["x"]
    )
    assert_in_view(page, "[data-current-stone]")
    screenshot(page, f"ishido-{width}x{height}-arabic")


@pytest.mark.parametrize(
    ("motion", "expected"), [("no-preference", "ishido-drop"), ("reduce", "none")]
)
def test_the_placed_stone_drops_in_unless_the_player_asks_for_less_motion(
    open_page, motion, expected
):
    page = open_page(390, 844, reduced_motion=motion)
    start(page)
    tap(page, min(legal_cells(page)))
    drop = page.locator(".board .last svg").evaluate("e => getComputedStyle(e).animationName")
    assert drop == expected
    page.reload()  # a page load is no move: nothing moves
    still = page.locator(".board .last svg").evaluate("e => getComputedStyle(e).animationName")
    assert still == "none"


def test_the_hints_switch_is_remembered_without_a_move(open_page):
    page = open_page(390, 844)
    start(page)
    page.wait_for_load_state("networkidle")
    with page.expect_response(lambda r: r.url.endswith("/settings/")) as saved:
        page.locator("#ishido-hints").uncheck()
    assert saved.value.status == 204
    page.goto(page.base_url + "/ishido/new/")
    page.get_by_label("Yes, abandon my running game and start a new one").check()
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_url(re.compile(r"/ishido/\d+/$"))
    assert not page.locator("#ishido-hints").is_checked()


def drawn_tall(page) -> bool:
    """Whether the board is drawn as it is played on a portrait phone: 8 wide and 12 high,
    cell 0 top left with cell 1 (row 1, column 2, I1) under it and cell 12 beside it."""
    boxes = page.evaluate(
        "() => [0, 1, 12].map(c => document.querySelector(`[data-cell='${c}']`)"
        ".getBoundingClientRect()).map(b => [Math.round(b.x), Math.round(b.y)])"
    )
    (x0, y0), (x1, y1), (x12, y12) = boxes
    return x1 == x0 and y1 > y0 and y12 == y0 and x12 > x0


def test_the_end_screen_and_the_replay_keep_the_board_as_it_was_played(open_page):
    page = open_page(360, 740)
    game = start(page)
    assert drawn_tall(page)
    play(game, 100)
    page.reload()
    assert page.locator("#board").get_attribute("data-state") == "finished"
    screenshot(page, "ishido-phone-end-tall")
    assert drawn_tall(page)
    assert_in_view(page, ".ishido-sum", "[data-primary]")
    page.goto(page.base_url + f"/replay/{game.pk}/?step={game.actions.count()}")
    assert page.locator("#board").get_attribute("data-state") == "finished"
    screenshot(page, "ishido-phone-replay-end-tall")
    assert drawn_tall(page)
