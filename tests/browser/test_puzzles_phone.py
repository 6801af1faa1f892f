"""Solving a puzzle of each game on a phone (360×740) in a real Chromium: the position on the
game's retry board, the coach's choice made by taps, the answer with the coach's choice, the
values and the margin, the source revealed only then; in Arabic right to left, and as a plain
POST without JavaScript."""

import pytest

from games.core.puzzles.models import PuzzleAttempt
from tests.support.axe import serious_violations
from tests.support.browser import open_context, screenshot, watch_csp
from tests.support.puzzles import puzzle_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def phone(browser, live_server, locale="en-US", scheme="light", **options):
    return open_context(
        browser, live_server, 360, 740, locale=locale, color_scheme=scheme, **options
    )


def choose(page, kind_key, actions):
    """Make the choice `actions` (stored rules actions) on the retry board, as a player taps."""
    first = actions[0]
    if kind_key == "ishido":
        page.locator(f'[data-retry-board] button[value="{first["cell"]}"]').click()
    elif kind_key == "mishimash":
        for die in first["dice"]:
            page.locator(f'input[name="dice"][value="{die}"]').check()
        bank = first["type"] == "select_and_bank"
        page.locator("[data-retry-bank]" if bank else "[data-retry-roll]").click()
    elif first["type"] == "stage":
        for action in actions[:-1]:
            page.select_option(f'select[name="die{action["die"]}"]', str(action["cell"]))
        page.locator("[data-retry-confirm]").click()
    elif first["type"] == "accept_magdagdon":
        page.locator(f'[data-retry-ruin="{first["cell"]}"]').click()
    else:
        page.locator(".retry-powers summary").click()
        if first["type"] == "reroll":
            for die in first["dice"]:
                page.locator(f'input[name="reroll"][value="{die}"]').check()
            page.locator('button[name="power"][value="reroll"]').click()
        else:
            page.locator(f'button[name="power"][value="{first["type"]}-{first["die"]}"]').click()


def fits_width(page, width=360):
    return page.evaluate("() => document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("kind_key", ["magdagdon", "mishimash", "ishido"])
def test_a_phone_player_solves_a_puzzle_of_each_game(browser, live_server, kind_key):
    puzzle = puzzle_of(kind_key, nickname="Hiddenname")
    for language, scheme in (("en", "light"), ("ar", "dark")):
        context, page = phone(browser, live_server, locale=language, scheme=scheme)
        complaints = watch_csp(page)
        if language == "en":  # a new player: the first puzzle at the start's rating
            page.goto(page.base_url + "/puzzles/")
            page.locator("[data-start-rated]").click()
            page.wait_for_url(f"**/puzzles/{puzzle.pk}/")
        else:  # once answered, its rating moved: others of the same game are nearer
            page.goto(page.base_url + f"/puzzles/{puzzle.pk}/")
        assert page.locator("[data-puzzle-form]").is_visible()
        assert "Hiddenname" not in page.content()
        assert page.locator("[data-coach]").count() == 0
        assert fits_width(page)
        screenshot(page, f"puzzle-{kind_key}-360-{language}-{scheme}-position")
        choose(page, kind_key, puzzle.decision["coach"])
        answer = page.locator("[data-puzzle-answer]")
        answer.wait_for()
        assert answer.get_attribute("data-solved") == "yes"
        assert page.locator("[data-your-choice]").is_visible()
        assert page.locator("[data-original]").is_visible()
        assert page.locator("[data-source] bdi").inner_text() == "Hiddenname"
        assert fits_width(page)
        screenshot(page, f"puzzle-{kind_key}-360-{language}-{scheme}-answer")
        page.set_viewport_size({"width": 1280, "height": 800})
        screenshot(page, f"puzzle-{kind_key}-1280-{language}-{scheme}-answer")
        assert complaints == []
        context.close()
    assert PuzzleAttempt.objects.filter(puzzle=puzzle).count() == 2  # two visitors, one each


def test_a_puzzle_is_missed_and_counted_without_javascript(browser, live_server):
    puzzle = puzzle_of("mishimash", nickname="Hiddenname")
    context, page = phone(browser, live_server, java_script_enabled=False)
    page.goto(page.base_url + f"/puzzles/{puzzle.pk}/?mode=streak")
    choose(page, "mishimash", puzzle.decision["player"])  # the slip played in the game
    answer = page.locator("[data-puzzle-answer]")
    answer.wait_for()
    assert answer.get_attribute("data-solved") == "no"
    assert page.locator("[data-margin]").is_visible() and page.locator("[data-coach]").is_visible()
    assert page.locator('[data-streak="0"]').is_visible()
    assert fits_width(page)
    screenshot(page, "puzzle-mishimash-360-en-nojs-missed")
    context.close()
    attempt = PuzzleAttempt.objects.get()
    assert not attempt.solved and attempt.streak


def test_the_room_and_the_home_page_link_to_the_puzzles_in_arabic(browser, live_server):
    puzzle_of("mishimash")
    context, page = phone(browser, live_server, locale="ar")
    page.goto(page.base_url + "/")
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    page.locator("[data-daily-puzzle]").click()
    page.wait_for_url("**/puzzles/*/?mode=daily")
    page.goto(page.base_url + "/puzzles/")
    assert page.locator("[data-provisional]").is_visible()
    assert fits_width(page)
    screenshot(page, "puzzle-room-360-ar")
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "puzzle-room-1280-ar")
    context.close()
    context, page = phone(browser, live_server)
    page.goto(page.base_url + "/puzzles/")
    screenshot(page, "puzzle-room-360-en")
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "puzzle-room-1280-en")
    context.close()


@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("ar", "dark")])
def test_the_puzzle_pages_have_no_serious_accessibility_violation(
    browser, live_server, language, scheme
):
    puzzle = puzzle_of("magdagdon")
    context, page = phone(browser, live_server, locale=language, scheme=scheme, bypass_csp=True)
    found = {}
    for path in ("/puzzles/", f"/puzzles/{puzzle.pk}/"):
        page.goto(page.base_url + path)
        found[path] = serious_violations(page)
    choose(page, "magdagdon", puzzle.decision["coach"])
    page.locator("[data-puzzle-answer]").wait_for()
    found["answer"] = serious_violations(page)
    context.close()
    assert found == {path: [] for path in found}
