"""Solving a puzzle of each game on a phone (360×740) in a real Chromium: the position on the
game's usual board, the coach's choice made by taps, the answer with the coach's choice, the
values and the margin, the source revealed only then; in Arabic right to left, and as a plain
POST without JavaScript."""

import pytest

from games.core.puzzles.models import PuzzleAttempt
from tests.support.axe import serious_violations
from tests.support.browser import in_view, screenshot, watch_csp
from tests.support.puzzles import magdagdon_puzzle, puzzle_of
from tests.support.puzzles_browser import choose, fits_width, phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("kind_key", ["magdagdon", "mishimash", "ishido"])
def test_a_phone_player_solves_a_puzzle_of_each_game(browser, live_server, kind_key):
    if kind_key == "magdagdon":  # a staging, made by tapping dice and cells
        puzzle = magdagdon_puzzle("stage", nickname="Hiddenname")
    else:
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
        if kind_key == "magdagdon":  # the board, the dice and CONFIRM on one screen
            assert all(in_view(page, s) for s in (".mg-grid", ".mg-tray", "#mg-confirm"))
        if kind_key == "mishimash":  # the dice and both answers on one screen
            assert all(in_view(page, s) for s in (".dice-row", "#mm-bank", "#mm-again"))
        if kind_key == "ishido":  # the current stone and the whole board, its cells ringed
            assert in_view(page, ".ishido-current") and in_view(page, "#board .board")
            assert page.locator("#board .board [data-legal]").count() >= 1
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
    assert in_view(page, ".dice-row") and in_view(page, "#mm-again")
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


def test_a_magdagdon_puzzle_is_solved_on_the_usual_board_without_javascript(browser, live_server):
    puzzle = magdagdon_puzzle("stage", nickname="Hiddenname")
    context, page = phone(browser, live_server, java_script_enabled=False)
    page.goto(page.base_url + f"/puzzles/{puzzle.pk}/")
    coach = puzzle.decision["coach"]
    die, cell = coach[0]["die"], coach[0]["cell"]
    page.locator(f'#board button[form="mg-pick"][data-die="{die}"]').click()
    page.wait_for_url(f"**/puzzles/{puzzle.pk}/?*die={die}*")
    assert page.locator(f'#board button[form="mg-stage"][data-cell="{cell}"][data-legal]').count()
    screenshot(page, "puzzle-magdagdon-360-en-nojs-selected")
    assert in_view(page, ".mg-grid") and in_view(page, ".mg-tray") and in_view(page, "#mg-confirm")
    page.locator(f'#board button[form="mg-stage"][data-cell="{cell}"]').click()
    page.locator(f'.mg-grid [data-cell="{cell}"][data-staged="{die}"]').wait_for()
    page.locator(f'.mg-grid [data-cell="{cell}"]').click()  # taken back, then staged again
    page.locator(f'.mg-grid [data-cell="{cell}"]:not([data-staged])').wait_for()
    assert PuzzleAttempt.objects.count() == 0  # staging is not an answer
    choose(page, "magdagdon", coach)
    answer = page.locator("[data-puzzle-answer]")
    answer.wait_for()
    assert answer.get_attribute("data-solved") == "yes"
    assert fits_width(page)
    screenshot(page, "puzzle-magdagdon-360-en-nojs-answer")
    context.close()
    assert PuzzleAttempt.objects.get().choice == coach


def test_an_ishido_puzzle_is_solved_on_the_usual_board_without_javascript(browser, live_server):
    puzzle = puzzle_of("ishido", nickname="Hiddenname")
    context, page = phone(browser, live_server, java_script_enabled=False)
    page.goto(page.base_url + f"/puzzles/{puzzle.pk}/")
    assert in_view(page, ".ishido-current") and in_view(page, "#board .board")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert in_view(page, "#board .board")
    screenshot(page, "puzzle-ishido-1280-en-nojs-position")
    page.set_viewport_size({"width": 360, "height": 740})
    choose(page, "ishido", puzzle.decision["coach"])
    answer = page.locator("[data-puzzle-answer]")
    answer.wait_for()
    assert answer.get_attribute("data-solved") == "yes"
    context.close()
    assert PuzzleAttempt.objects.get().choice == puzzle.decision["coach"]


@pytest.mark.parametrize("first", ["accept_magdagdon", "increase"])
def test_a_magdagdon_puzzle_of_a_ruin_or_a_power_is_answered_on_the_board(
    browser, live_server, first
):
    puzzle = magdagdon_puzzle(first)
    context, page = phone(browser, live_server, locale="ar", scheme="dark")
    complaints = watch_csp(page)
    page.goto(page.base_url + f"/puzzles/{puzzle.pk}/")
    screenshot(page, f"puzzle-magdagdon-360-ar-dark-{first}-position")
    if first == "accept_magdagdon":  # the alarm, and ACCEPT in view
        assert page.locator("[data-magdagdon]").is_visible() and in_view(page, "#mg-accept")
    assert in_view(page, ".mg-grid") and in_view(page, ".mg-tray")
    choose(page, "magdagdon", puzzle.decision["coach"])
    answer = page.locator("[data-puzzle-answer]")
    answer.wait_for()
    assert answer.get_attribute("data-solved") == "yes"
    assert complaints == []
    screenshot(page, f"puzzle-magdagdon-360-ar-dark-{first}-answer")
    context.close()


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
