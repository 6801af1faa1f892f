"""Playing through the views: every action as a plain POST (303 and the page) and as an htmx
POST (the board partial), the UI state in the URL, the hooks, the records and the replay."""

import html as html_lib
import re

import pytest
from django.urls import reverse

from games.core.models import Game, Result
from games.rules import magdagdon as rules
from tests.support.games import set_state
from tests.support.magdagdon import KIND, simulate, start_at, start_seeded, url
from tests.support.magdagdon_oracle import board_from_text

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html_lib.unescape(response.content.decode())


@pytest.fixture(params=[False, True], ids=["plain", "htmx"])
def htmx(request) -> bool:
    return request.param


def post(client, game: Game, action: str, data: dict, htmx: bool, query: str = ""):
    """POST an action at the game's current version; check the answer of a success."""
    game.refresh_from_db()
    response = client.post(url(game, action) + query, {"version": game.version, **data}, htmx=htmx)
    if htmx:
        assert response.status_code == 200, text(response)[:2000]
        page = text(response)
        assert page.lstrip().startswith('<section id="board"'), "htmx gets the partial only"
        assert "<html" not in page
    else:
        assert response.status_code == 303, text(response)[:2000]
        assert response["Location"].startswith(game.get_absolute_url())
    game.refresh_from_db()
    return response


def cells(page: str) -> dict[int, str]:
    return {int(c): v for c, v in re.findall(r'data-cell="(\d+)" data-value="([^"]*)"', page)}


def test_M2_roll_shows_four_dice_with_hooks(client, htmx):
    game = start_seeded(client)
    page = text(client.get(game.get_absolute_url()))
    assert 'data-state="rolling"' in page and "ROLL" in page
    assert len(cells(page)) == 16 and set(cells(page).values()) == {""}
    post(client, game, "roll", {}, htmx)
    state = game.state
    assert len(state.roll) == 4 and state.phase == "placing"
    page = text(client.get(game.get_absolute_url()))
    for die, value in enumerate(state.roll):
        assert f'data-die="{die}" data-value="{value}"' in page
    assert 'data-state="placing"' in page


def test_M3_selecting_a_die_offers_only_its_legal_cells(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3))
    page = text(client.get(game.get_absolute_url() + "?die=0"))
    legal = {int(c) for c in re.findall(r'data-cell="(\d+)" data-value="" data-legal', page)}
    assert legal == {1, 4} == set(rules.legal_cells_for_die(game.state, 0))
    assert 'aria-pressed="true" data-die="0"' in page
    assert "Die 1 (4): choose a highlighted cell." in page
    # The page carries every free die's legal cells, so its script selects without asking.
    assert 'data-die="0" data-value="4" data-legal-cells="1 4"' in page
    assert 'data-die="1" data-value="6" data-legal-cells=""' in page
    # Die 2 shows a 6: nowhere next to the 3.
    page = text(client.get(game.get_absolute_url() + "?die=1"))
    assert " data-legal " not in page and "Die 2 (6) fits nowhere now" in page


@pytest.mark.parametrize("die", ["7", "-1", "x", "", "1.0", "٣"])
def test_a_bad_die_in_the_url_is_ignored(client, die):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3))
    response = client.get(game.get_absolute_url() + "?die=" + die)
    assert response.status_code == 200
    assert " data-legal " not in text(response) and 'aria-pressed="true"' not in text(response)


def test_a_staged_die_cannot_be_selected_through_the_url(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 3, 2, 3), staged=[(0, 1)])
    page = text(client.get(game.get_absolute_url() + "?die=0"))
    assert " data-legal " not in page


def test_M3_stage_then_take_back_then_confirm(client, htmx):
    game = start_at(client, "3... .... .... ....", roll=(4, 3, 2, 6))
    post(client, game, "stage", {"die": 0, "cell": 1}, htmx)
    assert game.state.staged == ((0, 1),)
    page = text(client.get(game.get_absolute_url()))
    assert 'data-cell="1" data-value="4" data-staged="0"' in page
    assert 'data-die="0" data-value="4" data-staged="1"' in page
    assert "1 die staged · at least 2" in page
    assert re.search(r'id="mg-confirm" data-confirm data-primary disabled', page)

    post(client, game, "unstage", {"die": 0}, htmx)
    assert game.state.staged == ()
    post(client, game, "stage", {"die": 1, "cell": 4}, htmx)
    post(client, game, "stage", {"die": 2, "cell": 8}, htmx)
    page = text(client.get(game.get_absolute_url()))
    assert "2 dice staged · at least 2" in page
    assert re.search(r'id="mg-confirm" data-confirm data-primary>', page)
    post(client, game, "confirm", {}, htmx)
    state = game.state
    assert state.board[4] == 3 and state.board[8] == 2 and state.board[1] is None  # M3
    assert (state.phase, state.roll, state.turns) == ("rolling", (), 1)


def test_M11_taking_back_a_die_returns_those_that_leaned_on_it(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 5, 2, 6))
    post(client, game, "stage", {"die": 0, "cell": 1}, False)
    post(client, game, "stage", {"die": 1, "cell": 2}, False)  # the 5 only fits beside the 4
    post(client, game, "unstage", {"die": 0}, False)
    assert game.state.staged == ()


@pytest.mark.parametrize(("action", "after"), [("decrease", 3), ("increase", 5)])
def test_M12_minus_and_plus_one_keep_the_die_selected(client, htmx, action, after):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3))
    response = post(client, game, action, {"die": 0}, htmx, query="?die=0")
    state = game.state
    assert state.roll[0] == after and state.powers_used == (action,)
    page = text(response) if htmx else text(client.get(response["Location"]))
    if not htmx:
        assert response["Location"].endswith("?die=0")
    assert f'aria-pressed="true" data-die="0" data-value="{after}"' in page
    assert 'data-powers-left="2"' in page and "next use −20" in page
    assert "powers −10" in page  # M20 in the live score


def test_M13_reroll_the_ticked_dice_for_one_use(client, htmx):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3))
    post(client, game, "reroll", {"dice": ["1", "3"]}, htmx)
    state = game.state
    assert state.roll[0] == 4 and state.roll[2] == 2
    assert state.powers_used == ("reroll",)


def test_M14_the_page_says_staged_dice_must_be_taken_back_first(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3), staged=[(0, 1)])
    page = text(client.get(game.get_absolute_url()))
    assert "Staged dice must be taken back before a power can change them." in page
    assert re.search(r'name="dice" value="0" disabled', page)
    assert "Die 1: staged, take it back first" in page


def test_M5_the_uses_left_and_the_next_penalty_are_always_visible(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3), difficulty="survival")
    page = text(client.get(game.get_absolute_url()))
    assert 'data-powers-left="1"' in page and "next use −70" in page
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3), difficulty="nightmare")
    page = text(client.get(game.get_absolute_url()))
    assert 'data-powers-left="0"' in page  # no power at all: no powers panel either (M5)
    assert "mg-powers" not in page and "mg-reroll" not in page


def test_M15_M16_magdagdon_offers_powers_and_accept_then_asks_for_the_cell(client, htmx):
    game = start_at(client, "1121 2... ..X. ....", roll=(6, 6, 5, 4))
    page = text(client.get(game.get_absolute_url()))
    assert 'data-state="magdagdon"' in page and "data-magdagdon" in page
    assert "No order of these dice can place the 2 required dice." in page
    assert "Use a Majda Power to rescue the roll" in page
    assert "ACCEPT MAGDAGDON" in page and "REROLL the ticked dice" in page
    assert " data-legal " not in page

    choose = client.get(game.get_absolute_url() + "?ruin=1", headers={"HX-Request": "true"})
    page = text(choose)
    targets = {int(c) for c in re.findall(r'form="mg-ruin" name="cell" value="(\d+)"', page)}
    assert targets == {i for i, v in enumerate(game.state.board) if v is None}
    assert "Choose the empty cell that becomes a RUIN" in page

    post(client, game, "accept", {"cell": 9}, htmx, query="?ruin=1")
    state = game.state
    assert state.board[9] == rules.RUIN and state.phase == "rolling" and state.turns == 1
    page = text(client.get(game.get_absolute_url()))
    assert cells(page)[9] == "X" and "2 RUINS −30" in page


def test_the_ruin_choice_in_the_url_is_ignored_when_no_magdagdon(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 6, 2, 3))
    page = text(client.get(game.get_absolute_url() + "?ruin=1"))
    assert "mg-ruin" not in page and "ACCEPT MAGDAGDON" not in page


def test_M16_accepting_returns_staged_dice(client):
    # A MAGDAGDON with a die staged: a power turned the other dice into ones that cannot follow.
    state = rules.State(
        difficulty=rules.Difficulty.NIGHTMARE,
        board=board_from_text("3... .... .... ...."),
        roll=(4, 6, 6, 6),
        staged=((0, 1),),
        phase="magdagdon",
    )
    game = set_state(start_seeded(client, "nightmare"), state)
    page = text(client.get(game.get_absolute_url() + "?ruin=1"))
    assert 'form="mg-ruin" name="cell" value="1"' in page  # the staged die's cell too
    assert "Your staged dice are back in the tray." in page
    # The staged 4 is back among the dice and counts nowhere: not on its cell, not in a sum.
    assert cells(page)[1] == "" and 'data-die="0" data-value="4" role="img"' in page
    assert 'data-score="6"' in page and "data-staged" not in page
    post(client, game, "accept", {"cell": 1}, False)
    assert game.state.board[1] == rules.RUIN and game.state.staged == ()


def test_the_live_score_counts_staged_dice(client):
    game = start_at(client, "1234 .... .... ....", roll=(2, 3, 6, 6))
    post(client, game, "stage", {"die": 0, "cell": 4}, False)
    page = text(client.get(game.get_absolute_url()))
    expected = rules.live_score(game.state).total
    assert expected == 2 * (1 + 2 + 3 + 4 + 2) + 60
    assert f'data-score="{expected}"' in page


def test_the_board_shows_each_line_sum_and_bonus(client):
    game = start_at(client, "1234 .... .... ....", roll=(2, 3, 6, 6))
    page = text(client.get(game.get_absolute_url()))
    assert 'aria-label="Row 1: 10, STRAIGHT +60"' in page
    assert 'aria-label="Column 2: 2"' in page


def test_another_players_game_is_not_found(client, other_client):
    game = start_seeded(client)
    assert other_client.get(game.get_absolute_url()).status_code == 404
    response = other_client.post(url(game, "roll"), {"version": 0})
    assert response.status_code == 404
    assert game.state.phase == "rolling"


def test_actions_only_accept_post(client):
    game = start_seeded(client)
    for action in ("roll", "stage", "unstage", "confirm", "decrease", "increase", "reroll"):
        assert client.get(url(game, action)).status_code == 405
    assert client.get(url(game, "accept")).status_code == 405


def test_the_htmx_and_the_full_page_vary_on_hx_request(client):
    game = start_seeded(client)
    response = client.get(game.get_absolute_url())
    assert "HX-Request" in response["Vary"]


def play_whole_game(client, game: Game, htmx: bool) -> rules.State:
    from tests.support.magdagdon import next_action

    while not game.state.is_finished:
        action = next_action(game.state)
        data = {k: v for k, v in action.to_dict().items() if k != "type"}
        post(client, game, action.TYPE.replace("accept_magdagdon", "accept"), data, htmx)
    return game.state


@pytest.mark.parametrize("difficulty", ["peaceful", "survival", "nightmare"])
def test_M22_a_whole_game_ends_with_the_breakdown_and_a_record(client, difficulty):
    game = start_seeded(client, difficulty, seed="seed-0")
    final = play_whole_game(client, game, htmx=difficulty == "survival")
    expected = list(simulate(difficulty, "seed-0"))[-1][0]
    assert final == expected
    assert game.status == Game.Status.FINISHED

    score = rules.score(final.board, difficulty, len(final.powers_used))
    page = text(client.get(game.get_absolute_url()))
    assert 'data-state="finished"' in page and "Game over" in page
    assert f'data-final-score="{score.total}"' in page
    assert f'data-base="{score.base}"' in page
    for bonus in score.bonuses:
        name = f"{bonus.line.capitalize()} {bonus.number + 1}: "
        assert name in page
    assert f'data-ruin-penalty="{score.ruin_penalty}"' in page
    assert f'data-power-penalty="{score.power_penalty}"' in page
    assert "mg-confirm" not in page and "mg-roll" not in page

    result = Result.objects.get(game=game)
    assert (result.leaderboard, result.score, result.turns, result.powers_used) == (
        difficulty,
        score.total,
        final.turns,
        len(final.powers_used),
    )
    records = text(client.get(reverse("core:records")))
    assert f'data-leaderboard="magdagdon-{difficulty}"' in records
    board = text(client.get(reverse("core:leaderboard", args=["magdagdon", difficulty])))
    assert f'data-result="{result.pk}"' in board

    replay = text(client.get(reverse("core:replay", args=[game.pk]) + "?step=3"))
    assert replay.count("data-cell=") == 16 and '<form id="mg-stage"' not in replay
    assert game.actions.count() == len(list(simulate(difficulty, "seed-0"))) - 1


def test_play_again_starts_the_same_difficulty(client):
    game = start_at(client, "1234 2222 3X43 432.", roll=(2, 2, 2, 2), difficulty="survival")
    post(client, game, "stage", {"die": 0, "cell": 15}, False)
    post(client, game, "confirm", {}, False)
    assert game.status == Game.Status.FINISHED
    page = text(client.get(game.get_absolute_url()))
    again = reverse("core:again", args=[game.pk])
    assert f'action="{again}"' in page and "PLAY AGAIN" in page
    response = client.post(again)  # one tap: no settings page, no confirmation
    assert response.status_code == 303
    assert Game.objects.filter(status=Game.Status.ACTIVE).get().leaderboard == "survival"


def test_the_replay_page_draws_the_board_read_only(client):
    game = start_seeded(client, "nightmare", seed="seed-0")
    play_whole_game(client, game, htmx=True)
    for step in (0, 1, 2, 5):
        page = text(client.get(reverse("core:replay", args=[game.pk]) + f"?step={step}"))
        assert "hx-post" not in page and "mg-unstage" not in page
        assert page.count("data-cell=") == 16
    assert KIND.describe_action({"type": "roll"}) in page


def test_M11_the_page_says_which_dice_came_back_with_the_one_taken_back(client, htmx):
    game = start_at(client, "3... .... .... ....", roll=(4, 5, 2, 6))
    post(client, game, "stage", {"die": 0, "cell": 1}, False)
    post(client, game, "stage", {"die": 1, "cell": 2}, False)
    response = post(client, game, "unstage", {"die": 0}, htmx)
    page = text(response) if htmx else text(client.get(response["Location"]))
    assert "Die 2 came back too: it only fitted beside the die you took back." in page
    # A plain take-back says nothing more.
    post(client, game, "stage", {"die": 0, "cell": 1}, False)
    response = post(client, game, "unstage", {"die": 0}, htmx)
    page = text(response) if htmx else text(client.get(response["Location"]))
    assert "came back too" not in page


def test_verify_games_replays_finished_games_to_their_stored_results(client):
    from io import StringIO

    from django.core.management import call_command

    for difficulty in ("peaceful", "nightmare"):
        play_whole_game(client, start_seeded(client, difficulty, seed="seed-1"), htmx=True)
    out = StringIO()
    call_command("verify_games", "--kind", "magdagdon", stdout=out)
    assert "2 finished games replayed, 0 differ." in out.getvalue()
