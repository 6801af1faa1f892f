"""MISHIMASH in a real Chromium: a solo game to the target checked move by move against the
rules package, a three-player game through a final round and sudden death, plain forms
without JavaScript, the keyboard, and screenshots to look at (phone, desktop, dark)."""

import random
import re

import pytest

from games.core.models import Game, Result, pack_rng, seed_hash
from games.rules import mishimash as rules
from tests.support.browser import screenshot
from tests.support.mishimash_rules import bot_action, decode

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SOLO_SEED, SOLO_STOP = "solo-144", 100  # a short bot game to 500 (83 moves)
# Three players to 12: Anna reaches the target first, Béla and Cyril play the final round,
# Anna and Cyril tie and play one sudden-death round, which Cyril wins.
TRIO_SEED = "sd-298"
TRIO_CODES = "R A0,1,2,3,4,5 B0,1,3,4,5 R B0,1,3,4 R A0,1,2,3,4,5 B1,2,4 R B0,1,3,4 R B1,2,3,4"


def start(page, *, names: tuple[str, ...] = (), target: str = "500", custom: str = "") -> Game:
    page.goto(page.base_url + "/mishimash/new/")
    if names:
        page.check("input[value=hotseat]")
        page.select_option("#id_count", str(len(names)))
        boxes = page.locator("input[name=players]")
        for i, name in enumerate(names):
            boxes.nth(i).fill(name)
    page.check(f'input[name=target][value="{target}"]')
    if custom:
        page.fill("input[name=custom_target]", custom)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/mishimash/\d+/$"))
    return Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def fix_seed(page, game: Game, seed: str) -> None:
    """Replace the secret seed of a game not yet played, so the dice are known."""
    rng = random.Random(seed)
    state = rules.new_game(rules.Options.from_dict(game.options), rng)
    Game.objects.filter(pk=game.pk).update(
        seed=seed, seed_hash=seed_hash(seed), rng_state=pack_rng(rng), snapshot=state.to_dict()
    )
    page.reload()


def board_version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def act(page, button: str) -> None:
    """Press a move button and wait for the board that answers it."""
    before = board_version(page)
    page.click(button)
    page.wait_for_function("v => +document.querySelector('#board').dataset.version > v", arg=before)


def tick(page, dice: tuple[int, ...]) -> None:
    for i in dice:
        page.click(f'[data-die="{i}"]')
        page.wait_for_selector(f'[data-die="{i}"][data-selected="true"]')


def play(page, action: rules.Action) -> None:
    if isinstance(action, rules.Roll):
        act(page, "#mm-roll")
        return
    tick(page, action.dice)
    act(page, "#mm-bank" if isinstance(action, rules.SelectAndBank) else "#mm-again")


def shown(page, selector: str, attribute: str) -> str:
    return page.locator(selector).first.get_attribute(attribute)


def test_a_solo_game_to_the_target_matches_the_rules(page):
    game = start(page, target="500")
    fix_seed(page, game, SOLO_SEED)
    screenshot(page, "mishimash-phone-start")
    moves = 0
    while page.locator("#board").get_attribute("data-state") != "finished":
        game.refresh_from_db()
        state = game.state
        action = bot_action(state, SOLO_STOP)
        if not isinstance(action, rules.Roll):
            tick(page, action.dice)
            # The preview and the numbers shown are the rules package's.
            gain = state.selection_halves(action.dice)
            assert shown(page, "[data-preview]", "data-gain") == rules.format_points(gain)
            assert shown(page, "[data-roll-number]", "data-roll-number") == str(state.k)
            turn = shown(page, "[data-turn-points]", "data-turn-points")
            assert turn == rules.format_points(state.turn_halves)
            if moves == 1:
                screenshot(page, "mishimash-phone-selected")
            act(page, "#mm-bank" if isinstance(action, rules.SelectAndBank) else "#mm-again")
        else:
            act(page, "#mm-roll")
        moves += 1
        game.refresh_from_db()
        after = game.state
        assert shown(page, '[data-player="0"]', "data-score") == rules.format_points(
            after.banked_halves[0]
        )
        if after.phase == "choosing":
            assert shown(page, "[data-turn-points]", "data-turn-points") == rules.format_points(
                after.turn_halves
            )
            faces = page.locator("[data-die]").evaluate_all("els => els.map(e => +e.dataset.value)")
            assert tuple(faces) == after.roll
    screenshot(page, "mishimash-phone-solo-end")
    game.refresh_from_db()
    final = list(game.replay_states())[-1]
    assert final.is_finished and final.banked_halves[0] >= 1000
    assert game.actions.count() == moves
    result = Result.objects.get(game=game)
    assert result.turns == final.turns[0] and result.leaderboard == "500"
    # The leaderboard fills from the real game.
    page.locator(".mm-results").get_by_role("link", name="Leaderboard").click()
    page.wait_for_url(re.compile(r"/leaderboards/mishimash/500/$"))
    assert page.locator(f'[data-result="{result.pk}"]').count() == 1
    screenshot(page, "mishimash-phone-leaderboard")


def test_three_players_through_a_final_round_and_sudden_death(page):
    game = start(page, names=("Anna", "Béla", "Cyril"), target="custom", custom="12")
    fix_seed(page, game, TRIO_SEED)
    seen = set()
    for code in TRIO_CODES.split():
        game.refresh_from_db()
        state = game.state
        board = page.locator("#board")
        if state.in_final_round:
            seen.add("final")
            banner = page.locator("[data-final-round]").inner_text()
            assert "Still to play:" in banner and state.current_name in banner
        if state.in_sudden_death:
            seen.add("sudden")
            assert board.get_attribute("data-round") == "sudden-death"
            assert "SUDDEN DEATH" in page.locator("[data-sudden-death]").inner_text()
            screenshot(page, "mishimash-phone-sudden-death")
        current = page.locator("[aria-current=true][data-player]")
        assert current.get_attribute("data-player") == str(state.current)
        play(page, decode(code, state.current))
    assert seen == {"final", "sudden"}
    assert page.locator("#board").get_attribute("data-state") == "finished"
    game.refresh_from_db()
    final = game.state
    winner = final.players[final.winner]
    assert f"{winner} wins with" in page.locator(".mm-results > h2").inner_text()
    for seat, halves in enumerate(final.banked_halves):
        row = page.locator(f'.mm-results [data-player="{seat}"]')
        assert row.get_attribute("data-score") == rules.format_points(halves)
    assert not Result.objects.filter(game=game).exists()
    screenshot(page, "mishimash-phone-results")


def test_without_javascript_the_forms_still_play(nojs_page):
    page = nojs_page
    game = start(page, names=("Anna", "Béla"), target="1000")
    fix_seed(page, game, "fixed")  # roll 1: 1-5-2-4-5-2
    page.click("#mm-roll")
    page.wait_for_selector('[data-state="choosing"]')
    assert page.locator("#mm-bank").is_disabled()
    page.click("#die-0")  # GET: the page again with the die ticked, on a clean URL
    page.wait_for_selector('#die-0[aria-pressed="true"]')
    assert page.url.endswith("/?dice=0")
    page.click("#die-1")
    page.wait_for_selector("[data-preview=legal]")
    assert page.url.endswith("/?dice=0&dice=1")
    assert "one 1 + one 5 = 1.5 × 1 = 1.5" in page.locator("[data-preview]").inner_text()
    page.click("#mm-bank")
    page.wait_for_selector('[data-last-turn="bank"]')
    assert shown(page, '[data-player="0"]', "data-score") == "1.5"
    # An illegal selection is refused with a message, the game unchanged.
    page.click("#mm-roll")
    page.wait_for_selector('[data-state="choosing"]')
    game.refresh_from_db()
    version = game.version
    roll = game.state.roll
    dead = next(i for i in range(len(roll)) if (i,) not in game.state.legal_selections())
    problem = rules.selection_problem(roll, [roll[dead]])
    page.click(f"#die-{dead}")
    page.wait_for_selector(f'#die-{dead}[aria-pressed="true"]')
    page.evaluate("document.querySelectorAll('.mm-act').forEach(b => b.disabled = false)")
    page.click("#mm-bank")
    assert page.locator("[data-error]").inner_text() == problem
    game.refresh_from_db()
    assert game.version == version


def test_keyboard_play_keeps_focus_on_the_die(page):
    game = start(page)
    fix_seed(page, game, "fixed")
    page.focus("#mm-roll")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-state="choosing"]')
    page.wait_for_function("document.activeElement && document.activeElement.id === 'die-0'")
    page.keyboard.press("Space")
    page.wait_for_selector("[data-preview=legal]")
    assert page.evaluate("document.activeElement.id") == "die-0"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "die-1"
    page.keyboard.press("Space")  # die 2 (a 5)
    page.wait_for_selector('[data-die="1"][data-selected="true"]')
    assert page.evaluate("document.activeElement.id") == "die-1"
    assert shown(page, "[data-preview]", "data-gain") == "1.5"


def test_screenshots_desktop_and_dark(browser, live_server):
    for name, options in (
        ("mishimash-desktop", {"viewport": {"width": 1280, "height": 900}}),
        (
            "mishimash-phone-dark",
            {"viewport": {"width": 360, "height": 780}, "color_scheme": "dark"},
        ),
    ):
        context = browser.new_context(locale="en-US", **options)
        page = context.new_page()
        page.base_url = live_server.url
        game = start(page, names=("Anna", "Béla", "Cyril"), target="1000")
        fix_seed(page, game, "fixed")
        screenshot(page, f"{name}-new-game")
        act(page, "#mm-roll")
        tick(page, (0, 1, 4))
        screenshot(page, f"{name}-preview")
        context.close()
    page = browser.new_page(viewport={"width": 360, "height": 780})
    page.goto(live_server.url + "/mishimash/new/")
    screenshot(page, "mishimash-phone-new")
    page.close()
