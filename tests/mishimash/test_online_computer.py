"""Computer seats at online MISHIMASH tables: the host seats them before the start (and only
the host), their turns are played by the server when any device at the table polls (at most
one action a poll, after a pause since the last move, exactly one per due time however many
polls race), so a table of friends and computers plays to the end and replays like any game."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.coach.mishimash import players
from games.core.models import Game, Player, StaleVersion
from games.mishimash import computers
from games.mishimash.online import tables as online
from games.mishimash.online.models import Seat, Table
from tests.support.client import CsrfClient
from tests.support.games import frozen
from tests.support.mishimash_online import join, open_table, post, url

pytestmark = pytest.mark.django_db


def add(client, table, name="Robo", strength=players.BANK_AT_30, htmx=False):
    return client.post(url(table, "add_computer"), {"name": name, "strength": strength}, htmx=htmx)


@pytest.fixture
def anna():
    return CsrfClient()


@pytest.fixture
def table(anna) -> Table:
    return open_table(anna, size=3, target="100")


def started(anna, table, seed="online-robo") -> Game:
    online.start(table, Player.objects.get(nickname="Anna"), seed=seed)
    table.refresh_from_db()
    return Game.objects.get(pk=table.game_id)


def idle(game: Game, seconds: float) -> None:
    """As if the last move was made `seconds` ago."""
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def poll(client, table):
    return client.get(url(table, "poll"))


def test_the_host_seats_a_computer_and_the_lobby_shows_it(anna, table):
    assert add(anna, table).status_code == 303
    seat = Seat.objects.get(table=table, position=1)
    assert (seat.player, seat.name, seat.strength) == (None, "Robo", "bank30")
    page = anna.get(url(table)).content.decode()
    assert 'data-computer-seat="1"' in page and "computer, Banks at 30" in page
    assert 'name="strength"' in page  # the host's form to add another


def test_only_the_host_seats_a_computer(anna, table):
    bela = CsrfClient()
    join(bela, table, "Béla")
    response = add(bela, table)
    assert response.status_code == 403 and "Only the host" in response.content.decode()
    assert not Seat.objects.filter(strength__gt="").exists()
    assert "add_computer" not in bela.get(url(table)).content.decode()


@pytest.mark.parametrize(
    ("name", "strength", "message"),
    [
        ("Robo", "godlike", "Choose one of the computer strengths offered."),
        ("Anna", "optimal", "Two players are called “Anna”"),
        ("", "optimal", "Give the computer a name."),
    ],
)
def test_bad_computer_seats_are_refused(anna, table, name, strength, message):
    response = add(anna, table, name, strength)
    assert response.status_code == 400 and message in response.content.decode()
    assert Seat.objects.filter(table=table).count() == 1


def test_no_computer_joins_a_full_or_started_table(anna, table):
    add(anna, table, "Robo")
    add(anna, table, "Hal")
    response = add(anna, table, "Deep")
    assert response.status_code == 400 and "This table is full" in response.content.decode()
    Table.objects.filter(pk=table.pk).update(size=4)
    started(anna, table)
    assert "The game has started" in add(anna, table, "Deep").content.decode()
    assert Seat.objects.filter(table=table).count() == 3


def test_the_host_takes_a_computer_seat_away_before_the_start(anna, table):
    add(anna, table, "Robo")
    add(anna, table, "Hal", players.RECKLESS)
    anna.post(url(table, "drop_computer"), {"position": 1})
    assert list(table.seats.values_list("position", "name")) == [(0, "Anna"), (1, "Hal")]
    response = anna.post(url(table, "drop_computer"), {"position": 0})  # a person's seat
    assert response.status_code == 400 and table.seats.count() == 2


def test_the_started_game_knows_its_computer_seats(anna, table):
    add(anna, table)
    game = started(anna, table)
    assert game.options["computers"] == [[1, "bank30"]]
    assert "computers" not in game.snapshot["options"]


def robo_to_act(anna, table) -> Game:
    """Anna banked her first scoring die: Robo (seat 2) is to roll."""
    add(anna, table)
    game = started(anna, table)
    post(anna, table, "roll")
    game.refresh_from_db()
    post(anna, table, "bank", dice=list(game.state.legal_selections()[0]))
    game.refresh_from_db()
    assert game.state.current == 1
    return game


def test_a_poll_plays_one_due_computer_action_after_the_pause(anna, table):
    game = robo_to_act(anna, table)
    before = frozen(game)
    assert poll(anna, table).status_code == 200  # the page's key is old: the board, no move
    assert frozen(game) == before  # the pause since Anna's bank is not over
    idle(game, online.COMPUTER_PAUSE_SECONDS)
    response = poll(anna, table)
    game.refresh_from_db()
    assert game.actions.count() == before[2] + 1
    assert game.actions.order_by("number").last().payload == {"type": "roll", "player": 1}
    assert "Robo</bdi> (computer, Banks at 30) is playing…" in response.content.decode()
    poll(anna, table)  # straight after its move: the next one waits for its pause
    assert game.actions.count() == before[2] + 1


def test_watchers_polling_together_play_the_computer_action_once(anna, table):
    game = robo_to_act(anna, table)
    idle(game, 5)
    count = game.actions.count()
    tab_a, tab_b = Game.objects.get(pk=game.pk), Game.objects.get(pk=game.pk)
    action = computers.next_action(tab_a.state, computers.game_options(tab_a))
    tab_a.apply_action(action, tab_a.version)  # one poll stored it; the other, racing, is stale
    with pytest.raises(StaleVersion):
        tab_b.apply_action(action, tab_b.version)
    assert game.actions.count() == count + 1
    idle(game, 5)
    watcher = CsrfClient()
    poll(watcher, table)
    poll(watcher, table)  # straight after: the pause since that action is not over
    assert game.actions.count() == count + 2


def test_a_poll_that_read_the_game_before_another_polls_action_plays_nothing(anna, table):
    """Two polls read the table at one version after the due time; the first plays. The
    second, checking again inside its transaction, finds a new version and a due time still
    ahead: it stores nothing, whichever version it passes."""
    game = robo_to_act(anna, table)
    idle(game, 5)
    seen = game.version
    count = game.actions.count()
    assert online.play_computer(game.pk, seen) is True
    assert online.play_computer(game.pk, seen) is False  # the racing poll, at what it read
    assert online.play_computer(game.pk, seen + 1) is False  # the new due time is ahead
    assert game.actions.count() == count + 1
    idle(game, 5)
    assert online.play_computer(game.pk, seen + 1) is True  # the next due time: one more
    assert game.actions.count() == count + 2


def test_an_action_committed_while_a_poll_chooses_its_own_wins(anna, table, monkeypatch):
    """The other poll commits between this poll's read of the game and its transaction: the
    check under the lock sees it, and this poll stores nothing."""
    game = robo_to_act(anna, table)
    idle(game, 5)
    seen, count = game.version, game.actions.count()
    real = computers.next_action

    def while_the_other_poll_commits(state, options):
        other = Game.objects.get(pk=game.pk)
        if other.version == seen:
            other.apply_action(real(other.state, options), seen)
        return real(state, options)

    monkeypatch.setattr(computers, "next_action", while_the_other_poll_commits)
    assert online.play_computer(game.pk, seen) is False
    assert game.actions.count() == count + 1


def test_nobody_skips_a_computer_and_no_person_plays_its_turn(anna, table):
    game = robo_to_act(anna, table)
    Table.objects.filter(pk=table.pk).update(turn_seconds=60)
    idle(game, 0)
    before = frozen(game)
    response = post(anna, table, "roll")
    assert response.status_code == 403 and frozen(game) == before
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now())
    view = online.TableView.of(Table.objects.get(pk=table.pk), Player.objects.get(nickname="Anna"))
    view.now = view.now + timedelta(seconds=120)  # idle past the limit: still not skippable
    assert "Robo is a computer player" in online.skip_refusal(view).message


def test_a_table_with_a_computer_plays_to_the_end_and_replays(anna, table):
    game = robo_to_act(anna, table)
    for _ in range(3000):
        game.refresh_from_db()
        if not game.is_active:
            break
        state = game.state
        if state.current == 1:
            idle(game, online.COMPUTER_PAUSE_SECONDS)
            poll(anna, table)
        elif state.phase == "rolling":
            post(anna, table, "roll")
        else:
            post(anna, table, "bank", dice=list(state.legal_selections()[0]))
    assert game.status == Game.Status.FINISHED and game.state.winner is not None
    assert list(game.replay_states())[-1] == game.state
    out = StringIO()
    call_command("verify_games", kind="mishimash_online", stdout=out)
    assert "1 finished games replayed, 0 differ." in out.getvalue()
