"""Computer seats in hot-seat MISHIMASH: chosen at the start, shown on the board, and played one
action per request by the server through the ordinary move path (the version check, the stored
actions), so that replays and `verify_games` cover them. Every refused request writes nothing."""

import dataclasses
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.coach.mishimash import players
from games.core.models import Game, StaleVersion
from games.mishimash import computers
from games.mishimash.computers import SeatedOptions
from games.rules import mishimash as rules
from tests.support.games import frozen, start_seeded
from tests.support.mishimash import move, put_state, text, url

pytestmark = pytest.mark.django_db
NEW = reverse("mishimash:new")


def start(client, strength=players.BANK_AT_30, target=500, seed="fixed", seats=None) -> Game:
    """Anna (a person) against Robo, the computer at `strength` in seat 2."""
    options = SeatedOptions(("Anna", "Robo"), target, seats or ((1, strength),))
    return start_seeded(client, "mishimash", options, seed=seed)


def computer_move(client, game: Game, htmx: bool = False, **data):
    game.refresh_from_db()
    data.setdefault("version", game.version)
    return client.post(url("computer", game), data, htmx=htmx)


def robo_to_move(game: Game) -> Game:
    """Anna's first turn over (she banked 10 points): Robo's turn, before his roll."""
    state = dataclasses.replace(game.state, current=1, banked_halves=(20, 0), turns=(1, 0))
    return put_state(game, state)


# --- starting -----------------------------------------------------------------------------------


def post_new(client, players_, computer, **data):
    data = {"mode": "hotseat", "target": "500", "custom_target": "", "count": "2", **data}
    return client.post(NEW, {**data, "players": players_, "computer": computer})


def test_the_form_offers_a_person_or_the_computer_at_each_seat(client):
    page = text(client.get(NEW))
    assert page.count('name="computer"') == 8
    for strength in ("optimal", "bank30", "reckless"):
        assert f'<option value="{strength}">' in page
    assert "Computer: Banks at 30" in page and "Computer: Reckless" in page


def test_a_game_with_a_computer_seat_stores_it_in_its_options(client):
    response = post_new(client, ["Anna", "Robo"], ["", "optimal"])
    game = Game.objects.get(kind_key="mishimash")
    assert response.status_code == 303
    assert game.options == {
        "players": ["Anna", "Robo"],
        "target": 500,
        "computers": [[1, "optimal"]],
    }
    assert game.snapshot["options"] == {"players": ["Anna", "Robo"], "target": 500}  # rules: names
    assert game.leaderboard == ""  # hot-seat games are never ranked
    page = text(client.get(game.get_absolute_url()))
    assert 'data-computer-seat="1"' in page and "Robo</bdi>: computer, Optimal" in page


def test_a_game_without_computers_stores_what_it_always_did(client):
    post_new(client, ["Anna", "Béla"], ["", ""])
    assert Game.objects.get().options == {"players": ["Anna", "Béla"], "target": 500}


@pytest.mark.parametrize(
    ("names", "computer", "message"),
    [
        (["Anna", "Robo"], ["", "godlike"], "Choose a person or one of the computer strengths."),
        (["Robo", "Hal"], ["optimal", "reckless"], "At least one player must be a person."),
        (["Anna", "Béla", ""], ["", "", "reckless"], "Give the computer at seat 3 a name."),
    ],
)
def test_bad_computer_seats_are_refused_and_start_nothing(client, names, computer, message):
    response = post_new(client, names, computer)
    assert response.status_code == 400 and message in text(response)
    assert not Game.objects.exists()


def test_play_again_keeps_the_computer_seats(client):
    game = start(client)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    client.post(reverse("core:again", args=[game.pk]))
    again = Game.objects.exclude(pk=game.pk).get()
    assert again.options["computers"] == [[1, "bank30"]]


# --- the board on a computer's turn -------------------------------------------------------------


def test_a_persons_turn_shows_no_computer_step(client):
    page = text(client.get(start(client).get_absolute_url()))
    assert 'id="mm-roll"' in page and "data-computer=" not in page and "is playing…" not in page


def test_the_computers_turn_says_who_plays_and_asks_for_its_action_after_a_pause(client):
    game = robo_to_move(start(client))
    page = text(client.get(game.get_absolute_url()))
    assert "Robo</bdi> (computer, Banks at 30) is playing…" in page
    assert 'id="mm-roll"' not in page  # nobody rolls for the computer
    form = re.search(r'<form class="mm-computer"[^>]*>', page).group(0)
    assert f'hx-post="{url("computer", game)}"' in form and 'hx-trigger="load delay:' in form
    assert f'name="version" value="{game.version}"' in page
    assert "Let <bdi>Robo</bdi> play" in page  # the button without JavaScript


def test_before_setting_dice_aside_the_board_shows_the_computers_choice(client):
    game = robo_to_move(start(client))
    computer_move(client, game)  # Robo rolls
    game.refresh_from_db()
    page = text(client.get(game.get_absolute_url()))
    planned = players.bank_at_30(game.state)
    assert isinstance(planned, rules.SelectAndRollAgain)  # a first roll is under 30 points
    chosen = re.findall(r'data-die="(\d)" data-value="\d" data-selected="true"', page)
    assert chosen == [str(i) for i in planned.dice]
    assert 'data-plan="roll-again"' in page and "ROLL AGAIN" in page
    assert 'id="mm-bank"' not in page  # no move buttons for a person


# --- one action per request, chosen by the server ------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_each_request_plays_exactly_one_computer_action(client, htmx):
    game = robo_to_move(start(client))
    before = game.state
    response = computer_move(client, game, htmx=htmx)
    game.refresh_from_db()
    assert game.actions.count() == 1
    assert game.actions.get().payload == rules.Roll(1).to_dict()
    assert game.state != before and game.state.phase == "choosing"
    if htmx:
        assert response.status_code == 200 and text(response).lstrip().startswith(
            '<section id="board"'
        )
        assert 'data-computer="1"' in text(response)  # still its turn: the next step follows
    else:
        assert response.status_code == 303 and response["Location"] == game.get_absolute_url()
    expected = players.bank_at_30(game.state)
    computer_move(client, game)
    assert game.actions.order_by("number").last().payload == expected.to_dict()


def test_the_browser_names_no_action(client):
    """Posted dice or seats are ignored: the server decides what the computer plays."""
    game = robo_to_move(start(client))
    computer_move(client, game)
    game.refresh_from_db()
    expected = players.bank_at_30(game.state)
    computer_move(client, game, dice=["2", "3"], player="0", type="select_and_bank")
    assert game.actions.order_by("number").last().payload == expected.to_dict()
    assert expected.player == 1 and isinstance(expected, rules.SelectAndRollAgain)


def test_optimal_plays_the_coachs_move(client):
    game = robo_to_move(start(client, players.OPTIMAL))
    computer_move(client, game)
    game.refresh_from_db()
    advised = players.optimal(game.state)
    computer_move(client, game)
    assert game.actions.order_by("number").last().payload == advised.to_dict()


# --- refusals: nothing written -------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_on_a_persons_turn_the_computer_endpoint_refuses(client, htmx):
    game = start(client)
    before = frozen(game)
    response = computer_move(client, game, htmx=htmx)
    assert response.status_code == 400
    assert "It is Anna’s turn: a person plays it, not the computer." in text(response)
    assert frozen(game) == before


def test_a_stale_version_is_refused_with_the_current_board(client):
    game = robo_to_move(start(client))
    computer_move(client, game)
    before = frozen(game)
    response = computer_move(client, game, version=game.version - 1)
    assert response.status_code == 409 and "old board" in text(response)
    assert frozen(game) == before


def test_two_tabs_never_double_a_computer_action(client):
    game = robo_to_move(start(client))
    version = game.version
    first = computer_move(client, game, version=version, htmx=True)
    second = computer_move(client, game, version=version, htmx=True)
    assert (first.status_code, second.status_code) == (200, 409)
    assert game.actions.count() == 1


def test_racing_writes_of_the_same_computer_action_store_one(client):
    """Two requests that loaded the board at the same version: the version check lets one in."""
    game = robo_to_move(start(client))
    tab_a, tab_b = Game.objects.get(pk=game.pk), Game.objects.get(pk=game.pk)
    options = computers.game_options(game)
    action_a = computers.next_action(tab_a.state, options)
    action_b = computers.next_action(tab_b.state, options)
    assert action_a == action_b
    tab_a.apply_action(action_a, tab_a.version)
    with pytest.raises(StaleVersion):
        tab_b.apply_action(action_b, tab_b.version)
    assert game.actions.count() == 1


def test_a_finished_game_is_refused(client):
    game = start(client)
    put_state(game, dataclasses.replace(game.state, banked_halves=(0, 1000), winner=1, current=1))
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    before = frozen(game)
    response = computer_move(client, game)
    assert response.status_code == 400 and "This game has ended" in text(response)
    assert frozen(game) == before


def test_a_missing_version_is_refused(client):
    game = robo_to_move(start(client))
    before = frozen(game)
    response = client.post(url("computer", game), {})
    assert response.status_code == 400 and "reload the page" in text(response)
    assert frozen(game) == before


def test_someone_elses_game_is_not_found(client, other_client):
    game = robo_to_move(start(client))
    before = frozen(game)
    other_client.get("/")
    response = other_client.post(url("computer", game), {"version": game.version})
    assert response.status_code == 404 and frozen(game) == before


def test_only_by_post(client):
    game = robo_to_move(start(client))
    assert client.get(url("computer", game)).status_code == 405


@pytest.mark.parametrize("name", ["roll", "bank", "roll_again"])
def test_a_person_cannot_play_the_computers_turn(client, name):
    game = robo_to_move(start(client))
    if name != "roll":
        computer_move(client, game)
    before = frozen(game)
    response = move(client, game, name, dice=[0])
    assert response.status_code == 400
    assert "Robo is a computer player: it plays its own turns." in text(response)
    assert frozen(game) == before


# --- a whole game, replayed ---------------------------------------------------------------


def play_to_the_end(client, game: Game) -> None:
    """Anna banks her first scoring die every turn; Robo plays through the endpoint."""
    for _ in range(2000):
        game.refresh_from_db()
        if not game.is_active:
            return
        state = game.state
        if state.current == 1:
            assert computer_move(client, game).status_code == 303
        elif state.phase == "rolling":
            move(client, game, "roll")
        else:
            move(client, game, "bank", dice=list(state.legal_selections()[0]))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("strength", [players.BANK_AT_30, players.RECKLESS])
def test_a_game_with_a_computer_seat_ends_and_verify_games_replays_it(client, strength):
    game = start(client, strength, target=100, seed=f"whole-{strength}")
    play_to_the_end(client, game)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.state.winner is not None
    assert list(game.replay_states())[-1] == game.state
    out = StringIO()
    call_command("verify_games", kind="mishimash", stdout=out)
    assert "1 finished games replayed, 0 differ." in out.getvalue()
    page = text(client.get(reverse("core:replay", args=[game.pk])))
    assert f"Robo (computer, {computers.strength_label(strength)})" in page
    assert "Anna rolls" in page or "Anna\u2069 rolls" in page


def test_no_hint_is_offered_on_a_computer_seat_turn_but_one_is_on_the_person_turn(client):
    game = start(client)
    assert "data-hint-button" in text(client.get(game.get_absolute_url()))  # Anna to move
    robo_to_move(game)
    page = text(client.get(game.get_absolute_url()))
    assert "data-hint-button" not in page and "is playing" in page
