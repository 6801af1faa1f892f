"""Online MISHIMASH tables: opening, the invite link and its QR code, seats, the start, who may
act (only the seat to act; everybody else is refused and nothing changes), two devices of one
seat racing, skipping and removing an idle seat, the watchers' poll, and the stored game."""

from datetime import timedelta
from io import StringIO

import pytest
import segno
from django.core.management import call_command
from django.urls import reverse

from games.core.models import Game, Player, Result
from games.mishimash.online import tables as online
from games.mishimash.online.models import Seat, Table
from games.rules import mishimash as rules
from tests.support.accounts import PASSWORD, secure, sign_in
from tests.support.client import CsrfClient
from tests.support.games import bind_player, frozen, start_seeded
from tests.support.mishimash_online import NEW, join, open_table, post, url, version

pytestmark = pytest.mark.django_db

FIXED_FIRST_ROLL = (1, 5, 2, 4, 5, 2)  # seed "fixed"


@pytest.fixture
def clients():
    return CsrfClient(), CsrfClient(), CsrfClient()


@pytest.fixture
def running(clients):
    """Anna (host), Béla and Cyril at a started table with the seed "fixed"; Anna to roll."""
    anna, bela, cyril = clients
    table = open_table(anna)
    join(bela, table, "Béla")
    join(cyril, table, "Cyril")
    online.start(table, Player.objects.get(nickname="Anna"), seed="fixed")
    table.refresh_from_db()
    return table


# --- opening, inviting, seats --------------------------------------------------------------


def test_opening_a_table_asks_for_a_nickname_first(client):
    page = client.get(NEW).content.decode()
    assert 'action="/nickname/"' in page and f'value="{NEW}"' in page
    assert client.post(NEW, {"target": "1000", "size": 3, "turn_seconds": 120}).status_code == 400
    assert not Table.objects.exists()


def test_the_host_opens_a_table_and_takes_the_first_seat(client):
    table = open_table(client, size=5, target="500", minutes=5)
    assert (table.size, table.target, table.turn_seconds, table.game) == (5, 500, 300, None)
    assert list(table.seats.values_list("name", "position")) == [("Anna", 0)]


@pytest.mark.parametrize("size", [1, 9])
def test_a_table_has_two_to_eight_seats(client, size):
    bind_player(client, "Anna")
    response = client.post(NEW, {"target": "1000", "size": size, "turn_seconds": 120})
    assert response.status_code == 400 and "2 to 8 seats" in response.content.decode()


def test_the_invite_link_is_absolute_with_an_unguessable_token(client, other_client):
    first, second = open_table(client), open_table(other_client, "Béla")
    assert len(first.token) >= 32 and first.token != second.token
    page = client.get(url(first)).content.decode()
    assert f'data-invite href="http://testserver/mishimash/online/{first.token}/"' in page
    assert client.get(f"/mishimash/online/{first.token[:-1]}x/").status_code == 404


def test_the_qr_code_is_the_invite_link_drawn_on_the_server_without_style_attributes(client):
    table = open_table(client)
    response = client.get(url(table, "qr"))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    svg = response.content.decode()
    assert svg.startswith("<svg") and "style" not in svg and "<script" not in svg
    expected = segno.make(f"http://testserver{url(table)}", error="m")
    assert expected.symbol_size(scale=6, border=2) == (int(_attr(svg, "width")),) * 2


def _attr(svg: str, name: str) -> str:
    return svg.split(f'{name}="', 1)[1].split('"', 1)[0]


def test_others_take_seats_in_order_and_a_full_table_says_so(clients):
    anna, bela, cyril = clients
    table = open_table(anna, size=2)
    assert join(bela, table, "Béla").status_code == 303
    response = join(cyril, table, "Cyril")
    assert response.status_code == 400 and "This table is full" in response.content.decode()
    assert "data-full" in cyril.get(url(table)).content.decode()
    assert list(table.seats.values_list("name", flat=True)) == ["Anna", "Béla"]


def test_taking_a_seat_twice_keeps_one_seat(clients):
    anna, bela, _ = clients
    table = open_table(anna)
    join(bela, table, "Béla")
    assert bela.post(url(table, "join")).status_code == 303
    assert table.seats.count() == 2


def test_a_name_already_at_the_table_is_refused(clients):
    anna, bela, _ = clients
    table = open_table(anna)
    response = join(bela, table, "anna")
    assert response.status_code == 400 and "Change your nickname" in response.content.decode()
    assert table.seats.count() == 1


def test_a_visitor_without_a_nickname_cannot_sit_down(clients):
    anna, stranger, _ = clients
    table = open_table(anna)
    assert stranger.post(url(table, "join")).status_code == 400
    assert 'name="nickname"' in stranger.get(url(table)).content.decode()


def test_the_host_orders_the_seats_and_only_the_host(clients):
    anna, bela, cyril = clients
    table = open_table(anna)
    join(bela, table, "Béla")
    join(cyril, table, "Cyril")
    order = url(table, "order")
    assert anna.post(order, {"position": 2, "direction": "earlier"}).status_code == 303
    assert bela.post(order, {"position": 0, "direction": "later"}).status_code == 403
    assert anna.post(order, {"position": 0, "direction": "earlier"}).status_code == 400
    assert list(table.seats.values_list("name", flat=True)) == ["Anna", "Cyril", "Béla"]
    assert anna.post(url(table, "start")).status_code == 303
    table.refresh_from_db()
    assert table.game.options["players"] == ["Anna", "Cyril", "Béla"]


def test_only_the_host_starts_and_not_alone(clients):
    anna, bela, _ = clients
    table = open_table(anna)
    assert anna.post(url(table, "start")).status_code == 400  # alone at the table
    join(bela, table, "Béla")
    assert bela.post(url(table, "start")).status_code == 403
    assert Table.objects.get(pk=table.pk).game is None
    assert anna.post(url(table, "start")).status_code == 303
    assert anna.post(url(table, "start")).status_code == 400  # already started
    assert Game.objects.filter(kind_key="mishimash_online").count() == 1


def test_no_seat_can_be_taken_after_the_start(running):
    late = CsrfClient()
    response = join(late, running, "Dora")
    assert response.status_code == 400 and "no more seats" in response.content.decode()
    assert running.seats.count() == 3


def test_starting_a_table_abandons_none_of_the_hosts_games(client, other_client):
    solo = start_seeded(client, "mishimash", rules.Options(("Anna",)))
    table = open_table(client)
    join(other_client, table, "Béla")
    client.post(url(table, "start"))
    solo.refresh_from_db()
    assert solo.status == Game.Status.ACTIVE


# --- only the seat to act ------------------------------------------------------------------


def test_the_seat_to_act_rolls_and_every_device_sees_it(running, clients):
    anna, bela, _ = clients
    response = post(anna, running, "roll", htmx=True)
    assert response.status_code == 200
    game = Game.objects.get(pk=running.game_id)
    assert game.state.roll == FIXED_FIRST_ROLL
    page = bela.get(url(running)).content.decode()
    assert 'data-die="0" data-value="1"' in page and 'data-action="bank"' not in page


@pytest.mark.parametrize("who", ["other seat", "spectator", "stranger"])
@pytest.mark.parametrize("move", ["roll", "bank", "roll_again", "skip", "remove"])
def test_nobody_but_the_seat_to_act_can_move(running, clients, who, move):
    anna = clients[0]
    if move in ("bank", "roll_again"):
        post(anna, running, "roll")
    game = Game.objects.get(pk=running.game_id)
    before = frozen(game)
    actor = {"other seat": clients[1], "spectator": CsrfClient(), "stranger": CsrfClient()}[who]
    if who == "spectator":
        bind_player(actor, "Watcher")
    if who == "stranger":
        actor.get("/")  # a session, but no player
    response = post(actor, running, move, dice=[0])
    expected = 400 if (who == "other seat" and move == "skip") else 403  # skip: too early
    assert response.status_code == expected
    assert "data-error" in response.content.decode()
    assert frozen(game) == before


def test_moves_before_the_start_are_refused(clients):
    anna, bela, _ = clients
    table = open_table(anna)
    join(bela, table, "Béla")
    for client, move in ((anna, "roll"), (bela, "skip")):
        response = client.post(url(table, move), {"version": 0})
        assert response.status_code == 400 and "not started" in response.content.decode()
    assert not Game.objects.exists()


def play_to_the_end(table: Table, clients) -> Game:
    """Each seat plays from its own client: roll, then bank the first legal selection."""
    by_seat = {seat.position: clients[i] for i, seat in enumerate(table.seats.order_by("pk"))}
    game = Game.objects.get(pk=table.game_id)
    while game.is_active:
        state = game.state
        client = by_seat[state.current]
        if state.roll:
            response = post(client, table, "bank", dice=list(state.legal_selections()[0]))
        else:
            response = post(client, table, "roll")
        assert response.status_code == 303
        game.refresh_from_db()
    return game


def test_after_the_end_every_move_is_refused_and_every_seat_sees_the_final_table(clients):
    anna, bela, cyril = clients
    table = open_table(anna, target=1)
    assert table.target == 1
    join(bela, table, "Béla")
    join(cyril, table, "Cyril")
    online.start(table, Player.objects.get(nickname="Anna"), seed="fixed")
    table.refresh_from_db()
    game = play_to_the_end(table, clients)
    before = frozen(game)
    for client in clients:
        for move in ("roll", "bank", "skip"):
            response = post(client, table, move, dice=[0])
            assert response.status_code == 400 and "ended" in response.content.decode()
    assert frozen(game) == before
    tables = {final_table(c.get(url(table)).content.decode()) for c in clients}
    assert len(tables) == 1  # the same final table on every device
    assert "Anna" in next(iter(tables)) and "Cyril" in next(iter(tables))


def final_table(page: str) -> str:
    return page.split("data-final-table", 1)[1].split("</table>", 1)[0]


def test_a_finished_online_game_replays_is_verified_and_is_on_no_leaderboard(running, clients):
    game = play_to_the_end(running, clients)
    assert not Result.objects.filter(game=game).exists()
    out = StringIO()
    call_command("verify_games", "--kind", "mishimash_online", stdout=out)
    assert "1 finished games replayed, 0 differ" in out.getvalue()
    assert clients[2].get(reverse("core:replay", args=[game.pk])).status_code == 200


def test_two_devices_of_one_seat_racing_one_wins_the_other_gets_the_board(running, clients):
    anna = clients[0]
    post(anna, running, "roll")
    second = CsrfClient()
    second.cookies = anna.cookies  # the same browser session on a second tab/device
    at = version(running)
    first = post(anna, running, "bank", htmx=True, dice=[0], version=at)
    late = post(second, running, "roll_again", htmx=True, dice=[0], version=at)
    assert (first.status_code, late.status_code) == (200, 409)
    assert "old board" in late.content.decode() and 'id="board"' in late.content.decode()
    game = Game.objects.get(pk=running.game_id)
    assert game.version == at + 1 and game.actions.count() == 2


def test_a_returning_player_resumes_their_seat_on_another_signed_in_device(clients):
    anna, bela, _ = clients
    table = open_table(anna)
    assert secure(bela, nickname="Béla").status_code == 303
    assert bela.post(url(table, "join")).status_code == 303
    online.start(table, Player.objects.get(nickname="Anna"), seed="fixed")
    table.refresh_from_db()
    post(anna, table, "roll")
    post(anna, table, "bank", dice=[0])
    phone = CsrfClient()
    assert sign_in(phone, nickname="Béla", password=PASSWORD).status_code == 303
    assert 'data-your-turn="true"' in phone.get(url(table)).content.decode()
    assert post(phone, table, "roll").status_code == 303


# --- skipping and removing -----------------------------------------------------------------


def idle(table: Table, seconds: int) -> None:
    Game.objects.filter(pk=table.game_id).update(
        updated_at=Game.objects.get(pk=table.game_id).updated_at - timedelta(seconds=seconds)
    )


def test_a_seat_can_be_skipped_by_the_others_only_after_the_time_limit(running, clients):
    anna, bela, _ = clients
    response = post(bela, running, "skip")
    assert response.status_code == 400 and "seconds to play" in response.content.decode()
    idle(running, 119)
    assert post(bela, running, "skip").status_code == 400
    idle(running, 2)
    assert post(anna, running, "skip").status_code == 400  # not your own turn
    assert 'data-action="skip"' in bela.get(url(running)).content.decode()
    assert post(bela, running, "skip").status_code == 303
    game = Game.objects.get(pk=running.game_id)
    assert game.state.current == 1 and game.state.turns == (1, 0, 0)
    assert game.actions.last().payload == {"type": "skip", "player": 0}
    assert Seat.objects.get(table=running, position=0).skips == 1


def test_a_skip_loses_the_unbanked_turn(running, clients):
    anna, bela, _ = clients
    post(anna, running, "roll")
    post(anna, running, "roll_again", dice=[0])
    idle(running, 200)
    post(bela, running, "skip")
    state = Game.objects.get(pk=running.game_id).state
    assert state.banked_halves == (0, 0, 0) and state.current == 1


def test_playing_again_resets_the_skips(running, clients):
    anna, bela, cyril = clients
    idle(running, 200)
    post(bela, running, "skip")
    Seat.objects.filter(table=running, position=0).update(skips=2)
    for client in (bela, cyril):  # Béla and Cyril bust or bank; Anna is back
        skip_turn_by_playing(running, client)
    post(anna, running, "roll")
    assert Seat.objects.get(table=running, position=0).skips == 0


def skip_turn_by_playing(table, client):
    game = Game.objects.get(pk=table.game_id)
    post(client, table, "roll")
    game.refresh_from_db()
    if game.state.roll:
        post(client, table, "bank", dice=list(game.state.legal_selections()[0]))


def skip_anna_three_times(table, clients):
    _, bela, cyril = clients
    for _ in range(3):
        idle(table, 200)
        assert post(bela, table, "skip").status_code == 303
        for client in (bela, cyril):
            skip_turn_by_playing(table, client)


def test_after_three_skips_the_host_can_remove_a_seat(clients):
    anna, bela, cyril = clients
    table = open_table(bela, "Béla")
    join(anna, table, "Anna")
    join(cyril, table, "Cyril")
    Seat.objects.filter(table=table, name="Béla").update(position=1)
    Seat.objects.filter(table=table, name="Anna").update(position=0)
    online.start(table, Player.objects.get(nickname="Béla"), seed="fixed")
    table.refresh_from_db()  # Béla hosts; Anna (seat 1) is away
    idle(table, 200)
    post(bela, table, "skip")
    for client in (bela, cyril):
        skip_turn_by_playing(table, client)
    idle(table, 200)
    response = post(bela, table, "remove")
    assert response.status_code == 400 and "3 skipped turns" in response.content.decode()
    post(cyril, table, "skip")
    for client in (bela, cyril):
        skip_turn_by_playing(table, client)
    idle(table, 200)
    post(cyril, table, "skip")
    for client in (bela, cyril):
        skip_turn_by_playing(table, client)
    idle(table, 200)
    assert post(cyril, table, "remove").status_code == 403  # only the host
    assert 'data-action="remove"' in bela.get(url(table)).content.decode()
    assert post(bela, table, "remove").status_code == 303
    game = Game.objects.get(pk=table.game_id)
    assert game.state.removed == (0,) and game.state.current == 1
    assert game.actions.last().payload == {"type": "remove", "player": 0}
    assert post(anna, table, "roll").status_code == 403  # Anna is back, but out


# --- the watchers' poll --------------------------------------------------------------------


def key_of(page: str) -> str:
    return page.split('data-key="', 1)[1].split('"', 1)[0]


def test_the_poll_answers_204_while_nothing_changed_and_the_board_after_a_move(running, clients):
    anna, bela, _ = clients
    key = key_of(bela.get(url(running)).content.decode())
    poll = url(running, "poll")
    unchanged = bela.get(poll, {"v": key}, headers={"HX-Request": "true"})
    assert unchanged.status_code == 204 and unchanged["HX-Reswap"] == "none"
    assert unchanged.content == b""
    post(anna, running, "roll")
    changed = bela.get(poll, {"v": key}, headers={"HX-Request": "true"})
    page = changed.content.decode()
    assert (
        changed.status_code == 200
        and page.startswith('\n<section id="board"')
        or '<section id="board"' in page[:300]
    )
    assert "<html" not in page and 'data-die="0" data-value="1"' in page
    assert key_of(page) != key and changed["ETag"] == f'"{key_of(page)}"'


def test_the_poll_answers_304_to_a_matching_etag(running, clients):
    bela = clients[1]
    etag = bela.get(url(running))["ETag"]
    response = bela.get(url(running, "poll"), headers={"If-None-Match": etag})
    assert response.status_code == 304


def test_the_poll_key_changes_when_the_seat_to_act_becomes_skippable(running, clients):
    bela = clients[1]
    key = key_of(bela.get(url(running)).content.decode())
    idle(running, 200)
    response = bela.get(url(running, "poll"), {"v": key}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and 'data-action="skip"' in response.content.decode()


def test_the_poll_of_an_unknown_table_is_404(client):
    assert client.get("/mishimash/online/nosuchtoken/poll/").status_code == 404


def test_the_page_of_the_seat_to_act_says_your_turn(running, clients):
    anna, bela, _ = clients
    mine = anna.get(url(running)).content.decode()
    assert 'data-your-turn="true"' in mine and "<title>Your turn!" in mine
    theirs = bela.get(url(running)).content.decode()
    assert 'data-your-turn="false"' in theirs and "data-your-turn-banner" not in theirs


def test_the_new_game_page_links_to_online_tables(client):
    assert 'href="/mishimash/online/new/"' in client.get(reverse("mishimash:new")).content.decode()


def test_the_board_answering_an_htmx_action_is_current_for_the_poll(clients):
    anna, bela, _ = clients
    table = open_table(anna)
    bind_player(bela, "Béla")
    response = bela.post(url(table, "join"), htmx=True)
    assert response.status_code == 200 and 'data-name="Béla"' in response.content.decode()
    key = key_of(response.content.decode())
    poll = bela.get(url(table, "poll"), {"v": key}, headers={"HX-Request": "true"})
    assert poll.status_code == 204
    # The host's page, opened before, learns of the new seat from its poll.
    assert anna.get(url(table, "poll"), {"v": "0.-1.0"}).status_code == 200
