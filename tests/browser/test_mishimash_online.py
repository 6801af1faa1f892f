"""MISHIMASH online in a real Chromium: three browser contexts (three devices with their own
cookies) open a table, join through the invite link, play a whole game to the end, and each
sees every move within 2 seconds without reloading, and the same final table."""

import re

import pytest

from games.core.models import Game
from games.mishimash.online.models import Table
from tests.support.browser import screenshot, watch_csp

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEEN_WITHIN_MS = 2_000  # the promise: every device sees each move within 2 seconds


@pytest.fixture
def devices(browser, live_server):
    contexts = [
        browser.new_context(viewport=size, locale="en-US", bypass_csp=True)
        for size in ({"width": 390, "height": 844}, {"width": 390, "height": 844},
                     {"width": 1280, "height": 900})
    ]  # fmt: skip
    pages = []
    for context in contexts:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.base_url = live_server.url
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()


def name_myself(page, name: str) -> None:
    page.fill("#id_nickname", name)
    page.get_by_role("button", name="Save nickname").click()


def version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or -1)


def wait_all(pages, number: int) -> None:
    """Every device shows the board at `number` without a reload (the poll brings it)."""
    for page in pages:
        page.wait_for_function(
            "v => +(document.querySelector('#board').dataset.version || -1) >= v",
            arg=number,
            timeout=SEEN_WITHIN_MS,
        )


def best_selection(state) -> tuple[int, ...]:
    return max(state.legal_selections(), key=lambda dice: state.selection_halves(dice) or 0)


def test_three_devices_play_a_whole_game_to_the_same_final_table(devices):
    anna, bela, cyril = devices
    anna.goto(anna.base_url + "/mishimash/online/new/")
    name_myself(anna, "Anna")
    anna.check('input[name=target][value="custom"]')
    anna.fill("input[name=custom_target]", "4")
    anna.select_option("select[name=size]", "3")
    anna.get_by_role("button", name="Open the table").click()
    anna.wait_for_url(re.compile(r"/mishimash/online/[\w-]{30,}/$"))
    invite = anna.locator("[data-invite]").inner_text()
    assert invite == anna.url
    assert anna.locator("img[data-qr]").evaluate("img => img.complete && img.naturalWidth > 0")

    for page, name in ((bela, "Béla"), (cyril, "Cyril")):
        page.goto(invite)
        name_myself(page, name)
        page.wait_for_url(invite)
        page.get_by_role("button", name=re.compile("Take a seat")).click()
        # The host's lobby shows the new seat without a reload.
        anna.locator(f'.mm-seats li[data-name="{name}"]').wait_for(timeout=SEEN_WITHIN_MS)
    screenshot(anna, "mishimash-online-lobby")
    anna.get_by_role("button", name="Start the game").click()
    for page in devices:
        page.locator('#board[data-stage="playing"]').wait_for(timeout=SEEN_WITHIN_MS)

    table = Table.objects.get(token=invite.rstrip("/").rsplit("/", 1)[1])
    seats = {seat.name: seat.position for seat in table.seats.all()}
    by_seat = {seats["Anna"]: anna, seats["Béla"]: bela, seats["Cyril"]: cyril}
    game = Game.objects.get(pk=table.game_id)
    moves = 0
    while game.is_active:
        state = game.state
        page = by_seat[state.current]
        assert page.title().startswith("Your turn!")
        assert page.locator("[data-your-turn-banner]").is_visible()
        for other in by_seat.values():
            if other is not page:
                assert not other.title().startswith("Your turn!")
        if state.roll:
            for die in best_selection(state):
                page.click(f'button[data-die="{die}"]')
            page.locator("#mm-bank:not([disabled])").click()
        else:
            page.click("#mm-roll")
        moves += 1
        page.wait_for_function(
            "v => +document.querySelector('#board').dataset.version >= v", arg=moves
        )
        wait_all(devices, moves)
        game.refresh_from_db()
        assert game.version == moves
        # Every device shows the same dice, scores and log as the stored game.
        dice = [page.locator("#board [data-die]").evaluate_all(
            "ds => ds.map(d => d.dataset.value).join()") for page in devices]  # fmt: skip
        assert len(set(dice)) == 1
        if game.is_active:
            scores = {
                page.locator(".mm-scores [data-score]").evaluate_all(
                    "ls => ls.map(l => l.dataset.player + ':' + l.dataset.score).join()"
                )
                for page in devices
            }  # fmt: skip (the mover's own board also shows the points it just earned)
            logs = {page.locator(".mm-log .mm-lines").first.inner_text() for page in devices}
            assert len(scores) == 1 and len(logs) == 1
        assert moves < 200

    finals = [page.locator("[data-final-table]").inner_text() for page in devices]
    assert finals[0] == finals[1] == finals[2]
    assert all(name in finals[0] for name in ("Anna", "Béla", "Cyril"))
    for page in devices:
        assert not page.title().startswith("Your turn!")
    screenshot(cyril, "mishimash-online-final")


def test_the_table_pages_keep_the_content_security_policy(browser, live_server, page):
    """The host's pages under the real policy (no test-tool bypass): the lobby, the QR code,
    the polls, the start and a move; a second device joins meanwhile."""
    strict = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    host = strict.new_page()
    host.set_default_timeout(10_000)
    complaints = watch_csp(host)
    host.goto(live_server.url + "/mishimash/online/new/")
    name_myself(host, "Anna")
    host.select_option("select[name=size]", "2")
    host.get_by_role("button", name="Open the table").click()
    host.wait_for_url(re.compile(r"/mishimash/online/[\w-]{30,}/$"))
    assert host.locator("img[data-qr]").evaluate("img => img.complete && img.naturalWidth > 0")
    page.goto(host.url)
    name_myself(page, "Béla")
    page.get_by_role("button", name=re.compile("Take a seat")).click()
    host.locator('.mm-seats li[data-name="Béla"]').wait_for(timeout=SEEN_WITHIN_MS)
    host.get_by_role("button", name="Start the game").click()
    host.locator("#mm-roll").click()
    host.locator('#board[data-version="1"]').wait_for()
    page.locator('#board[data-version="1"]').wait_for(timeout=SEEN_WITHIN_MS)
    strict.close()
    assert complaints == []


def test_the_invite_is_for_the_lobby_and_a_friend_sees_the_seat_first(devices):
    anna, bela, cyril = devices  # cyril: a desktop
    cyril.goto(cyril.base_url + "/mishimash/online/new/")
    name_myself(cyril, "Cyril")
    cyril.get_by_role("button", name="Open the table").click()
    cyril.wait_for_url(re.compile(r"/mishimash/online/[\w-]{30,}/$"))
    invite = cyril.url
    # The host sends it: open, with SHARE and the QR code; the lobby uses the whole width.
    assert cyril.locator("[data-invite-panel]").get_attribute("open") is not None
    assert cyril.locator("[data-invite-panel] [data-share]").is_visible()
    assert cyril.locator("img[data-qr]").is_visible()
    main = cyril.locator("#board > .mm-main").bounding_box()
    board = cyril.locator("#board").bounding_box()
    assert main["width"] >= board["width"] - 2  # no empty column beside it
    screenshot(cyril, "mishimash-online-lobby-desktop")

    bela.goto(invite)
    name_myself(bela, "Béla")
    bela.wait_for_url(invite)
    join = bela.get_by_role("button", name=re.compile("Take a seat"))
    panel = bela.locator("[data-invite-panel]")
    assert join.bounding_box()["y"] < panel.bounding_box()["y"]  # the seat first
    assert panel.get_attribute("open") is None and not bela.locator("img[data-qr]").is_visible()
    screenshot(bela, "mishimash-online-friend-before-seat")
    join.click()
    bela.locator("[data-invite-panel][open]").wait_for()  # seated: now theirs to send too

    cyril.locator('.mm-seats li[data-name="Béla"]').wait_for(timeout=SEEN_WITHIN_MS)
    cyril.get_by_role("button", name="Start the game").click()
    for page in (bela, cyril):
        page.locator('#board[data-stage="playing"]').wait_for(timeout=SEEN_WITHIN_MS)
        assert page.locator("[data-invite-panel]").get_attribute("open") is None
        assert page.locator("img[data-qr]").count() == 0
    screenshot(bela, "mishimash-online-started-phone")
