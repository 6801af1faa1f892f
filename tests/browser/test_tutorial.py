"""The home page's one-tap Play and each game's how-to-play in a real Chromium at 360×740
(issue 30, item 5): the three Play buttons are on the first screen and one tap starts a game,
with or without JavaScript; each guided first turn is played by tapping the real board, its
step texts advance with the moves the server accepted, and the finished how-to-play is on no
leaderboard. Screenshots (test-artifacts/tutorial-*.png) are for humans to look at."""

import random
import re

import pytest

from games.core.models import Game, Result
from tests.support.browser import in_view, open_context, screenshot
from tests.support.finished import MOVES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEYS = ("magdagdon", "mishimash", "ishido")
LOCALES = {"en": "en-GB", "hu": "hu-HU", "sk": "sk-SK", "ar": "ar-EG"}
GAME_URL = re.compile(r"/(magdagdon|mishimash|ishido)/(\d+)/(\?.*)?$")


@pytest.fixture
def phone(browser, live_server):
    """A 360×740 page in `language` (and `scheme`), JavaScript on unless `js` is False."""
    contexts = []

    def open_phone(language="en", *, js=True, width=360, height=740, scheme="light"):
        context, page = open_context(
            browser,
            live_server,
            width,
            height,
            locale=LOCALES[language],
            java_script_enabled=js,
            color_scheme=scheme,
            bypass_csp=True,
        )
        contexts.append(context)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def opened_game(page) -> Game:
    page.wait_for_url(GAME_URL)
    return Game.objects.get(pk=int(GAME_URL.search(page.url).group(2)))


def step(page) -> tuple[int, str]:
    guide = page.locator("[data-tutorial-step]")
    return int(guide.get_attribute("data-tutorial-step")), guide.locator(
        "[data-tutorial-text]"
    ).inner_text()


def tap(page, selector: str) -> None:
    """Tap a move's button and wait for the board the server answers with."""
    before = page.locator("#board").get_attribute("data-version") or page.evaluate(
        "document.querySelector('input[name=version]')?.value"
    )
    page.locator(selector).first.click()
    page.wait_for_function(
        "v => { const f = document.querySelector('input[name=version]');"
        " const b = document.querySelector('#board');"
        " return (f ? f.value : b && b.dataset.version) !== v"
        " || document.querySelector('[data-error]'); }",
        arg=before,
    )


def guide_and_action_in_view(page, *parts: str) -> None:
    """The step and what it asks to tap (`parts`) on the first screen, no sideways scroll."""
    for part in ("[data-tutorial-text]", *parts):
        assert in_view(page, part), f"{part} out of view at step {step(page)[0]}"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def how_to_play(page, key: str) -> Game:
    page.goto(page.base_url + "/")
    page.locator(f'[data-quick="{key}"] [data-how-to-play]').click()
    game = opened_game(page)
    assert game.tutorial and game.kind_key == key
    return game


def finish_and_check_unranked(page, game: Game) -> None:
    """Play the how-to-play to its end on the server; its end screen and leaderboard show no
    result of it."""
    game.refresh_from_db()
    pick = random.Random(3)
    while game.is_active:
        game.apply_action(MOVES[game.kind_key](game.state, pick), game.version)
    assert not Result.objects.filter(game=game).exists()
    page.goto(page.base_url + game.get_absolute_url())
    assert page.locator("[data-ending] .ending-rank").inner_text() == (
        "This game is not ranked on a leaderboard."
    )
    kind = game.kind
    board = kind.leaderboard(kind.options_from_dict(game.options))
    page.goto(f"{page.base_url}/leaderboards/{game.kind_key}/{board}/")
    assert page.locator("table tbody tr").count() == 0


def test_the_first_screen_has_three_play_buttons_and_one_tap_starts_a_game(phone):
    for language in LOCALES:
        page = phone(language)
        page.goto(page.base_url + "/")
        screenshot(page, f"tutorial-home-360-{language}")
        buttons = page.locator("[data-play-now]")
        assert buttons.count() == 3
        for n in range(3):
            assert in_view(page, f'[data-quick="{KEYS[n]}"] [data-play-now]'), (language, n)
            assert in_view(page, f'[data-quick="{KEYS[n]}"] [data-how-to-play]'), (language, n)
        # The daily challenges come below, no longer three primary buttons first.
        daily = page.locator("[data-daily-today]").bounding_box()
        assert daily["y"] > page.locator("[data-play-now]").last.bounding_box()["y"]
    page.locator('[data-quick="mishimash"] [data-play-now]').click()
    game = opened_game(page)
    assert game.kind_key == "mishimash" and not game.tutorial and game.leaderboard
    assert page.locator("#mm-roll").is_visible()
    page.goto(page.base_url + "/")  # the home page now continues that game, in one tap
    go_on = page.locator('[data-quick="mishimash"] a[data-play-now]')
    assert go_on.get_attribute("href") == game.get_absolute_url()


def test_the_home_page_wide_light_and_dark(phone):
    for scheme in ("light", "dark"):
        page = phone(width=1280, height=800, scheme=scheme)
        page.goto(page.base_url + "/")
        screenshot(page, f"tutorial-home-1280-{scheme}")
        for key in KEYS:
            assert in_view(page, f'[data-quick="{key}"] [data-play-now]')
        for key in KEYS:
            how_to_play(page, key)
            guide_and_action_in_view(page, "[data-primary]")
            screenshot(page, f"tutorial-{key}-1280-{scheme}-step1")


def test_without_javascript_one_tap_starts_a_game_and_the_how_to_play_plays(phone):
    page = phone(js=False)
    page.goto(page.base_url + "/")
    page.locator('[data-quick="ishido"] [data-play-now]').click()
    game = opened_game(page)
    assert game.kind_key == "ishido" and not game.tutorial
    tutorial = how_to_play(page, "magdagdon")
    assert step(page)[0] == 1
    with page.expect_navigation():
        page.click("#mg-roll")
    assert step(page)[0] == 2
    game.refresh_from_db()
    assert game.is_active  # the player's own game was left alone
    assert tutorial.seed == tutorial.kind.tutorial_seed


def test_magdagdon_how_to_play_by_tapping(phone):
    page = phone()
    game = how_to_play(page, "magdagdon")
    seen = [step(page)]
    screenshot(page, "tutorial-magdagdon-360-en-step1")
    assert seen[0][0] == 1 and "ROLL" in seen[0][1]
    guide_and_action_in_view(page, ".mg-grid", ".mg-tray", "#mg-roll")
    tap(page, "#mg-roll")
    seen.append(step(page))
    assert seen[-1][0] == 2 and "any cell" in seen[-1][1]
    guide_and_action_in_view(page, ".mg-grid", ".mg-tray")
    page.click('button[form="mg-pick"][data-die="0"]')  # the 5
    tap(page, 'button[form="mg-stage"][data-cell="5"]')
    seen.append(step(page))
    assert seen[-1][0] == 3 and "at most 1 away" in seen[-1][1]
    guide_and_action_in_view(page, ".mg-grid", ".mg-tray")
    screenshot(page, "tutorial-magdagdon-360-en-step3")
    page.click('button[form="mg-pick"][data-die="1"]')  # the 4: only beside the 5
    legal = page.locator('button[form="mg-stage"].legal')
    assert legal.count() > 0
    tap(page, 'button[form="mg-stage"].legal')
    seen.append(step(page))
    assert seen[-1][0] == 4 and "CONFIRM" in seen[-1][1]
    screenshot(page, "tutorial-magdagdon-360-en-step4")
    guide_and_action_in_view(page, ".mg-grid", "#mg-confirm")
    tap(page, "#mg-confirm")
    seen.append(step(page))
    assert seen[-1][0] == 5 and page.locator("[data-tutorial-play]").is_visible()
    assert len({text for _, text in seen}) == 5  # every step says something new
    finish_and_check_unranked(page, game)


def test_mishimash_how_to_play_by_tapping(phone):
    page = phone()
    game = how_to_play(page, "mishimash")
    assert step(page)[0] == 1
    tap(page, "#mm-roll")
    number, text = step(page)
    assert number == 2 and "set them aside" in text
    guide_and_action_in_view(page, ".dice-row", "#mm-again", "#mm-bank")
    screenshot(page, "tutorial-mishimash-360-en-step2")
    for die in (1, 2, 5, 4):  # three 4s and the 1 (the roll is 3 4 4 5 1 4)
        page.click(f'[data-die="{die}"]')
    tap(page, "#mm-again")
    number, text = step(page)
    assert number == 3 and "×2" in text
    guide_and_action_in_view(page, ".dice-row", "#mm-again", "#mm-bank")
    game.refresh_from_db()
    scoring = [i for i, face in enumerate(game.state.roll) if face in (1, 5)]
    page.click(f'[data-die="{scoring[0]}"]')
    tap(page, "#mm-bank")
    number, text = step(page)
    assert number == 4 and text.startswith("Banked")
    screenshot(page, "tutorial-mishimash-360-en-done")
    assert page.locator("[data-tutorial-play]").is_visible()
    finish_and_check_unranked(page, game)


def test_ishido_how_to_play_by_tapping(phone):
    page = phone()
    game = how_to_play(page, "ishido")
    texts = [step(page)[1]]
    assert "colour or its shape" in texts[0]
    guide_and_action_in_view(page, ".ishido-current", "[data-legal]")
    screenshot(page, "tutorial-ishido-360-en-step1")
    for number in (2, 3, 4):
        cell = page.locator("[data-legal]").first.get_attribute("data-cell")
        tap(page, f'[data-cell="{cell}"]')
        found, text = step(page)
        assert found == number and text not in texts
        texts.append(text)
    assert page.locator("[data-tutorial-play]").is_visible()
    finish_and_check_unranked(page, game)


@pytest.mark.parametrize("language", ["hu", "sk", "ar"])
def test_a_how_to_play_step_in_each_language(phone, language):
    page = phone(language)
    for key, move in (("magdagdon", "#mg-roll"), ("mishimash", "#mm-roll"), ("ishido", None)):
        how_to_play(page, key)
        english = {"magdagdon": "Tap a die", "mishimash": "Tap the dice", "ishido": "Place the"}
        if move:
            tap(page, move)
        number, text = step(page)
        assert number == (1 if move is None else 2)
        assert not text.startswith(english[key])  # translated
        guide_and_action_in_view(
            page, {"magdagdon": ".mg-tray", "mishimash": ".dice-row"}.get(key, "[data-legal]")
        )
        screenshot(page, f"tutorial-{key}-360-{language}-step{number}")
