"""HINT in a real Chromium (issue 12): on every game the first HINT asks, the confirmed hint
marks the coach's move on the board, that move is legal (played by tapping, it is accepted),
and a coached game finished is absent from the leaderboard but kept, marked, in My records.
Also without JavaScript, and on a phone screen the board and the primary action stay in view."""

import random
import re
import time

import pytest
from django.utils import timezone

from games.coach.ishido.search import Coach
from games.coach.magdagdon import plan as magdagdon_coach
from games.core.models import Game
from games.rules import ishido, magdagdon, mishimash
from tests.support.browser import in_view, screenshot
from tests.support.games import set_state
from tests.support.magdagdon_oracle import make_state
from tests.support.mishimash_browser import roll_until_choosing

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(page, game: str, choose=None) -> Game:
    page.goto(page.base_url + f"/{game}/new/")
    if choose:
        choose(page)
    page.locator("main form[method=post] [type=submit]").last.click()
    page.wait_for_url(re.compile(rf"/{game}/\d+/(\?.*)?$"))
    return Game.objects.get(pk=int(page.url.split("?")[0].rstrip("/").rsplit("/", 1)[1]))


def version(game: Game) -> int:
    game.refresh_from_db()
    return game.version


def ask_hint(page, game: Game, *, first: bool = True) -> str:
    """Press HINT (and confirm it the first time); the advised action's text."""
    page.click("[data-hint-button]")
    if first:
        ask = page.locator("[role=alertdialog]")
        ask.wait_for()
        assert "it will not be ranked" in ask.inner_text()
        game.refresh_from_db()
        assert not game.coached  # asking is not yet a hint
        page.click("[data-confirm-hint]")
    shown = page.locator(".coach-hint[data-hint]")
    shown.wait_for()
    game.refresh_from_db()
    assert game.coached
    return shown.get_attribute("data-hint")


def wait_for_version(page, game: Game, before: int) -> None:
    """Wait for the page to show the answer to a move (a version past `before`, or no version
    left: the game is over), then check the database. Polling the database while the server
    writes the move made the server's write fail on the shared test database (table locked)."""
    page.wait_for_function(
        """before => {
          const found = [...document.querySelectorAll('input[name=version], [data-version]')]
            .map(e => Number(e.matches('input') ? e.value : e.dataset.version));
          return found.length === 0 || Math.max(...found) > before; }""",
        arg=before,
        timeout=15000,  # the machine running the suite may be busy
    )
    assert version(game) > before, "the move was not accepted"


# --- Ishido -----------------------------------------------------------------------------------


def near_the_end(seed: str = "near-end-1") -> ishido.State:
    """An Ishido position with two stones left, reached by the coach's play."""
    rng, coach = random.Random(seed), Coach(placements=400)
    state = ishido.new_game(ishido.Options(), rng)
    while state.stones_left > 2:
        state = ishido.apply(state, coach.advise(state), rng)
    return state


def test_ishido_hint_is_on_the_board_legal_and_a_coached_game_is_not_ranked(page):
    page.set_viewport_size({"width": 360, "height": 740})
    game = start(page, "ishido")
    action = ask_hint(page, game)
    place = ishido.action_from_text(action)
    assert place in ishido.legal_actions(game.state)
    marked = page.locator("#board [data-cell][data-hint]")
    assert marked.count() == 1 and marked.get_attribute("data-cell") == str(place.cell)
    assert page.locator(".coach-choices li").count() >= 1
    assert "Expected final score" in page.locator(".coach-note").inner_text()
    screenshot(page, "hint-ishido-phone")
    assert (
        in_view(page, ".board") and in_view(page, "[data-primary]") and in_view(page, "[data-hint]")
    )
    before = version(game)
    stone = page.locator("[data-current-stone]").get_attribute("data-current-stone")
    marked.click()
    wait_for_version(page, game, before)
    page.locator(f'[data-cell="{place.cell}"][data-value="{stone}"]').wait_for()
    # Once coached, HINT answers at once; the page says the game is coached.
    assert "coached" in page.locator("[data-coached-mark]").inner_text()
    assert ishido.action_from_text(ask_hint(page, game, first=False)) in ishido.legal_actions(
        Game.objects.get(pk=game.pk).state
    )
    # Near the end (two stones left, reached by the coach's own play from a known deal), then
    # finished by tapping.
    set_state(Game.objects.get(pk=game.pk), near_the_end())
    page.goto(page.base_url + game.get_absolute_url())
    while page.locator("#board").get_attribute("data-state") == "placing":
        before = version(game)
        page.locator("[data-legal]").first.click()
        wait_for_version(page, game, before)
        page.wait_for_timeout(100)
    page.locator("[data-ending] [data-coached]").wait_for()
    assert "Not ranked: a hint was used" in page.locator("[data-ending]").inner_text()
    page.goto(page.base_url + "/leaderboards/ishido/classic/")
    assert page.locator(f'a[href="/replay/{game.pk}/"]').count() == 0
    page.goto(page.base_url + "/records/")
    row = page.locator(f'tr:has(a[href="/replay/{game.pk}/"])')
    assert row.count() == 1 and "coached" in row.inner_text()
    screenshot(page, "hint-records-coached")


def test_past_the_limit_the_board_says_so_and_nothing_is_marked(page, settings):
    """A 429 from HINT is the board's message alone: the board stays as it was, HINT with it
    (refused again while the limit holds)."""
    settings.HINT_LIMITS = {"player": 1, "address": 100}
    seconds = timezone.now().second  # the limit's window is this minute: both hints in one
    if seconds >= 45:
        time.sleep(61 - seconds)
    game = start(page, "ishido")
    ask_hint(page, game)
    page.reload()  # the coached game's page offers HINT again
    page.click("[data-hint-button]")
    error = page.locator("#board [data-hint-refused][data-error]")
    error.wait_for()
    assert "You asked for too many hints in a minute (at most 1)." in error.inner_text()
    assert page.locator("#board [data-cell]").count() > 0
    assert page.locator(".coach-hint[data-hint]").count() == 0
    screenshot(page, "hint-limit-phone")
    assert in_view(page, "[data-hint-refused]") and in_view(page, "[data-hint-button]")
    page.click("[data-hint-button]")  # again, within the minute: the same answer, one message
    page.wait_for_timeout(300)
    assert page.locator("#board [data-error]").count() == 1
    assert "at most 1" in page.locator("#board [data-error]").inner_text()
    assert version(game) == 0


def test_without_javascript_the_hint_is_a_plain_post(nojs_page):
    page = nojs_page
    game = start(page, "ishido")
    page.click("[data-hint-button]")
    page.locator("[role=alertdialog]").wait_for()
    assert not Game.objects.get(pk=game.pk).coached
    page.click("[data-confirm-hint]")
    shown = page.locator(".coach-hint[data-hint]")
    shown.wait_for()
    assert Game.objects.get(pk=game.pk).coached
    place = ishido.action_from_text(shown.get_attribute("data-hint"))
    before = version(game)
    page.click(f'#board [data-cell="{place.cell}"]')
    page.wait_for_load_state()
    assert version(game) == before + 1


# --- MAGDAGDON --------------------------------------------------------------------------------


def open_powers(page) -> None:
    powers = page.locator("details.mg-powers")
    if not powers.evaluate("d => d.open"):
        powers.locator("summary").click()


def play_magdagdon(page, game: Game, action: magdagdon.Action) -> None:
    """Make the coach's move by tapping, as a player would."""
    before = version(game)
    if isinstance(action, magdagdon.Stage):
        page.click(f'#board .mg-tray [data-die="{action.die}"]')
        page.click(f'#board .mg-grid [data-cell="{action.cell}"]')
    elif isinstance(action, magdagdon.Confirm):
        page.click("#mg-confirm")
    elif isinstance(action, magdagdon.Unstage):
        page.click(f'#board .mg-tray [data-die="{action.die}"]')
    elif isinstance(action, magdagdon.AcceptMagdagdon):
        page.click("#mg-accept")
        page.click(f'#board .mg-grid [data-cell="{action.cell}"]')
    elif isinstance(action, magdagdon.Decrease | magdagdon.Increase):
        open_powers(page)
        page.click(f'#board .mg-tray [data-die="{action.die}"]')
        which = "decrease" if isinstance(action, magdagdon.Decrease) else "increase"
        page.click(f"#mg-{which}-{action.die}")
    elif isinstance(action, magdagdon.Reroll):
        open_powers(page)
        for die in action.dice:
            page.check(f'.mg-reroll input[value="{die}"]')
        page.click("#mg-reroll")
    else:
        page.click("#mg-roll")
    wait_for_version(page, game, before)


def test_magdagdon_hint_marks_the_plan_and_its_first_step_is_accepted(page):
    page.set_viewport_size({"width": 360, "height": 740})
    game = start(page, "magdagdon")
    # A known roll on a known board, where the coach stages dice (in PEACEFUL, with three
    # cheap powers, it would rather REROLL one die first).
    set_state(game, make_state("3432 2... .... ....", roll=(3, 4, 5, 6), difficulty="survival"))
    page.goto(page.base_url + game.get_absolute_url())
    action = magdagdon.action_from_text(ask_hint(page, game))
    state = Game.objects.get(pk=game.pk).state
    assert action in magdagdon.legal_actions(state)
    assert isinstance(action, magdagdon.Stage)
    assert page.locator(f'.mg-grid [data-cell="{action.cell}"][data-hint]').count() == 1
    assert page.locator(f'.mg-tray [data-die="{action.die}"].hint').count() == 1
    # The whole plan is drawn: every cell the coach stages gets its die (M6: two at least).
    planned = len(magdagdon_coach.turn_plan(state).staging)
    assert planned >= 2
    assert page.locator(".mg-grid [data-hint]").count() == planned
    assert page.locator(".mg-tray .die.hint").count() == planned
    assert "Expected final score" in page.locator(".coach-note").inner_text()
    assert in_view(page, ".mg-grid") and in_view(page, "[data-primary]")
    screenshot(page, "hint-magdagdon-phone")
    play_magdagdon(page, game, action)
    # Follow the coach for the rest of the turn: each new hint is legal and accepted.
    for _ in range(6):
        state = Game.objects.get(pk=game.pk).state
        if state.phase == "rolling" or state.is_finished:
            break
        action = magdagdon.action_from_text(ask_hint(page, game, first=False))
        assert action in magdagdon.legal_actions(state)
        play_magdagdon(page, game, action)
    assert Game.objects.get(pk=game.pk).state.phase == "rolling"


# --- MISHIMASH --------------------------------------------------------------------------------


def play_mishimash(page, game: Game, text: str) -> None:
    before = version(game)
    for die in page.locator("#board .die[data-hint]").evaluate_all(
        "els => els.map(e => e.dataset.die)"
    ):
        page.click(f'#board .die[data-die="{die}"]')
    page.click("#mm-bank" if text.startswith("bank") else "#mm-again")
    wait_for_version(page, game, before)


def test_mishimash_solo_hint_sets_aside_dice_and_says_bank_or_roll_again(page):
    page.set_viewport_size({"width": 360, "height": 740})
    game = start(page, "mishimash", lambda p: p.check('input[name=target][value="1000"]'))
    roll_until_choosing(page)
    text = ask_hint(page, game)
    action = mishimash.action_from_text(text)
    state = Game.objects.get(pk=game.pk).state
    assert action in mishimash.legal_actions(state)
    hinted = page.locator("#board .die[data-hint]").evaluate_all(
        "els => els.map(e => +e.dataset.die)"
    )
    assert tuple(sorted(hinted)) == tuple(sorted(action.dice))
    button = "#mm-bank" if isinstance(action, mishimash.SelectAndBank) else "#mm-again"
    assert page.locator(f"{button}[data-hint]").count() == 1
    assert page.locator(".mm-act[data-hint]").count() == 1
    choices = page.locator(".coach-choices").inner_text()
    assert "BANK" in choices and "ROLL AGAIN" in choices and "bust" in choices
    assert "turns to reach the target" in page.locator(".coach-note").inner_text()
    assert "lower is better" in page.locator(".coach-note").inner_text()
    assert in_view(page, ".dice-row") and in_view(page, "[data-primary]")
    screenshot(page, "hint-mishimash-phone")
    play_mishimash(page, game, text)


def test_mishimash_hot_seat_offers_the_hint_to_the_player_to_move(page):
    def hot_seat(p):
        p.check("input[value=hotseat]")
        p.select_option("#id_count", "2")
        p.locator("input[name=players]").nth(0).fill("Ann")
        p.locator("input[name=players]").nth(1).fill("Bo")

    game = start(page, "mishimash", hot_seat)
    roll_until_choosing(page)
    text = ask_hint(page, game)
    assert mishimash.action_from_text(text) in mishimash.legal_actions(
        Game.objects.get(pk=game.pk).state
    )
    play_mishimash(page, game, text)
