"""Every refused request: a clear message, the right status, and the game exactly as it was
(same version, snapshot, actions and status), as a plain POST and as an htmx POST."""

import html as html_lib

import pytest

from games.core.models import Game
from games.rules import magdagdon as rules
from tests.support.games import frozen
from tests.support.magdagdon import start_at, start_seeded, url

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[False, True], ids=["plain", "htmx"])
def htmx(request) -> bool:
    return request.param


def refused(
    client, game: Game, action: str, data: dict, message: str, htmx: bool, status: int = 400
) -> str:
    before = frozen(game)
    response = client.post(url(game, action), {"version": game.version, **data}, htmx=htmx)
    assert response.status_code == status
    page = html_lib.unescape(response.content.decode())
    assert "data-error" in page and message in page, page[:4000]
    assert frozen(game) == before
    # The answer still shows the current board to play on.
    assert f'name="version" value="{game.version}"' in page or game.status != "active"
    assert page.lstrip().startswith('<section id="board"') == htmx
    return page


@pytest.fixture
def placing(client) -> Game:
    return start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3))


# --- a die index that does not exist ----------------------------------------------------------
@pytest.mark.parametrize("action", ["stage", "unstage", "decrease", "increase"])
@pytest.mark.parametrize("die", ["4", "-1", "two", ""])
def test_a_die_that_does_not_exist(client, placing, htmx, action, die):
    data = {"die": die, "cell": 1}
    message = "Choose a die." if die == "" else "There is no such die: the roll has dice 1 to 4."
    refused(client, placing, action, data, message, htmx)


@pytest.mark.parametrize("dice", [["4"], ["0", "7"], ["x"]])
def test_reroll_of_a_die_that_does_not_exist(client, placing, htmx, dice):
    refused(client, placing, "reroll", {"dice": dice}, "There is no such die", htmx)


def test_reroll_with_no_die_ticked(client, placing, htmx):
    refused(client, placing, "reroll", {}, "Tick at least one die to reroll.", htmx)


def test_reroll_with_a_die_ticked_twice(client, placing, htmx):
    refused(
        client, placing, "reroll", {"dice": ["1", "1"]}, "Each die can be chosen only once.", htmx
    )


# --- a staged die fed to a power (M14) ---------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "data"),
    [("decrease", {"die": 0}), ("increase", {"die": 0}), ("reroll", {"dice": ["2", "0"]})],
)
def test_M14_a_staged_die_fed_to_a_power(client, htmx, action, data):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3), staged=[(0, 1)])
    refused(client, game, action, data, "Die 1 is staged; take it back before using a power.", htmx)


def test_M3_a_staged_die_staged_again(client, htmx):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3), staged=[(0, 1)])
    refused(client, game, "stage", {"die": 0, "cell": 4}, "Die 1 is already on the board.", htmx)


def test_M3_taking_back_a_die_that_is_not_staged(client, placing, htmx):
    refused(client, placing, "unstage", {"die": 2}, "Die 3 is not staged.", htmx)


# --- a cell out of range or not legal ----------------------------------------------------------
@pytest.mark.parametrize("cell", ["16", "-1", "abc", "3.5"])
def test_a_cell_out_of_range(client, placing, htmx, cell):
    refused(client, placing, "stage", {"die": 0, "cell": cell}, "There is no such cell", htmx)


def test_a_missing_cell(client, placing, htmx):
    refused(client, placing, "stage", {"die": 0}, "Choose a cell for the die.", htmx)


@pytest.mark.parametrize(
    ("die", "cell", "message"),
    [
        (0, 0, "Row 1, column 1 already holds a number."),
        (0, 10, "Row 3, column 3 does not touch any number."),
        (2, 1, "A 1 cannot go next to a 3 (row 1, column 2): they differ by more than 1."),
    ],
)
def test_M9_a_cell_that_is_not_legal(client, htmx, die, cell, message):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 1, 3))
    refused(client, game, "stage", {"die": die, "cell": cell}, message, htmx)


def test_M10_a_ruin_cell(client, htmx):
    game = start_at(client, "3X.. .... .... ....", roll=(4, 6, 1, 3))
    refused(client, game, "stage", {"die": 0, "cell": 1}, "Row 1, column 2 is a RUIN.", htmx)


def test_M3_a_cell_holding_a_staged_die(client, htmx):
    game = start_at(client, "3... .... .... ....", roll=(4, 3, 1, 3), staged=[(0, 1)])
    message = "Row 1, column 2 already holds a staged die."
    refused(client, game, "stage", {"die": 1, "cell": 1}, message, htmx)


# --- CONFIRM below the minimum (M4) ------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "staged", "message"),
    [
        ("peaceful", [], "0 staged, 2 required"),
        ("peaceful", [(0, 1)], "1 staged, 2 required"),
        ("nightmare", [(0, 1), (3, 4)], "2 staged, 3 required"),
    ],
)
def test_M4_confirm_below_the_minimum(client, htmx, difficulty, staged, message):
    game = start_at(
        client, "3... .... .... ....", roll=(4, 6, 2, 3), staged=staged, difficulty=difficulty
    )
    refused(client, game, "confirm", {}, "Not enough dice staged to confirm: " + message, htmx)


# --- a power with none left (M5) ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "data"),
    [("decrease", {"die": 0}), ("increase", {"die": 0}), ("reroll", {"dice": ["0"]})],
)
def test_M5_a_power_with_none_left(client, htmx, action, data):
    game = start_at(
        client, "3... .... .... ....", roll=(4, 6, 2, 3), difficulty="survival", powers=["reroll"]
    )
    refused(client, game, action, data, "You have no Majda Power uses left.", htmx)


def test_M5_no_powers_in_nightmare(client, htmx):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3), difficulty="nightmare")
    refused(client, game, "increase", {"die": 0}, "NIGHTMARE has no Majda Powers.", htmx)


@pytest.mark.parametrize(
    ("action", "value", "message"),
    [
        ("decrease", 1, "Die 1 shows 1 and cannot go lower."),
        ("increase", 6, "Die 1 shows 6 and cannot go higher."),
    ],
)
def test_M12_never_below_one_nor_above_six(client, htmx, action, value, message):
    game = start_at(client, "3... .... .... ....", roll=(value, 3, 3, 3))
    refused(client, game, action, {"die": 0}, message, htmx)


# --- ACCEPT MAGDAGDON on a saveable roll (M17) -------------------------------------------------
def test_M17_accept_magdagdon_on_a_saveable_roll(client, placing, htmx):
    message = "This roll can still be placed, so MAGDAGDON cannot be accepted"
    refused(client, placing, "accept", {"cell": 5}, message, htmx)


def test_M16_the_ruin_must_go_on_an_empty_cell(client, htmx):
    game = start_at(client, "1121 2... ..X. ....", roll=(6, 6, 5, 4))
    message = "Row 1, column 1 is not empty; choose an empty cell for the RUIN."
    refused(client, game, "accept", {"cell": 0}, message, htmx)
    refused(client, game, "accept", {"cell": "16"}, "There is no such cell", htmx)
    refused(client, game, "accept", {}, "Choose the empty cell that becomes the RUIN.", htmx)


def test_M16_staging_during_magdagdon_is_refused(client, htmx):
    game = start_at(client, "1121 2... ..X. ....", roll=(6, 6, 5, 4))
    message = "This roll is a MAGDAGDON: use a Majda Power or accept MAGDAGDON."
    refused(client, game, "stage", {"die": 3, "cell": 5}, message, htmx)
    refused(client, game, "confirm", {}, message, htmx)


# --- out of turn ---------------------------------------------------------------------------
def test_M2_rolling_twice(client, placing, htmx):
    refused(client, placing, "roll", {}, "You have already rolled this turn.", htmx)


@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("stage", {"die": 0, "cell": 0}),
        ("confirm", {}),
        ("increase", {"die": 0}),
        ("reroll", {"dice": ["0"]}),
        ("unstage", {"die": 0}),
        ("accept", {"cell": 0}),
    ],
)
def test_acting_before_the_roll(client, htmx, action, data):
    game = start_seeded(client)
    refused(client, game, action, data, "Roll the dice first.", htmx)


# --- an action on a finished game ----------------------------------------------------------
@pytest.mark.parametrize(("action", "data"), [("roll", {}), ("stage", {"die": 0, "cell": 15})])
def test_an_action_on_a_finished_game(client, htmx, action, data):
    game = start_at(client, "1234 2222 3X43 432.", roll=(2, 2, 2, 2))
    client.post(url(game, "stage"), {"version": 0, "die": 0, "cell": 15})
    client.post(url(game, "confirm"), {"version": 1})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    refused(client, game, action, data, "This game has ended; start a new one.", htmx)


# --- a replayed POST (another tab, a double tap) -----------------------------------------------
def test_a_double_tap_on_the_last_move_gets_the_final_board(client, htmx):
    game = start_at(client, "1234 2222 3X43 432.", roll=(2, 2, 2, 2))
    client.post(url(game, "stage"), {"version": 0, "die": 0, "cell": 15})
    assert client.post(url(game, "confirm"), {"version": 1}).status_code == 303
    before = frozen(game)
    response = client.post(url(game, "confirm"), {"version": 1}, htmx=htmx)
    assert response.status_code == 409  # the second tap was made on the board before the end
    page = html_lib.unescape(response.content.decode())
    assert "That move was made on an old board" in page and "data-final-score" in page
    assert frozen(game) == before and game.actions.count() == 2


def test_a_replayed_post_is_stale(client, htmx):
    game = start_at(client, "3... .... .... ....", roll=(4, 3, 2, 6))
    data = {"version": 0, "die": 0, "cell": 1}
    assert client.post(url(game, "stage"), data).status_code == 303
    before = frozen(game)
    response = client.post(url(game, "stage"), data, htmx=htmx)
    assert response.status_code == 409
    page = html_lib.unescape(response.content.decode())
    assert "That move was made on an old board" in page
    assert frozen(game) == before and game.state.staged == ((0, 1),)
    assert 'name="version" value="1"' in page  # the current board comes back


@pytest.mark.parametrize("version", ["", "x", "-1"])
def test_a_missing_or_broken_version(client, placing, htmx, version):
    before = frozen(placing)
    response = client.post(url(placing, "confirm"), {"version": version}, htmx=htmx)
    assert response.status_code == 400 and "data-error" in response.content.decode()
    assert frozen(placing) == before


def test_a_stale_power_is_not_applied_twice(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3))
    data = {"version": 0, "die": 0}
    assert client.post(url(game, "increase") + "?die=0", data).status_code == 303
    assert client.post(url(game, "increase") + "?die=0", data).status_code == 409
    game.refresh_from_db()
    assert game.state.roll[0] == 5 and game.state.powers_used == ("increase",)


def test_a_forged_state_never_reaches_the_rules():
    """The browser names actions only; the state comes from the server's snapshot."""
    state = rules.State.from_dict(
        {
            "difficulty": "peaceful",
            "board": "." * 16,
            "roll": "",
            "staged": [],
            "powers_used": [],
            "turns": 0,
            "phase": "rolling",
        }
    )
    assert state.phase == "rolling"
