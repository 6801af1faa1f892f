"""MAGDAGDON on a phone and a desktop in a real Chromium: every state fits one screen (the
board, the dice and the one primary action in view without scrolling, portrait and landscape),
selecting dice asks the server nothing, the dice are toggle buttons in the accessibility tree,
the dead end offers its way out, the arrow keys walk the grid, and Arabic reads the power
previews the right way round."""

import re

import pytest

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import magdagdon as rules
from tests.support.browser import in_view, screenshot
from tests.support.games import set_state
from tests.support.magdagdon_oracle import make_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(360, 740), (390, 844), (1280, 800), (740, 360), (844, 390)]
BOARD = "3432 2... .... ...."
# name: (state fields, query, what must be in view besides the grid and the primary action)
STATES = {
    "rolling": ({"board": BOARD}, "", ".mg-tray"),
    "placing": ({"board": BOARD, "roll": (2, 3, 1, 5), "staged": ((0, 8),)}, "?die=1", ".mg-tray"),
    "magdagdon": ({"board": "1121 2... ..X. ....", "roll": (6, 6, 5, 4)}, "", ".mg-tray"),
    "ruin": ({"board": "1121 2... ..X. ....", "roll": (6, 6, 5, 4)}, "?ruin=1", ".mg-alarm"),
    "dead-end": ({"roll": (1, 3, 4, 4), "staged": ((0, 5),)}, "", "[data-dead-end]"),
    "finished": ({"board": "1234 2345 3456 456X"}, "", ".mg-end h2"),
}


def start(page, difficulty: str = "peaceful", seed: str = "phone") -> Game:
    """A game of the page's player (started through the settings form, in any language)."""
    page.goto(page.base_url + "/magdagdon/new/")
    page.locator(f'input[value="{difficulty}"]').check()
    page.locator("main form[method=post] [type=submit]").last.click()
    page.wait_for_url(re.compile(r"/magdagdon/\d+/$"))
    player = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1])).player
    options = rules.Options(rules.Difficulty(difficulty))
    return Game.start(Player.objects.get(pk=player.pk), get_kind("magdagdon"), options, seed=seed)


def put(page, name: str, game: Game | None = None) -> Game:
    fields, query, _ = STATES[name]
    fields = dict(fields)
    state = make_state(fields.pop("board", "." * 16), **fields)
    game = game or start(page)
    set_state(game, state)
    status = Game.Status.FINISHED if state.is_finished else Game.Status.ACTIVE
    Game.objects.filter(pk=game.pk).update(status=status)
    page.goto(page.base_url + game.get_absolute_url() + query)
    return game


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_state_fits_one_screen(browser, live_server, width, height):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.base_url = live_server.url
    game = None
    for name, (_, _, extra) in STATES.items():
        game = put(page, name, game if name != "rolling" else None)
        screenshot(page, f"magdagdon-fit-{width}x{height}-{name}")
        assert page.locator("[data-primary]").count() == 1, name
        for part in (".mg-grid", "[data-primary]", extra):
            assert in_view(page, part), f"{name} at {width}×{height}: {part} out of view"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        if name == "placing" and width < 1000:
            powers = page.locator("details.mg-powers").bounding_box()
            primary = page.locator("[data-primary]").bounding_box()
            assert powers["y"] >= primary["y"] + primary["height"], "powers below the action"
    context.close()


def test_nightmare_has_no_powers_panel(page):
    game = start(page, "nightmare", seed="n")
    set_state(game, make_state(BOARD, roll=(2, 3, 1, 5), difficulty="nightmare"))
    page.goto(page.base_url + game.get_absolute_url())
    assert page.locator(".mg-powers").count() == 0
    assert page.locator("[data-powers-left]").inner_text() == "none"


def test_selecting_dice_asks_the_server_nothing_and_staging_posts_once(page):
    game = put(page, "placing")
    page.goto(page.base_url + game.get_absolute_url())
    state = Game.objects.get(pk=game.pk).state
    requests = []
    page.wait_for_load_state("networkidle")

    def record(request) -> None:
        if request.resource_type in ("document", "xhr", "fetch"):
            requests.append((request.method, request.url))

    page.on("request", record)
    for die in (1, 2, 3, 2, 2):  # select, switch, switch, switch back, unselect
        page.click(f'button[form="mg-pick"][data-die="{die}"]')
        pressed = page.locator('button[form="mg-pick"][aria-pressed="true"]')
        shown = set(page.locator("[data-legal]").evaluate_all("es => es.map(e => +e.dataset.cell)"))
        if pressed.count():
            chosen = int(pressed.get_attribute("data-die"))
            assert shown == set(rules.legal_cells_for_die(state, chosen))
            assert page.locator(".mg-prompt").inner_text().startswith(f"Die {chosen + 1} (")
        else:
            assert shown == set()
            assert "choose a die" in page.locator(".mg-prompt").inner_text()
    assert requests == []
    assert "die=" not in page.url  # unselected: the address says so too
    die = 1
    page.click(f'button[form="mg-pick"][data-die="{die}"]')
    assert "?die=1" in page.url
    cell = min(rules.legal_cells_for_die(state, die))
    not_legal = next(
        i
        for i in range(16)
        if rules.current_board(state)[i] is None and i not in rules.legal_cells_for_die(state, die)
    )
    page.click(f'[data-cell="{not_legal}"]', force=True)  # not for this die: nothing happens
    assert requests == []
    page.click(f'[data-cell="{cell}"]')
    page.wait_for_selector(f'[data-cell="{cell}"][data-staged="{die}"]')
    assert [m for m, u in requests] == ["POST"] and requests[0][1].endswith("/stage/")
    assert Game.objects.get(pk=game.pk).state.staged == ((0, 8), (die, cell))
    # Focus stays in the game, not on "Skip to content".
    page.wait_for_function("document.activeElement !== document.body")
    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.classList.contains('skip')")


def test_dice_are_toggle_buttons_in_the_accessibility_tree(page):
    put(page, "placing")
    tray = page.locator(".mg-tray")
    snapshot = tray.aria_snapshot()
    assert re.search(r'button "Die 2: 3" \[pressed\]', snapshot), snapshot
    assert re.search(r'button "Die 3: 1"(?! \[pressed\])', snapshot), snapshot
    assert "link" not in snapshot
    page.click('button[form="mg-pick"][data-die="2"]')
    snapshot = tray.aria_snapshot()
    assert re.search(r'button "Die 3: 1" \[pressed\]', snapshot), snapshot
    assert not re.search(r'button "Die 2: 3" \[pressed\]', snapshot), snapshot


def test_a_dead_end_is_named_and_one_tap_takes_every_die_back(page):
    game = put(page, "dead-end")
    assert "Stuck" in page.locator("[data-dead-end]").inner_text()
    assert page.locator("[data-primary]").inner_text().startswith("TAKE ALL BACK")
    page.click("[data-primary]")
    page.wait_for_selector("[data-dead-end]", state="detached")
    assert Game.objects.get(pk=game.pk).state.staged == ()
    assert page.locator("[data-staged]").count() == 0
    page.wait_for_function("document.activeElement !== document.body")


def test_arrow_keys_walk_the_grid_and_enter_stages(page):
    game = put(page, "placing")
    page.keyboard.press("Tab")
    for _ in range(40):
        if page.evaluate("document.activeElement.closest('.mg-grid') !== null"):
            break
        page.keyboard.press("Tab")
    # One tab stop for the whole grid.
    assert page.locator(".mg-grid [tabindex='0']").count() == 1
    start_cell = int(page.evaluate("document.activeElement.dataset.cell"))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expected = min(start_cell // 4 + 1, 3) * 4 + min(start_cell % 4 + 1, 3)
    assert int(page.evaluate("document.activeElement.dataset.cell")) == expected
    state = Game.objects.get(pk=game.pk).state
    target = min(rules.legal_cells_for_die(state, 1))
    while int(page.evaluate("document.activeElement.dataset.cell")) != target:
        here = int(page.evaluate("document.activeElement.dataset.cell"))
        key = (
            "ArrowUp"
            if here // 4 > target // 4
            else "ArrowDown"
            if here // 4 < target // 4
            else ("ArrowLeft" if here % 4 > target % 4 else "ArrowRight")
        )
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    page.wait_for_selector(f'[data-cell="{target}"][data-staged="1"]')
    page.wait_for_function("document.activeElement !== document.body")


def test_arabic_power_previews_read_left_to_right(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="ar")
    page = context.new_page()
    page.base_url = live_server.url
    put(page, "placing")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    page.click("details.mg-powers summary")
    for name, first, last in (("decrease", "3", "2"), ("increase", "3", "4")):
        preview = page.locator(f"#mg-{name}-1 small bdi")
        assert preview.inner_text() == f"{first} → {last}"
        xs = preview.evaluate(
            """e => { const t = e.firstChild, r = document.createRange(), out = [];
                for (const i of [0, t.data.length - 1]) { r.setStart(t, i); r.setEnd(t, i + 1);
                  out.push(r.getBoundingClientRect().x); } return out; }"""
        )
        assert xs[0] < xs[1], f"{name}: {first} must be drawn left of {last}"
    screenshot(page, "magdagdon-ar-360-powers")
    context.close()


def test_screenshots_light_dark_and_arabic(browser, live_server):
    for name, viewport, scheme, locale in [
        ("light-360", {"width": 360, "height": 740}, "light", "en-US"),
        ("dark-360", {"width": 360, "height": 740}, "dark", "en-US"),
        ("light-1280", {"width": 1280, "height": 800}, "light", "en-US"),
        ("dark-1280", {"width": 1280, "height": 800}, "dark", "en-US"),
        ("ar-360", {"width": 360, "height": 740}, "light", "ar"),
        ("ar-1280", {"width": 1280, "height": 800}, "dark", "ar"),
    ]:
        context = browser.new_context(viewport=viewport, locale=locale, color_scheme=scheme)
        page = context.new_page()
        page.base_url = live_server.url
        game = put(page, "placing")
        screenshot(page, f"magdagdon-look-{name}-placing")
        put(page, "magdagdon", game)
        screenshot(page, f"magdagdon-look-{name}-magdagdon")
        context.close()


def test_accept_magdagdon_and_cancel_ask_the_server_nothing_and_the_ruin_posts_once(page):
    """Choosing the RUIN's cell is UI state: ACCEPT MAGDAGDON swaps in the board of that step
    (it came with the board) and Cancel puts the board back, without a request (M16)."""
    game = put(page, "magdagdon")
    requests = []
    page.wait_for_load_state("networkidle")  # the page's own files (and favicon) are in
    page.on("request", lambda r: requests.append((r.method, r.url)))
    page.locator("[data-accept]").click()
    page.locator(".mg-grid.ruining").wait_for()
    assert page.locator("#board [data-primary]").count() == 1
    targets = page.locator("#board .cell.target")
    assert targets.count() == 16 - sum(c != "." for c in "1121 2... ..X. ....".replace(" ", ""))
    page.locator("[data-cancel-ruin]").click()
    page.locator("[data-accept]").wait_for()
    assert page.locator(".mg-grid.ruining").count() == 0
    assert requests == []
    page.locator("[data-accept]").click()
    with page.expect_response(lambda r: "/accept/" in r.url) as answer:
        page.locator("#board .cell.target").first.click()
    assert answer.value.status == 200
    assert [method for method, _ in requests] == ["POST"]
    game.refresh_from_db()
    assert game.version == 1 and game.state.board.count(rules.RUIN) == 2  # one more RUIN


@pytest.mark.parametrize("language", ["en", "hu", "sk", "ar"])
def test_the_rescue_and_hint_are_in_view_beside_accept_on_a_phone(browser, live_server, language):
    """A MAGDAGDON roll (M14, M15): the Majda Power that could rescue it, ACCEPT MAGDAGDON and
    HINT are all on the phone's first screen, in every language; tapping the rescue opens the
    powers in view without asking the server anything."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.base_url = live_server.url
    put(page, "magdagdon")
    screenshot(page, f"magdagdon-rescue-360x740-{language}")
    for part in ("[data-rescue]", "[data-accept]", "[data-hint-button]", ".mg-alarm"):
        assert in_view(page, part), f"{part} out of view in {language}"
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/magdagdon/" in r.url else None)
    page.click("[data-rescue]")
    page.wait_for_function(
        "() => document.getElementById('mg-powers').getBoundingClientRect().top < 300"
    )
    assert page.locator("details.mg-powers").get_attribute("open") is not None
    assert in_view(page, "#mg-reroll")
    assert asked == []
    context.close()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_board_keeps_its_size_when_the_alarm_appears(browser, live_server, width, height):
    """Issue 30, 13: the grid shrank when a MAGDAGDON roll's alarm came up."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="hu-HU")
    page = context.new_page()
    page.base_url = live_server.url
    game = put(page, "placing")
    sizes = {}
    for name in ("placing", "magdagdon", "ruin"):
        put(page, name, game)
        box = page.locator(".mg-grid").bounding_box()
        sizes[name] = (round(box["x"]), round(box["y"]), round(box["width"]), round(box["height"]))
        assert in_view(page, ".mg-alarm" if name != "placing" else ".mg-prompt"), name
        assert in_view(page, "[data-primary]"), name
    assert sizes["magdagdon"] == sizes["placing"] == sizes["ruin"], sizes
    context.close()
