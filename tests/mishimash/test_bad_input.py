"""Every refused MISHIMASH move: a clear message, the right status, and the game exactly as
it was (version, snapshot, actions, status and dice stream), with htmx and without."""

import pytest
from django.urls import reverse

from games.core.models import Game
from games.rules import mishimash as rules
from tests.support.games import frozen
from tests.support.mishimash import move, put_state, start, text, url

pytestmark = pytest.mark.django_db


def refused(client, game: Game, name: str, data: dict, status: int, message: str, htmx: bool):
    before = frozen(game)
    response = client.post(url(name, game), data, htmx=htmx)
    assert response.status_code == status
    page = text(response)
    assert "data-error" in page and message in page, page[:3000]
    assert frozen(game) == before
    return page


@pytest.fixture
def rolled(client, game) -> Game:
    """Anna has rolled 1-5-2-4-5-2 (seed "fixed"): version 1."""
    assert move(client, game, "roll").status_code == 303
    game.refresh_from_db()
    return game


@pytest.fixture
def three_dice(client, game) -> Game:
    """Anna's roll 2 shows three dice: 1-1-1 would be ... here 2-1-2."""
    move(client, game, "roll")
    move(client, game, "roll_again", dice=[0, 1, 4])
    game.refresh_from_db()
    return game


def at(game: Game, **data) -> dict:
    return {"version": game.version, "player": game.state.current, **data}


@pytest.mark.parametrize("name", ["bank", "roll_again"])
def test_a_die_that_is_not_in_the_roll(client, three_dice, htmx, name):
    refused(
        client,
        three_dice,
        name,
        at(three_dice, dice=[0, 5]),
        400,
        "There is no die 6 in this roll: it has 3 dice.",
        htmx,
    )


@pytest.mark.parametrize("dice", [["6"], ["-1"], ["abc"], ["1.0"], [""]])
def test_a_die_that_no_roll_has(client, rolled, htmx, dice):
    refused(
        client, rolled, "bank", at(rolled, dice=dice), 400, "That die is not in this roll.", htmx
    )


def test_an_illegal_selection(client, rolled, htmx):
    page = refused(
        client,
        rolled,
        "bank",
        at(rolled, dice=[0, 2]),
        400,
        "A 2 scores only in three of a kind, or in a straight or three pairs made of all six dice.",
        htmx,
    )
    # The board still shows the roll, with the refused selection ticked for correction.
    assert 'data-die="2" data-value="2" data-selected="true"' in page


def test_part_of_a_set(client, game, htmx):
    state = rules.State(game.state.options, (0, 0), (0, 0), k=1, roll=(1, 1, 1, 1, 5, 5))
    put_state(game, state)
    refused(
        client,
        game,
        "roll_again",
        at(game, dice=[0, 1, 2]),
        400,
        "The roll holds 4 dice showing 1: take all of them together or none (you chose 3).",
        htmx,
    )


@pytest.mark.parametrize("name", ["bank", "roll_again"])
def test_bank_or_roll_again_with_nothing_selected(client, rolled, htmx, name):
    message = "Choose at least one scoring die, then bank or roll again."
    refused(client, rolled, name, at(rolled), 400, message, htmx)


def test_the_same_die_twice(client, rolled, htmx):
    refused(
        client,
        rolled,
        "bank",
        at(rolled, dice=[0, 0]),
        400,
        "Each die can be chosen only once.",
        htmx,
    )


@pytest.mark.parametrize("name", ["roll", "bank", "roll_again"])
def test_acting_out_of_turn(client, rolled, htmx, name):
    data = at(rolled, dice=[0], player=1)
    refused(client, rolled, name, data, 400, "It is Anna's turn, not Béla's.", htmx)


@pytest.mark.parametrize(
    ("player", "message"), [("8", "There is no such player."), ("x", "whose turn")]
)
def test_a_player_who_cannot_be(client, rolled, htmx, player, message):
    refused(client, rolled, "roll", at(rolled, player=player), 400, message, htmx)


def test_a_player_missing_from_a_two_seat_game(client, rolled, htmx):
    data = at(rolled, dice=[0], player=5)
    message = "It is Anna's turn; there is no player 6 in this game."
    refused(client, rolled, "bank", data, 400, message, htmx)


def test_rolling_twice(client, rolled, htmx):
    refused(client, rolled, "roll", at(rolled), 400, "Anna has already rolled", htmx)


@pytest.mark.parametrize("name", ["bank", "roll_again"])
def test_selecting_before_rolling(client, game, htmx, name):
    refused(client, game, name, at(game, dice=[0]), 400, "Roll the dice first.", htmx)


def test_a_replayed_post(client, rolled, htmx):
    """The same BANK sent twice (a double tap, the back button): the second changes nothing."""
    data = at(rolled, dice=[0])
    assert client.post(url("bank", rolled), data, htmx=htmx).status_code in (200, 303)
    rolled.refresh_from_db()
    page = refused(client, rolled, "bank", data, 409, "That move was made on an old board", htmx)
    assert f'name="version" value="{rolled.version}"' in page  # the current board to go on


def test_a_missing_or_bad_version(client, rolled, htmx):
    data = {"player": 0, "dice": [0]}
    message = "did not say which board it was made on; reload the page"
    refused(client, rolled, "bank", data, 400, message, htmx)
    refused(client, rolled, "bank", {**data, "version": "x"}, 400, message, htmx)


def test_acting_after_the_game_ended(client, htmx):
    game = start(client, ("Tester",), target=500)
    state = rules.State(game.state.options, (1000,), (9,), winner=0)
    put_state(game, state)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    for name in ("roll", "bank"):
        refused(client, game, name, at(game, dice=[0]), 400, "This game has ended", htmx)


def test_someone_elses_game_is_not_found(client, other_client, rolled):
    before = frozen(rolled)
    other_client.get("/")
    for name in ("play", "roll", "bank", "roll_again"):
        response = (
            other_client.get(url(name, rolled))
            if name == "play"
            else other_client.post(url(name, rolled), at(rolled, dice=[0]))
        )
        assert response.status_code == 404
    assert frozen(rolled) == before


def test_moves_only_by_post(client, rolled):
    for name in ("roll", "bank", "roll_again"):
        assert client.get(url(name, rolled)).status_code == 405
    assert client.post(reverse("mishimash:play", args=[rolled.pk]), {}).status_code == 405


def test_a_move_without_the_csrf_token(client, rolled):
    before = frozen(rolled)
    response = client.post(
        url("bank", rolled), {**at(rolled, dice=[0]), "csrfmiddlewaretoken": "x" * 64}
    )
    assert response.status_code == 403 and frozen(rolled) == before
