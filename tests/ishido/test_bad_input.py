"""Every refused move: a clear message, the right status, and the game exactly as it was."""

import html as html_lib

import pytest

from games.core.models import Game
from games.rules import ishido
from tests.support.games import frozen
from tests.support.ishido import place_url, start_from

pytestmark = pytest.mark.django_db


def refused(client, game: Game, data: dict, status: int, message: str, htmx: bool) -> str:
    before = frozen(game)
    response = client.post(place_url(game), data, htmx=htmx)
    assert response.status_code == status
    page = html_lib.unescape(response.content.decode())
    assert "data-error" in page and message in page, page[:3000]
    assert frozen(game) == before
    return page


@pytest.fixture(params=[False, True], ids=["plain", "htmx"])
def htmx(request) -> bool:
    return request.param


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("96", "There is no such cell"),
        ("-1", "There is no such cell"),
        ("1e3", "A cell is a whole number"),
        ("abc", "A cell is a whole number"),
        ("", "Choose a cell for the stone."),
    ],
)
def test_a_cell_out_of_range_or_unreadable(client, game, htmx, cell, message):
    refused(client, game, {"cell": cell, "version": 0}, 400, message, htmx)


def test_a_missing_cell(client, game, htmx):
    refused(client, game, {"version": 0}, 400, "Choose a cell for the stone.", htmx)


def test_an_occupied_cell(client, game, htmx):
    cell = ishido.OPENING_CELLS[4]  # row 4, column 6
    refused(client, game, {"cell": cell, "version": 0}, 400, "Row 4, column 6 is not empty", htmx)


def test_an_illegal_cell(client, game, htmx):
    state = game.state
    cell = next(c for c in range(96) if state.board[c] is None and c not in state.legal_cells)
    row, column = divmod(cell, 12)
    message = f"The current stone cannot go on row {row + 1}, column {column + 1}: it must"
    page = refused(client, game, {"cell": cell, "version": 0}, 400, message, htmx)
    # The answer still shows the board to play on.
    assert f'name="version" value="{game.version}"' in page


def test_a_cell_with_no_neighbour_says_why(client, game, htmx):
    cell = 3 * 12 + 9  # row 4, column 10: no opening stone nearby
    assert all(game.state.board[n] is None for n in ishido.NEIGHBOURS[cell])
    refused(
        client, game, {"cell": cell, "version": 0}, 400, "it must touch at least one stone", htmx
    )


def test_a_forged_stone(client, game, htmx):
    state = game.state
    current = ishido.stone_name(state.current_stone)
    forged = next(
        ishido.stone_name((c, s))
        for c in range(6)
        for s in range(6)
        if ishido.stone_name((c, s)) != current
    )
    data = {"cell": min(state.legal_cells), "version": 0, "stone": forged}
    page = refused(client, game, data, 400, "That is not the current stone", htmx)
    assert forged.replace("-", " ") in page


def test_an_unknown_stone(client, game, htmx):
    data = {"cell": min(game.state.legal_cells), "version": 0, "stone": "purple-star"}
    refused(client, game, data, 400, "There is no stone called “purple-star”", htmx)


def test_the_true_stone_is_accepted(client, game):
    state = game.state
    data = {"cell": min(state.legal_cells), "version": 0}
    data["stone"] = ishido.stone_name(state.current_stone)
    assert client.post(place_url(game), data).status_code == 303


def test_a_stale_version(client, game, htmx):
    first = min(game.state.legal_cells)
    old_stone = ishido.stone_name(game.state.current_stone)
    assert client.post(place_url(game), {"cell": first, "version": 0}).status_code == 303
    game.refresh_from_db()
    cell = min(game.state.legal_cells)
    # The old page's form: its version and its (then current) stone.
    data = {"cell": cell, "version": 0, "stone": old_stone}
    page = refused(client, game, data, 409, "That move was made on an old board", htmx)
    assert 'name="version" value="1"' in page  # the current board comes back


@pytest.mark.parametrize("version", ["", "x", "-1"])
def test_a_missing_or_malformed_version(client, game, htmx, version):
    before = frozen(game)
    data = {"cell": min(game.state.legal_cells), "version": version}
    response = client.post(place_url(game), data, htmx=htmx)
    assert response.status_code == 400 and b"data-error" in response.content
    assert frozen(game) == before


def test_a_move_after_the_end(client, htmx):
    game = start_from(client, {0: "red-star"}, ["red-circle"])
    assert client.post(place_url(game), {"cell": 1, "version": 0}).status_code == 303
    refused(client, game, {"cell": 12, "version": 1}, 400, "This game has ended", htmx)


def test_get_on_the_place_url_is_refused(client, game):
    assert client.get(place_url(game)).status_code == 405
    assert frozen(game)[0] == 0


def test_without_a_csrf_token_nothing_happens(client, game):
    before = frozen(game)
    data = {"cell": min(game.state.legal_cells), "version": 0, "csrfmiddlewaretoken": "bad"}
    assert client.post(place_url(game), data).status_code == 403
    assert frozen(game) == before
