"""MAGDAGDON in a real Chromium: a whole game from a fixed seed by tapping dice and highlighted
cells (a power and a MAGDAGDON included), the same game with JavaScript off, keyboard play,
and screenshots at phone and desktop widths, light and dark."""

import re

import pytest

from games.core.kinds import get_kind
from games.core.models import Game, Player, Result
from games.rules import magdagdon as rules
from tests.support.browser import screenshot
from tests.support.magdagdon import next_action, simulate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
KIND = get_kind("magdagdon")
SEED = "seed-0"  # PEACEFUL: +1 in turn 1, a REROLL at the first MAGDAGDON, then a RUIN


def start(page, difficulty: str = "peaceful", seed: str | None = SEED) -> Game:
    """Start through the settings form, then (for a fixed seed) replace the game with a seeded
    one of the same player."""
    page.goto(page.base_url + "/magdagdon/new/")
    page.get_by_label(re.compile(difficulty.upper())).check()
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_url(re.compile(r"/magdagdon/\d+/$"))
    game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert game.leaderboard == difficulty
    if seed is None:
        return game
    options = rules.Options(rules.Difficulty(difficulty))
    game = Game.start(Player.objects.get(pk=game.player_id), KIND, options, seed=seed)
    page.goto(page.base_url + game.get_absolute_url())
    return game


def version(page) -> str | None:
    field = page.locator('input[name="version"]')
    return field.first.get_attribute("value") if field.count() else None


def submit(page, selector: str, js: bool) -> None:
    """Press a move button and wait for its answer: the htmx swap, or the page after 303."""
    if not js:
        with page.expect_navigation():
            page.click(selector)
        return
    before = version(page)
    page.click(selector)
    page.wait_for_function(
        "v => { const f = document.querySelector('input[name=version]');"
        " return !f || f.value !== v || document.querySelector('[data-error]'); }",
        arg=before,
    )


def choose(page, selector: str, ready: str, js: bool) -> None:
    """A UI-only choice (a die, the RUIN mode): a GET, swapped or loaded."""
    if js:
        page.click(selector)
    else:
        with page.expect_navigation():
            page.click(selector)
    page.wait_for_selector(ready)


DIE = 'button[form="mg-pick"][data-die="%s"]'


def select_die(page, die: int, js: bool) -> None:
    selected = DIE % die + '[aria-pressed="true"]'
    if not page.locator(selected).count():  # tapping a selected die would unselect it
        choose(page, DIE % die, selected, js)


def open_powers(page) -> None:
    if not page.locator("details.mg-powers[open]").count():
        page.click("details.mg-powers summary")


def legal_cells(page) -> set[int]:
    return set(page.locator("[data-legal]").evaluate_all("els => els.map(e => +e.dataset.cell)"))


def perform(page, state: rules.State, action: rules.Action, js: bool) -> None:
    if isinstance(action, rules.Roll):
        submit(page, "#mg-roll", js)
    elif isinstance(action, rules.Confirm):
        submit(page, "#mg-confirm", js)
    elif isinstance(action, rules.Stage):
        select_die(page, action.die, js)
        assert legal_cells(page) == set(rules.legal_cells_for_die(state, action.die))
        submit(page, f'[data-cell="{action.cell}"]', js)
    elif isinstance(action, rules.Increase | rules.Decrease):
        select_die(page, action.die, js)
        open_powers(page)
        name = "increase" if isinstance(action, rules.Increase) else "decrease"
        submit(page, f"#mg-{name}-{action.die}", js)
    elif isinstance(action, rules.Reroll):
        open_powers(page)
        for die in range(4):
            box = page.locator(f'input[name="dice"][value="{die}"]')
            box.set_checked(die in action.dice)
        submit(page, "#mg-reroll", js)
    elif isinstance(action, rules.AcceptMagdagdon):
        assert page.locator("[data-magdagdon]").is_visible()
        choose(page, "#mg-accept", ".cell.target", js)
        submit(page, f'[data-cell="{action.cell}"]', js)


def play_to_the_end(page, game: Game, js: bool, shots: str = "") -> rules.State:
    taken: set[str] = set()
    while True:
        game.refresh_from_db()
        state = game.state
        assert page.locator("#board").get_attribute("data-state") == state.phase
        assert page.locator("[data-error]").count() == 0
        if state.is_finished:
            return state
        action = next_action(state)
        if shots and state.phase not in taken:
            taken.add(state.phase)
            screenshot(page, f"{shots}-{state.phase}")
        perform(page, state, action, js)


def test_a_whole_game_with_a_power_and_a_magdagdon(page):
    game = start(page)
    expected = list(simulate("peaceful", SEED))
    types = [action.TYPE for _, action in expected[:-1]]
    assert {"increase", "reroll", "accept_magdagdon"} <= set(types)

    final = play_to_the_end(page, game, js=True, shots="magdagdon-phone")
    assert final == expected[-1][0]
    score = rules.score(final.board, "peaceful", len(final.powers_used))
    shown = page.locator("[data-final-score]")
    assert shown.get_attribute("data-final-score") == str(score.total)
    assert shown.inner_text().replace("−", "-") == str(score.total)
    assert page.locator("[data-score]").get_attribute("data-score") == str(score.total)
    assert page.locator("[data-bonus]").count() == len(score.bonuses)
    cells = page.locator("[data-cell]").evaluate_all("els => els.map(e => e.dataset.value)")
    assert cells == ["X" if v == rules.RUIN else str(v) for v in final.board]
    screenshot(page, "magdagdon-phone-finished")

    # The record table and the public leaderboard have it at once (M22).
    result = Result.objects.get(game=game)
    assert (result.turns, result.powers_used) == (final.turns, 2)
    page.get_by_role("link", name="Leaderboard").last.click()
    row = page.locator(f'tr[data-result="{result.pk}"]')
    assert row.locator("td.num").first.inner_text() == str(score.total)
    page.goto(page.base_url + "/records/")
    section = page.locator('[data-leaderboard="magdagdon-peaceful"]')
    assert section.locator("td.num").first.inner_text() == str(score.total)


def test_the_same_game_without_javascript_reaches_the_same_board(nojs_page):
    page = nojs_page
    game = start(page)
    final = play_to_the_end(page, game, js=False)
    assert final == list(simulate("peaceful", SEED))[-1][0]
    score = rules.score(final.board, "peaceful", len(final.powers_used)).total
    assert page.locator("[data-final-score]").get_attribute("data-final-score") == str(score)
    screenshot(page, "magdagdon-phone-nojs-finished")


def test_keyboard_play_tab_and_enter_through_dice_and_cells(page):
    start(page, "nightmare", seed="tab")
    page.locator("#mg-roll").focus()
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => document.querySelector('input[name=version]').value !== v", arg=before
    )
    page.wait_for_selector('button[form="mg-pick"]')
    # Tab reaches the first die; Enter selects it and moves to its first highlighted cell.
    page.locator("body").focus()
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.die") == "0":
            break
    assert page.evaluate("document.activeElement.dataset.die") == "0"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-legal]")
    page.wait_for_function("document.activeElement && 'legal' in document.activeElement.dataset")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible
    cell = page.evaluate("document.activeElement.dataset.cell")
    screenshot(page, "magdagdon-phone-keyboard")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'[data-cell="{cell}"][data-staged="0"]')
    # Play goes on from the keyboard: focus is on the next die that fits.
    page.wait_for_function(
        "document.activeElement && document.activeElement.matches('button[data-die][data-focus]')"
    )
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && 'legal' in document.activeElement.dataset")
    # A tap on a staged die on the board takes it back (its button submits the die's form).
    page.click(f'[data-cell="{cell}"]')
    page.wait_for_selector(f'[data-cell="{cell}"][data-value=""]')
    assert page.locator("[data-staged]").count() == 0


def test_a_stale_tab_gets_the_current_board(page):
    game = start(page, seed="stale")
    submit(page, "#mg-roll", js=True)
    state = Game.objects.get(pk=game.pk).state
    die, cell = next((d, c) for d in range(4) for c in sorted(rules.legal_cells_for_die(state, d)))
    choose(page, DIE % die, "[data-legal]", js=True)
    # Another tab stages that die meanwhile.
    other = page.context.new_page()
    other.goto(page.url)
    other.bring_to_front()  # a background tab draws no frames, so nothing becomes visible
    select_die(other, die, js=True)  # the address keeps the first tab's choice (?die=K)
    submit(other, f'[data-cell="{cell}"]', js=True)
    # The first tab still shows version 1: its tap answers 409 with the current board.
    page.bring_to_front()
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/stage/")) as answer:
        page.click(f'[data-cell="{cell}"]')
    assert answer.value.status == 409
    page.wait_for_selector("[data-error]")
    assert "old board" in page.locator("[data-error]").inner_text()
    assert page.locator(f'[data-cell="{cell}"]').get_attribute("data-staged") == str(die)
    assert Game.objects.get(pk=game.pk).version == 2


def test_screenshots_desktop_and_dark(browser, live_server):
    for name, viewport, scheme in [
        ("magdagdon-desktop-light", {"width": 1280, "height": 900}, "light"),
        ("magdagdon-phone360-dark", {"width": 360, "height": 780}, "dark"),
        ("magdagdon-desktop-dark", {"width": 1280, "height": 900}, "dark"),
    ]:
        context = browser.new_context(viewport=viewport, locale="en-US", color_scheme=scheme)
        page = context.new_page()
        page.base_url = live_server.url
        game = start(page)
        steps = list(simulate("peaceful", SEED))
        # Play into the first MAGDAGDON's turn with a die staged.
        for state, action in steps[:6]:
            perform(page, state, action, js=True)
        die = rules.available_dice(steps[6][0])[0]
        choose(page, DIE % die, '[data-die][aria-pressed="true"]', js=True)
        screenshot(page, name)
        context.close()
        assert game.pk
