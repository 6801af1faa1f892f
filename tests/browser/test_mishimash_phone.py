"""MISHIMASH on a phone and a desktop: every state on one screen with its one primary action,
ticking dice answered on the page without a request, the dice as toggle buttons in the
accessibility tree, what a move did announced, and the start form at 360 px. Screenshots of
each state (phone and desktop, light and dark, Arabic) for people to look at."""

import re

import pytest

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import mishimash as rules
from tests.support.browser import UNMARKED_SUMMARIES, screenshot
from tests.support.games import set_state
from tests.support.mishimash import BUST_FIRST, CLEAR_FIRST
from tests.support.mishimash_rules import bot_action

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KIND = get_kind("mishimash")
TRIO = ("Anna", "Béla", "Cyril")
EIGHT = ("Anna", "Béla", "Cyril", "Dóra", "Emil", "Franciska", "Gábor", "Hajnalka")
SIZES = [(360, 740), (390, 844), (1280, 800), (740, 360), (844, 390)]


def me(page) -> Player:
    """The browser's player (made by starting a game through the form)."""
    page.goto(page.base_url + "/mishimash/new/")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/mishimash/\d+/$"))
    return Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1])).player


def new(player, players=TRIO, target=1000, seed="fixed") -> Game:
    return Game.start(player, KIND, rules.Options(players, target), seed=seed)


def do(game: Game, *actions: rules.Action) -> Game:
    for action in actions:
        game.apply_action(action, game.version)
        game.refresh_from_db()
    return game


def near_target(player, players, target=500) -> Game:
    """The first seat banks to the target with the 1 of its next roll (seed "fixed")."""
    game = new(player, players, target)
    n = len(players)
    banked = (2 * target - 2,) + (0,) * (n - 1)
    state = rules.State(game.state.options, banked_halves=banked, turns=(7,) * n)
    return set_state(game, state, "fixed")


def to_the_end(game: Game) -> Game:
    while game.status == Game.Status.ACTIVE:
        do(game, bot_action(game.state, 40))
    return game


def sudden_death(player) -> Game:
    game = new(player, TRIO, target=10)
    state = rules.State(
        game.state.options, banked_halves=(22, 0, 22), turns=(3, 3, 3), final_round_by=0,
        sudden_death_round=1, contenders=(0, 2), due=(2,),
    )  # fmt: skip
    return do(set_state(game, state, "fixed"), rules.Roll(0))


def state_games(player) -> dict[str, Game]:
    """One game in each state the page must fit (the moves made on the server; each game is
    played before the next starts, which abandons it)."""
    everything = (1, 2, 3, 4, 5, 0)
    games = {
        "before-roll": lambda: new(player, ("Zsófi",)),
        "ticked": lambda: do(new(player, EIGHT), rules.Roll(0)),
        "bust": lambda: do(new(player, TRIO, seed=BUST_FIRST), rules.Roll(0)),
        "bank": lambda: do(new(player, TRIO), rules.Roll(0), rules.SelectAndBank(0, (0, 1, 4))),
        "clear": lambda: do(
            new(player, TRIO, seed=CLEAR_FIRST),
            rules.Roll(0),
            rules.SelectAndRollAgain(0, tuple(sorted(everything))),
        ),  # fmt: skip
        "final-round": lambda: do(
            near_target(player, EIGHT), rules.Roll(0), rules.SelectAndBank(0, (0,)), rules.Roll(1)
        ),
        "sudden-death": lambda: sudden_death(player),
        "finished-solo": lambda: do(
            near_target(player, ("Zsófi",)), rules.Roll(0), rules.SelectAndBank(0, (0,))
        ),
        "finished-hot-seat": lambda: to_the_end(near_target(player, EIGHT)),
    }
    made = {name: make() for name, make in games.items()}
    # A player has one running game of a kind (a new one abandons the last): here all run.
    abandoned = Game.objects.filter(
        pk__in=[g.pk for g in made.values()], status=Game.Status.ABANDONED
    )
    abandoned.update(status=Game.Status.ACTIVE, finished_at=None)
    for game in made.values():
        game.refresh_from_db()
    return made


BOXES = """() => {
  const out = {};
  for (const [name, sel] of Object.entries({primary: '[data-primary]',
      dice: '#board .dice-row', preview: '.mm-preview-slot', again: '#mm-again',
      status: '.mm-status', results: '.mm-results h2'})) {
    const el = document.querySelector(sel);
    if (el) {
      const r = el.getBoundingClientRect(); out[name] = [r.left, r.top, r.right, r.bottom];
    }
  }
  out.primaries = [...document.querySelectorAll('[data-primary]')]
    .filter(e => e.offsetParent).length;
  out.scrollWidth = document.documentElement.scrollWidth;
  return out;
}"""


def test_every_state_fits_one_screen_with_one_primary_action(browser, live_server):
    context = browser.new_context(locale="en-US", bypass_csp=True)
    page = context.new_page()
    page.base_url = live_server.url
    games = state_games(me(page))
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for name, game in games.items():
            page.goto(live_server.url + game.get_absolute_url())
            if name == "ticked":
                for i in (0, 1, 4):
                    page.click(f'[data-die="{i}"]')
            boxes = page.evaluate(BOXES)
            if boxes.pop("primaries") != 1:
                problems.append(f"{name} {width}x{height}: not exactly one primary action")
            if boxes.pop("scrollWidth") > width:
                problems.append(f"{name} {width}x{height}: sideways scroll")
            for part, (left, top, right, bottom) in boxes.items():
                if left < 0 or top < 0 or right > width + 0.5 or bottom > height + 0.5:
                    problems.append(f"{name} {width}x{height}: {part} at {top:.0f}-{bottom:.0f}")
            cut = page.evaluate(
                "() => [...document.querySelectorAll('.mm-scores .tag')].filter(t => {"
                " const r = t.getBoundingClientRect();"
                " const w = t.closest('.who').getBoundingClientRect();"
                " return t.scrollWidth > t.clientWidth + 1 || r.left < w.left - .5"
                " || r.right > w.right + .5; }).length"
            )
            if cut:
                problems.append(f"{name} {width}x{height}: {cut} players' tags cut short")
            if unmarked := page.evaluate(UNMARKED_SUMMARIES):
                problems.append(f"{name} {width}x{height}: no disclosure marker on {unmarked}")
            needed = {"primary"} | ({"dice"} if not name.startswith("finished") else set())
            if name in ("ticked", "clear", "final-round", "sudden-death"):
                needed |= {"preview", "again"}
            missing = needed - set(boxes)
            if missing:
                problems.append(f"{name} {width}x{height}: no {missing}")
            if (width, height) in ((360, 740), (740, 360)):
                screenshot(page, f"mishimash-fit-{name}-{width}x{height}")
    context.close()
    assert problems == [], "\n".join(problems)


def test_ticking_dice_asks_nothing_and_a_move_posts_once(page):
    player = me(page)
    game = do(new(player, ("Anna", "Béla")), rules.Roll(0))  # 1 5 2 4 5 2
    page.goto(page.base_url + game.get_absolute_url())
    page.wait_for_load_state("networkidle")
    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url)))
    for i in (0, 1, 4, 2):
        page.click(f'[data-die="{i}"]')
    # A 2 alone scores nothing: refused on the page, the moves disabled.
    assert page.locator("[data-preview]").get_attribute("data-preview") == "illegal"
    assert "A 2 scores only" in page.locator(".mm-preview-slot").inner_text()
    assert page.locator("#mm-bank").is_disabled() and page.locator("#mm-again").is_disabled()
    page.click('[data-die="2"]')  # untick it again
    preview = page.locator(".mm-preview-slot").inner_text()
    assert "one 1 + two 5s = 2 × 1 = 2" in preview and "Turn: 2" in preview
    assert page.locator("[data-preview]").get_attribute("data-gain") == "2"
    assert page.locator("#mm-again").inner_text().split() == ["ROLL", "AGAIN", "(3", "dice)"]
    assert requests == [], requests
    page.click("#mm-bank")
    page.wait_for_selector('[data-last-turn="bank"]')
    page.wait_for_load_state("networkidle")
    assert [method for method, _ in requests] == ["POST"]
    game.refresh_from_db()
    assert game.state.banked_halves == (4, 0)
    # What the move did: announced, its sound named, the points next to the score.
    board = page.locator("#board")
    assert board.get_attribute("data-sound") == "bank"
    page.wait_for_function("document.getElementById('announce').textContent.length > 0")
    assert page.locator("#announce").inner_text() == ("Anna banked 2 points: total 2. Béla’s turn")
    assert page.locator('[data-player="0"] .gain').inner_text() == "+2"


def test_the_dice_are_toggle_buttons_in_the_accessibility_tree(page):
    game = do(new(me(page), ("Anna", "Béla")), rules.Roll(0))
    page.goto(page.base_url + game.get_absolute_url())
    page.click('[data-die="1"]')
    tree = page.locator(".mm-dice").aria_snapshot()
    buttons = re.findall(r'button "(Die \d: \d)"( \[pressed\])?', tree)
    assert buttons == [(f"Die {i + 1}: {v}", " [pressed]" if i == 1 else "")
                       for i, v in enumerate(game.state.roll)]  # fmt: skip
    # The keyboard: one tab stop, arrow keys along the row, Space toggles.
    page.focus("#die-1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "die-4"
    page.keyboard.press("Space")
    assert page.locator("#die-4").get_attribute("aria-pressed") == "true"
    tabs = page.locator("button[data-die]").evaluate_all("els => els.map(e => e.tabIndex)")
    assert tabs == [-1, -1, -1, -1, 0, -1]
    page.keyboard.press("Enter")
    assert page.locator("#die-4").get_attribute("aria-pressed") == "false"


def test_a_bust_shows_its_roll_on_the_dice(page):
    game = do(new(me(page), TRIO, seed=BUST_FIRST), rules.Roll(0))
    page.goto(page.base_url + game.get_absolute_url())
    roll = next(e for e in reversed(game.state.log) if isinstance(e, rules.Rolled)).faces
    shown = page.locator("[data-busted-die]").evaluate_all("els => els.map(e => +e.dataset.value)")
    assert tuple(shown) == roll
    assert page.locator(".die.blank").count() == 0
    assert "Pass the device to Béla." in page.locator(".mm-pass").inner_text()


def test_the_start_form_at_360_px(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.goto(live_server.url + "/mishimash/new/")
    for choice in ("solo", "hotseat", "500", "custom"):
        radio = page.locator(f'input[type=radio][value="{choice}"]').bounding_box()
        label = page.locator(
            f'label[for="{page.locator(f"input[value={choice!r}]").get_attribute("id")}"]'
        )
        box = label.bounding_box()
        assert radio["x"] + radio["width"] <= box["x"], f"{choice}: the radio is beside its label"
        assert box["y"] <= radio["y"] + radio["height"] / 2 <= box["y"] + box["height"]
    page.check("input[value=hotseat]")
    boxes = page.locator("input[name=players]")
    assert [boxes.nth(i).is_visible() for i in range(8)] == [True] * 2 + [False] * 6
    page.select_option("#id_count", "4")
    assert [boxes.nth(i).is_visible() for i in range(8)] == [True] * 4 + [False] * 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "mishimash-new-360-hot-seat")
    for i, name in enumerate(("Anna", "Béla", "Cyril", "Dóra")):
        boxes.nth(i).fill(name)
    page.select_option("#id_count", "3")  # Dóra is left out
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/mishimash/\d+/$"))
    game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert game.options["players"] == ["Anna", "Béla", "Cyril"]
    context.close()


# The players whose name's first letter is outside their chip's name box (cut at the start).
FIRST_LETTERS_SEEN = """() => [...document.querySelectorAll('.mm-scores .who > bdi')]
  .filter(name => {
    const range = document.createRange();
    range.setStart(name.firstChild, 0); range.setEnd(name.firstChild, 1);
    const letter = range.getBoundingClientRect();
    const box = name.closest('.who').getBoundingClientRect();
    return letter.left < box.left - .5 || letter.right > box.right + .5;
  }).map(name => name.textContent)"""


@pytest.mark.parametrize(("scheme", "language"), [("light", "en"), ("dark", "en"), ("light", "ar")])
def test_screenshots_of_the_states(browser, live_server, scheme, language):
    for width, height in ((360, 740), (1280, 800)):
        context = browser.new_context(
            viewport={"width": width, "height": height}, color_scheme=scheme, locale="en-US",
            reduced_motion="reduce",
        )  # fmt: skip
        page = context.new_page()
        page.base_url = live_server.url
        games = state_games(me(page))
        if language != "en":
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": live_server.url}]
            )
        for name in ("ticked", "bust", "clear", "finished-solo", "finished-hot-seat"):
            page.goto(live_server.url + games[name].get_absolute_url())
            if name == "ticked":
                for i in (0, 1, 4):
                    page.click(f'[data-die="{i}"]')
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert page.evaluate(FIRST_LETTERS_SEEN) == [], name  # a long name cut at its end
            screenshot(page, f"mishimash-{name}-{width}-{scheme}-{language}")
        context.close()


@pytest.mark.parametrize("language", ["hu", "sk", "ar"])
def test_the_turns_numbers_labels_stay_in_their_columns(browser, live_server, language):
    """In Hungarian "Játékban lévő kockák" ran into "Cél" on a phone."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.base_url = live_server.url
    game = do(new(me(page), TRIO), rules.Roll(0))
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(live_server.url + game.get_absolute_url())
    overflowing = page.evaluate(
        "() => [...document.querySelectorAll('.mm-stats dt, .mm-stats dd')]"
        ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"
    )
    assert overflowing == []
    context.close()
