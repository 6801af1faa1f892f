"""A tap while the connection is down: the page says so at once, sends the same move again
when the connection is back, and a move is never doubled (its version makes a second copy a
409 with the current board)."""

import pytest

from games.core.models import Game
from tests.support.browser import screenshot
from tests.support.ishido_browser import legal_cells, start, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def moves_stored(game: Game) -> int:
    return game.actions.count()


def test_a_tap_offline_is_told_at_once_and_sent_when_the_connection_is_back(page):
    game = start(page)
    cell = legal_cells(page)[0]
    page.context.set_offline(True)
    page.click(f'[data-cell="{cell}"]')
    note = page.locator("#connection")
    note.wait_for(state="visible", timeout=2_000)  # at once: no waiting for the server
    assert "Connection lost" in note.inner_text()
    screenshot(page, "connection-lost-phone")
    assert moves_stored(game) == 0 and version(page) == "0"  # nothing moved, nothing stored

    page.context.set_offline(False)
    page.wait_for_function("() => document.querySelector('input[name=version]').value === '1'")
    note.wait_for(state="hidden")
    assert moves_stored(game) == 1
    assert page.locator(f'[data-cell="{cell}"]').get_attribute("data-value")  # the stone is on it


def test_a_move_whose_answer_was_lost_is_sent_again_and_never_doubled(page):
    game = start(page)
    cell = legal_cells(page)[0]
    lost = []

    def reach_the_server_then_drop_the_answer(route):
        if not lost:
            lost.append(route.fetch().status)  # the server applies the move...
            route.abort("connectionreset")  # ...and its answer never arrives
        else:
            route.continue_()

    page.route("**/place/", reach_the_server_then_drop_the_answer)
    page.click(f'[data-cell="{cell}"]')
    page.locator("#connection").wait_for(state="visible", timeout=2_000)
    # The same request goes again (a few seconds later): the server answers it with the
    # current board, which already holds the move.
    page.wait_for_function(
        "() => document.querySelector('input[name=version]').value === '1'", timeout=15_000
    )
    page.locator("#connection").wait_for(state="hidden")
    assert lost == [200]
    assert moves_stored(game) == 1
    assert page.locator("[data-error]").count() <= 1  # at most the "old board" note
