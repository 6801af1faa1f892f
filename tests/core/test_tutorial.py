"""The home page's one-tap Play and each game's how-to-play (issue 30, item 5): one plain POST
starts a game with the usual settings; a how-to-play is the game's public deal, played through
the real move views and rules, with step texts that follow the server's state, and it never
reaches a leaderboard, a daily, the stats or the home page's running games."""

import random

import pytest
from django.urls import reverse

from games.core.daily.challenges import today_cards
from games.core.kinds import all_kinds, get_kind
from games.core.models import Game, Player, Result
from games.core.stats.figures import player_stats
from games.rules import ishido, magdagdon, mishimash
from tests.support.finished import MOVES
from tests.support.games import bind_player

pytestmark = pytest.mark.django_db

KEYS = [kind.key for kind in all_kinds()]


def started(response) -> Game:
    assert response.status_code == 303
    return Game.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))


@pytest.mark.parametrize("key", KEYS)
def test_one_plain_post_starts_a_ranked_game_with_the_usual_settings(client, key):
    response = client.post(reverse("core:play_now", args=[key]))
    game = started(response)
    assert response["Location"] == game.get_absolute_url()
    assert game.kind_key == key and game.is_active and not game.tutorial and game.day is None
    assert game.leaderboard in dict(get_kind(key).leaderboards)  # ranked, on a usual board
    assert client.get(response["Location"]).status_code == 200


def test_a_second_tap_opens_the_running_game_and_abandons_nothing(client):
    first = started(client.post(reverse("core:play_now", args=["ishido"])))
    again = client.post(reverse("core:play_now", args=["ishido"]))
    assert again.status_code == 303 and again["Location"] == first.get_absolute_url()
    first.refresh_from_db()
    assert first.is_active and Game.objects.count() == 1


def test_play_now_is_a_post_and_knows_only_real_games(client):
    assert client.get(reverse("core:play_now", args=["ishido"])).status_code == 405
    assert client.post(reverse("core:play_now", args=["chess"])).status_code == 404
    assert client.post(reverse("core:tutorial", args=["chess"])).status_code == 404
    assert Game.objects.count() == 0


def test_mishimash_play_starts_solo_to_the_last_target_chosen(client):
    player = bind_player(client, "Kata")
    player.preferences = {"mishimash.target": 2000}
    player.save()
    game = started(client.post(reverse("core:play_now", args=["mishimash"])))
    assert game.options == {"players": ["Kata"], "target": 2000} and game.leaderboard == "2000"


def test_the_home_page_offers_play_and_how_to_play_for_every_game(client):
    html = client.get("/").content.decode()
    for key in KEYS:
        assert f'action="{reverse("core:play_now", args=[key])}"' in html
        assert f'action="{reverse("core:tutorial", args=[key])}"' in html
    # The one-tap Play buttons come before the daily challenges, which are secondary.
    assert html.index("data-play-now") < html.index("data-daily-today")
    assert "button primary" not in html.split("data-daily-today")[1].split("</section>")[0]


@pytest.mark.parametrize("key", KEYS)
def test_the_rules_page_offers_the_how_to_play(client, key):
    html = client.get(reverse("core:rules", args=[key])).content.decode()
    assert f'action="{reverse("core:tutorial", args=[key])}"' in html


@pytest.mark.parametrize("key", KEYS)
def test_a_how_to_play_deals_the_public_opening_beside_the_players_game(client, key):
    own = started(client.post(reverse("core:play_now", args=[key])))
    first = started(client.post(reverse("core:tutorial", args=[key])))
    second = started(client.post(reverse("core:tutorial", args=[key])))
    kind = get_kind(key)
    assert second.tutorial and second.seed == kind.tutorial_seed and second.leaderboard == ""
    assert second.snapshot == first.snapshot  # the same fixed deal every time
    own.refresh_from_db()
    first.refresh_from_db()
    assert own.is_active  # the player's own game goes on
    assert first.status == Game.Status.ABANDONED  # only the earlier how-to-play gave way
    # The home page still continues the player's own game, not the how-to-play.
    assert client.get("/").context["games"][KEYS.index(key)].running == own
    step = client.get(second.get_absolute_url()).context["tutorial"]
    assert step.number == 1 and not step.done


@pytest.mark.parametrize("key", KEYS)
def test_a_finished_how_to_play_ranks_nowhere_and_counts_nowhere(client, key):
    player = bind_player(client, "Newcomer")
    game = started(client.post(reverse("core:tutorial", args=[key])))
    kind = get_kind(key)
    ranked_on = kind.leaderboard(kind.options_from_dict(game.options))  # had it been ranked
    board_url = reverse("core:leaderboard", args=[key, ranked_on])
    before = client.get(board_url).context["total"]
    pick = random.Random(1)
    while game.is_active:
        game.apply_action(MOVES[key](game.state, pick), game.version)
    assert game.status == Game.Status.FINISHED
    assert not Result.objects.exists()  # no leaderboard row, no records row
    page = client.get(game.get_absolute_url())
    assert page.context["tutorial"].done and not page.context["ending"].ranked
    assert b"This game is not ranked on a leaderboard." in page.content
    assert player_stats(Player.objects.get(pk=player.pk)) == []
    assert {card.status for card in today_cards(player)} == {"new"}  # not the daily
    board = client.get(board_url).context
    assert board["mine"] is None and board["total"] == before  # nothing added to the board
    assert all(row.game_id != game.pk for row in board["rows"])


def step_of(response) -> tuple[int, str]:
    step = response.context["tutorial"]
    return step.number, str(step.text)


def test_magdagdon_steps_follow_the_moves_the_server_accepts(client):
    game = started(client.post(reverse("core:tutorial", args=["magdagdon"])))
    url = game.get_absolute_url()
    assert step_of(client.get(url))[0] == 1
    client.post(reverse("magdagdon:roll", args=[game.pk]), {"version": 0})
    game.refresh_from_db()
    assert game.state.roll == (5, 4, 2, 3)  # the fixed deal the step texts speak of
    number, text = step_of(client.get(url))
    assert number == 2 and "any cell" in text
    # A refused move (the 2 beside nothing, then the 5 not beside a number) changes no step.
    client.post(reverse("magdagdon:stage", args=[game.pk]), {"version": 1, "die": 2, "cell": 5})
    refused = client.post(
        reverse("magdagdon:stage", args=[game.pk]), {"version": 2, "die": 0, "cell": 15}
    )
    assert refused.status_code == 400 and step_of(refused)[0] == 3
    client.post(reverse("magdagdon:stage", args=[game.pk]), {"version": 2, "die": 3, "cell": 6})
    number, text = step_of(client.get(url))
    assert number == 4 and "CONFIRM" in text
    client.post(reverse("magdagdon:confirm", args=[game.pk]), {"version": 3})
    page = client.get(url)
    assert page.context["tutorial"].done and b"data-tutorial-play" in page.content


def test_mishimash_steps_follow_the_moves_the_server_accepts(client):
    game = started(client.post(reverse("core:tutorial", args=["mishimash"])))
    url = game.get_absolute_url()
    client.post(reverse("mishimash:roll", args=[game.pk]), {"version": 0, "player": 0})
    game.refresh_from_db()
    assert game.state.roll == (3, 4, 4, 5, 1, 4)
    assert step_of(client.get(url))[0] == 2
    # Three 4s and the 1, then roll again: the next roll's selection counts ×2.
    move = {"version": 1, "player": 0, "dice": [1, 2, 5, 4]}
    client.post(reverse("mishimash:roll_again", args=[game.pk]), move)
    number, text = step_of(client.get(url))
    assert number == 3 and "×2" in text
    game.refresh_from_db()
    ones_and_fives = [i for i, face in enumerate(game.state.roll) if face in (1, 5)]
    move = {"version": game.version, "player": 0, "dice": ones_and_fives[:1]}
    client.post(reverse("mishimash:bank", args=[game.pk]), move)
    game.refresh_from_db()
    assert game.state.banked_halves[0] > 0
    number, text = step_of(client.get(url))
    assert number == 4 and text.startswith("Banked")


def test_ishido_steps_follow_the_moves_the_server_accepts(client):
    game = started(client.post(reverse("core:tutorial", args=["ishido"])))
    url = game.get_absolute_url()
    assert "colour or its shape" in step_of(client.get(url))[1]
    for number in (2, 3, 4):
        game.refresh_from_db()
        cell = min(game.state.legal_cells)
        stone = ishido.stone_name(game.state.current_stone)
        client.post(
            reverse("ishido:place", args=[game.pk]),
            {"version": game.version, "stone": stone, "cell": cell},
        )
        assert step_of(client.get(url))[0] == number


def test_step_texts_keep_to_the_rule_pages():
    """The words of each script against the rules (M6, M8, M9; X3, X4, X10; I5, I7-I10)."""
    rolled = magdagdon.State(magdagdon.Difficulty.PEACEFUL, roll=(5, 4, 2, 3), phase="placing")
    assert magdagdon.required(rolled) == 2
    assert magdagdon.legal_cells(magdagdon.EMPTY_BOARD, 5) == frozenset(range(16))  # M8
    roll = (3, 4, 4, 5, 1, 4)
    assert mishimash.selection_points(roll, (1,)) == 1
    assert mishimash.selection_points(roll, (5,)) == 0.5
    assert mishimash.selection_points(roll, (4, 4, 4)) == 4
    assert [ishido.end_bonus(n) for n in (3, 2, 1, 0)] == [0, 100, 500, 1000]  # I10


def test_a_how_to_play_offers_no_hint_and_refuses_one(client):
    """Its guide is its help: no HINT panel, and a hint asked for anyway changes nothing."""
    game = started(client.post(reverse("core:tutorial", args=["ishido"])))
    page = client.get(game.get_absolute_url())
    assert page.context["hint_panel"] is None and b"data-hint-button" not in page.content
    asked = client.post(reverse("core:hint", args=[game.pk]), {"version": 0, "confirm": "1"})
    assert asked.status_code == 400
    game.refresh_from_db()
    assert not game.coached and game.version == 0


def test_a_how_to_play_shows_no_fairness_fingerprint(client):
    """Its seed is public (GameKind.tutorial_seed): a fingerprint of it would promise a secret."""
    game = started(client.post(reverse("core:tutorial", args=["magdagdon"])))
    assert b"data-seed-hash" not in client.get(game.get_absolute_url()).content
    own = started(client.post(reverse("core:play_now", args=["magdagdon"])))
    assert b"data-seed-hash" in client.get(own.get_absolute_url()).content
