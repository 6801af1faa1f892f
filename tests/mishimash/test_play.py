"""Playing MISHIMASH through the views: the board and its test hooks, the live preview of the
ticked dice, the three moves with htmx and without, busts, clears, the final round, sudden
death, the end of the game and the leaderboard."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.core.models import Game, Result
from games.rules import mishimash as rules
from tests.support.mishimash import (
    BUST_FIRST,
    CLEAR_FIRST,
    FIXED_ROLLS,
    move,
    put_state,
    start,
    text,
)
from tests.support.mishimash_rules import bot_action

pytestmark = pytest.mark.django_db


def hook(page: str, name: str) -> str:
    found = re.search(rf'{name}="([^"]*)"', page)
    assert found, name
    return found.group(1)


def plain(page: str) -> str:
    """The page's text without tags, spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", "", page).split())


def dice_shown(page: str) -> list[tuple[int, int, str]]:
    return [
        (int(k), int(v), s)
        for k, v, s in re.findall(
            r'data-die="(\d)" data-value="(\d)" data-selected="(true|false)"', page
        )
    ]


# --- the board ---------------------------------------------------------------------------------


def test_a_new_game_shows_every_score_the_turn_and_the_target(client, game):
    page = text(client.get(game.get_absolute_url()))
    assert hook(page, "data-state") == "rolling"
    assert hook(page, "data-roll-number") == "0" and hook(page, "data-turn-points") == "0"
    assert 'data-player="0" data-score="0"' in page and 'data-player="1" data-score="0"' in page
    assert "Anna</bdi>’s turn" in page and "ROLL six dice" in page
    assert hook(page, "data-target") == "1000"
    assert "data-seed-hash" in page  # the fairness fingerprint


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_roll_shows_the_dice_in_play_x8(client, game, htmx):
    response = move(client, game, "roll", htmx=htmx)
    if htmx:
        assert response.status_code == 200
        assert response["HX-Replace-Url"] == game.get_absolute_url()
        page = text(response)
        assert page.lstrip().startswith('<section id="board"') and "<html" not in page
    else:
        assert response.status_code == 303 and response["Location"] == game.get_absolute_url()
        page = text(client.get(game.get_absolute_url()))
    assert hook(page, "data-state") == "choosing" and hook(page, "data-roll-number") == "1"
    assert dice_shown(page) == [(i, face, "false") for i, face in enumerate(FIXED_ROLLS[0])]
    assert 'aria-label="Die 1: 1"' in page
    assert re.search(r'id="mm-bank"[^>]* disabled', page)  # nothing ticked yet


def test_the_preview_shows_words_multiplier_and_result_x6_x10(client, game):
    move(client, game, "roll")
    page = text(
        client.get(
            game.get_absolute_url() + "?dice=0&dice=1&dice=4", headers={"HX-Request": "true"}
        )
    )
    assert page.lstrip().startswith('<section id="board"')
    assert [d for d in dice_shown(page) if d[2] == "true"] == [
        (0, 1, "true"),
        (1, 5, "true"),
        (4, 5, "true"),
    ]
    assert "one 1 + two 5s = 2 × 1 = 2 Turn: 2" in plain(page)
    assert hook(page, "data-gain") == "2" and 'data-preview="legal"' in page
    assert not re.search(r'id="mm-bank"[^>]* disabled', page)
    assert "ROLL AGAIN (3 dice)" in plain(page)


def test_the_preview_on_roll_two_multiplies_by_two_x10_x12(client, game):
    move(client, game, "roll")
    move(client, game, "roll_again", dice=[0, 1, 4])
    page = text(client.get(game.get_absolute_url() + "?dice=1"))
    assert hook(page, "data-roll-number") == "2" and hook(page, "data-turn-points") == "2"
    assert "one 1 = 1 × 2 = 2" in plain(page)
    assert "Turn: 4 · bank now for a total of 4" in plain(page)
    # The turn log: each roll, the selection with x k and its points.
    assert "Roll 1 (×1)" in page and "Roll 2 (×2)" in page
    assert "set aside 1 5 5 one 1 + two 5s = 2 × 1 = 2 Roll 2" in plain(page)


def test_an_illegal_preview_says_why_and_keeps_the_moves_disabled_x6(client, game):
    move(client, game, "roll")
    page = text(client.get(game.get_absolute_url() + "?dice=2"))
    assert 'data-preview="illegal"' in page
    assert "A 2 scores only in three of a kind, or in a straight or three pairs" in page
    assert re.search(r'id="mm-bank"[^>]* disabled', page)
    assert re.search(r'id="mm-again"[^>]* disabled', page)


def test_bad_preview_parameters_are_ignored(client, game):
    move(client, game, "roll")
    page = text(client.get(game.get_absolute_url() + "?dice=9&dice=abc&dice=-1&dice=0&dice=0"))
    assert [d[0] for d in dice_shown(page) if d[2] == "true"] == [0]
    assert "one 1 = 1 × 1" in plain(page)


def test_a_preview_before_rolling_shows_no_dice(client, game):
    page = text(client.get(game.get_absolute_url() + "?dice=0"))
    assert dice_shown(page) == [] and hook(page, "data-state") == "rolling"


def test_the_no_js_check_button_lands_on_a_clean_preview_url(client, game):
    move(client, game, "roll")
    token = client.token()
    response = client.get(
        game.get_absolute_url(),
        {"csrfmiddlewaretoken": token, "version": "1", "player": "0", "dice": ["4", "0"]},
    )
    assert response.status_code == 303
    assert response["Location"] == game.get_absolute_url() + "?dice=0&dice=4"


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_bank_adds_the_turn_and_passes_the_dice_x9(client, game, htmx):
    move(client, game, "roll")
    response = move(client, game, "bank", htmx=htmx, dice=[0, 1, 4])
    assert response.status_code == (200 if htmx else 303)
    page = text(response) if htmx else text(client.get(game.get_absolute_url()))
    assert 'data-player="0" data-score="2"' in page
    assert hook(page, "data-state") == "rolling" and "Béla</bdi>’s turn" in page
    assert 'data-last-turn="bank"' in page and "Anna</bdi> banked 2 points: total 2." in page
    assert "Pass the device to <bdi>Béla</bdi>." in page
    game.refresh_from_db()
    assert game.state.banked_halves == (4, 0) and game.actions.count() == 2


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_roll_again_rolls_the_rest_with_the_next_multiplier_x10(client, game, htmx):
    move(client, game, "roll")
    response = move(client, game, "roll_again", htmx=htmx, dice=[0, 1, 4])
    assert response.status_code == (200 if htmx else 303)
    page = text(client.get(game.get_absolute_url()))
    assert hook(page, "data-roll-number") == "2" and hook(page, "data-dice-in-play") == "3"
    assert [d[1] for d in dice_shown(page)] == list(FIXED_ROLLS[1])
    assert hook(page, "data-turn-points") == "2"


def test_a_bust_says_so_and_shows_what_was_lost_x7(client):
    game = start(client, ("Anna", "Béla"), seed=BUST_FIRST)
    page = text(move(client, game, "roll", htmx=True))
    assert 'data-last-turn="bust"' in page and "<strong>BUST!</strong>" in page
    assert "roll 1 scored nothing: 0 unbanked points lost." in page
    assert "Béla</bdi>’s turn" in page


def test_a_bust_after_points_shows_the_points_lost_x7_x12(client, game):
    busting = rules.State(
        game.state.options,
        banked_halves=(30, 0),
        turns=(2, 2),
        k=1,
        roll=(1, 2, 3, 4, 6, 6),
        turn_halves=7,
    )
    put_state(game, busting, seed="bust5-0")  # the five dice rolled next: 6-4-3-6-4
    page = text(move(client, game, "roll_again", htmx=True, dice=[0]))
    assert "<strong>BUST!</strong> <bdi>Anna</bdi>’s roll 2 scored nothing: 4.5 unbanked" in page
    assert 'data-player="0" data-score="15"' in page  # banked points are never lost
    assert "Roll 2 (×2): " in page and "BUST</strong> on roll 2" in page


def test_a_clear_shows_its_bonus_and_six_dice_come_back_x11(client):
    game = start(client, ("Anna", "Béla"), seed=CLEAR_FIRST)
    move(client, game, "roll")
    page = text(client.get(game.get_absolute_url() + "?dice=0&dice=1&dice=2&dice=3&dice=4&dice=5"))
    assert "a straight 1–6 = 15 × 1 = 15 + MISHIMASH bonus 10" in plain(page)
    assert "+ MISHIMASH bonus 10" in page and hook(page, "data-gain") == "25"
    assert "ROLL AGAIN (six dice)" in plain(page)
    page = text(move(client, game, "roll_again", htmx=True, dice=list(range(6))))
    assert 'data-cleared="1"' in page and "+10 bonus points, and all six dice come back." in page
    assert len(dice_shown(page)) == 6 and hook(page, "data-roll-number") == "2"
    assert hook(page, "data-turn-points") == "25"
    assert "MISHIMASH! +10, six dice back" in plain(page)


def test_points_come_in_exact_halves_x2(client, game):
    move(client, game, "roll")
    page = text(client.get(game.get_absolute_url() + "?dice=1"))
    assert "one 5 = 0.5 × 1 = 0.5" in plain(page)
    move(client, game, "bank", dice=[1])
    page = text(client.get(game.get_absolute_url()))
    assert 'data-score="0.5"' in page and ">0.5<" in page


def test_halves_follow_the_language(client, game):
    move(client, game, "roll")
    move(client, game, "bank", dice=[1])
    client.cookies["django_language"] = "hu"
    page = text(client.get(game.get_absolute_url()))
    assert 'data-score="0.5"' in page and ">0,5<" in page


# --- the end of the game -----------------------------------------------------------------------


def test_the_final_round_is_announced_with_who_still_plays_x15(client):
    game = start(client, ("Anna", "Béla", "Cyril"), target=10)
    state = game.state
    put_state(
        game,
        rules.State(
            state.options,
            banked_halves=(22, 0, 4),
            turns=(3, 2, 2),
            current=1,
            final_round_by=0,
            due=(2,),
        ),
    )
    page = text(client.get(game.get_absolute_url()))
    assert hook(page, "data-round") == "final" and "data-final-round" in page
    assert "Anna reached the target. Still to play: Béla, Cyril." in page


def test_sudden_death_is_announced_x16(client):
    game = start(client, ("Anna", "Béla", "Cyril"), target=10)
    state = game.state
    put_state(
        game,
        rules.State(
            state.options,
            banked_halves=(22, 0, 22),
            turns=(3, 3, 3),
            current=0,
            final_round_by=0,
            sudden_death_round=1,
            contenders=(0, 2),
            due=(2,),
        ),
    )
    page = text(client.get(game.get_absolute_url()))
    assert hook(page, "data-round") == "sudden-death"
    assert "SUDDEN DEATH, round 1</strong> between Anna, Cyril" in page
    assert "Still to play: Anna, Cyril." in page
    assert 'data-player="1" data-score="0" class=" is-out"' in page


def near_target(client, players: tuple[str, ...], target: int) -> Game:
    """A game whose first seat banks to the target with its next one point."""
    game = start(client, players, target=target)
    n = len(players)
    return put_state(
        game,
        rules.State(
            game.state.options, banked_halves=(2 * target - 2,) + (0,) * (n - 1), turns=(7,) * n
        ),
        seed="fixed",  # the roll shows a 1 at position 0
    )


def test_a_solo_game_ends_on_the_leaderboard_x14(client):
    game = near_target(client, ("Tester",), 500)
    move(client, game, "roll")
    page = text(move(client, game, "bank", htmx=True, dice=[0]))
    assert hook(page, "data-state") == "finished"
    assert (
        "You banked <strong>500</strong> points, reaching 500 in <strong>8</strong> turns." in page
    )
    result = Result.objects.get(game=game)
    assert (result.leaderboard, result.turns, str(result.score)) == ("500", 8, "500.0")
    board = text(client.get(reverse("core:leaderboard", args=["mishimash", "500"])))
    assert f'data-result="{result.pk}"' in board and "Tester" in board


def test_a_custom_target_game_is_not_ranked(client):
    game = near_target(client, ("Tester",), 77)
    move(client, game, "roll")
    move(client, game, "bank", dice=[0])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and not Result.objects.exists()


def test_a_hot_seat_game_ends_on_a_results_page_not_ranked_x15(client):
    game = near_target(client, ("Anna", "Béla"), 500)
    move(client, game, "roll")
    move(client, game, "bank", dice=[0])  # Anna reaches 500: Béla plays the final round
    page = text(client.get(game.get_absolute_url()))
    assert "Anna reached the target. Still to play: Béla." in page
    move(client, game, "roll")
    game.refresh_from_db()
    if game.state.phase == "choosing":  # Béla banks whatever he can: still far below 500
        move(client, game, "bank", dice=list(game.state.legal_selections()[0]))
    page = text(client.get(game.get_absolute_url()))
    assert hook(page, "data-state") == "finished" and "Anna</bdi> wins with 500 points!" in page
    assert re.search(r'data-player="0" data-score="500" data-rank="1" class="is-winner"', page)
    assert 'data-player="1"' in page and "PLAY AGAIN" in page
    assert "This game is not ranked on a leaderboard." in page
    assert "Still to play" not in page and 'data-round="normal"' in page  # nothing left over
    assert not Result.objects.exists()
    assert move(client, game, "roll").status_code == 400


def test_the_replay_page_shows_the_board_read_only(client, game):
    move(client, game, "roll")
    move(client, game, "roll_again", dice=[0, 1, 4])
    Game.start(game.player, game.kind, game.kind.options_from_dict(game.options))
    replay = reverse("core:replay", args=[game.pk])
    for step in ("0", "1", "2"):
        page = text(client.get(replay, {"step": step}))
        assert (
            'id="board"' in page
            and "<form" not in page.split('id="board"')[1].split("</section>")[0]
        )
    page = text(client.get(replay, {"step": "2"}))
    name = rules.Options.from_dict(game.options).players[0]
    assert f"\u2068{name}\u2069 sets aside dice 1, 2, 5 and rolls again" in page
    assert [d[1] for d in dice_shown(page)] == list(FIXED_ROLLS[1])


def test_whole_games_played_through_the_views_reach_their_end(client):
    """A bot plays a solo game to 500 and a three-player game to 100 through the views."""
    for players, target in ((("Tester",), 500), (("Anna", "Béla", "Cyril"), 100)):
        game = start(client, players, target=target, seed=f"whole-{len(players)}")
        moves = 0
        while game.is_active:
            action = bot_action(game.state, 40)
            if isinstance(action, rules.Roll):
                response = move(client, game, "roll", htmx=moves % 2 == 0)
            else:
                name = "bank" if isinstance(action, rules.SelectAndBank) else "roll_again"
                response = move(client, game, name, htmx=moves % 2 == 0, dice=list(action.dice))
            assert response.status_code in (200, 303), text(response)[:500]
            moves += 1
            game.refresh_from_db()
        state = game.state
        assert state.is_finished and max(state.banked_halves) >= 2 * target
        assert game.actions.count() == moves
        # The stored games replay to the same end.
        assert list(game.replay_states())[-1] == state
    assert Result.objects.filter(leaderboard="500").count() == 1
    out = StringIO()
    call_command("verify_games", kind="mishimash", stdout=out)  # snapshots == their replays
    assert "2 finished games replayed, 0 differ." in out.getvalue()


def test_player_names_are_escaped_everywhere(client):
    game = start(client, ("<i>Anna</i>", "Béla & co"), target=500)
    move(client, game, "roll")
    move(client, game, "bank", dice=[0])  # a bank line, a banner, the scores
    page = client.get(game.get_absolute_url()).content.decode()
    assert "<i>Anna</i>" not in page and "&lt;i&gt;Anna&lt;/i&gt;" in page
    assert "Béla &amp; co" in page


# --- what a move did: announced, heard, marked ------------------------------------------------


def told(page: str) -> tuple[str, str]:
    """The board's data-announce and data-sound."""
    announce = re.search(r'data-announce="([^"]*)"', page)
    sound = re.search(r'data-sound="([^"]*)"', page.split('id="board"')[1])
    return (announce.group(1) if announce else "", sound.group(1) if sound else "")


def test_a_roll_and_a_roll_again_say_the_dice_and_the_points(client, game):
    page = text(move(client, game, "roll", htmx=True))
    assert told(page) == ("Roll 1 (×1): 1, 5, 2, 4, 5, 2.", "roll")
    assert 'class="dice-row rolled"' in page  # the new dice roll in
    page = text(move(client, game, "roll_again", htmx=True, dice=[0, 1, 4]))
    assert told(page) == ("+2. Roll 2 (×2): 2, 1, 2.", "roll")
    assert '<dd>2 <span class="gain" aria-hidden="true">+2</span></dd>' in page
    # The page itself (a reload, another tab) repeats nothing.
    page = text(client.get(game.get_absolute_url()))
    assert told(page) == ("", "") and "rolled" not in page and 'class="gain"' not in page


def test_a_bank_says_the_points_and_whose_turn_it_is(client, game):
    move(client, game, "roll")
    page = text(move(client, game, "bank", htmx=True, dice=[0, 1, 4]))
    assert told(page) == ("Anna banked 2 points: total 2. Béla’s turn", "bank")
    scores = page.split('class="mm-scores')[1].split("</ol>")[0]
    assert '<span class="pts">2 <span class="gain" aria-hidden="true">+2</span></span>' in scores


def test_a_bust_is_heard_and_its_roll_stays_on_the_dice(client):
    game = start(client, ("Anna", "Béla"), seed=BUST_FIRST)
    page = text(move(client, game, "roll", htmx=True))
    announce, sound = told(page)
    assert sound == "bust" and announce.startswith("BUST! Anna’s roll 1 scored nothing")
    assert announce.endswith("Béla’s turn")
    game.refresh_from_db()
    roll = next(e for e in reversed(game.state.log) if isinstance(e, rules.Rolled)).faces
    shown = [int(v) for v in re.findall(r'data-busted-die="\d" data-value="(\d)"', page)]
    assert tuple(shown) == roll and 'class="die blank"' not in page


def test_a_clear_is_celebrated(client):
    game = start(client, ("Anna", "Béla"), seed=CLEAR_FIRST)
    move(client, game, "roll")
    page = text(move(client, game, "roll_again", htmx=True, dice=list(range(6))))
    announce, sound = told(page)
    assert sound == "clear"
    assert announce.startswith("MISHIMASH! +10 bonus points, and all six dice come back. Roll 2")
    assert 'class="game mm is-answer"' in page and 'data-cleared="1"' in page


def test_the_end_is_heard_solo_with_its_turns(client):
    game = near_target(client, ("Tester",), 500)
    move(client, game, "roll")
    page = text(move(client, game, "bank", htmx=True, dice=[0]))
    assert told(page) == ("Tester banked 1 points: total 500. Target reached in 8 turns", "end")
    assert "wins with" not in page  # solo: turns and rank, not "Tester wins"
    assert "Target reached in 8 turns" in page


def test_the_final_round_is_announced_when_it_starts(client):
    game = near_target(client, ("Anna", "Béla"), 500)
    move(client, game, "roll")
    page = text(move(client, game, "bank", htmx=True, dice=[0]))
    announce, sound = told(page)
    assert sound == "bank" and "Final round! Anna reached the target. Still to play: Béla." in (
        announce
    )
