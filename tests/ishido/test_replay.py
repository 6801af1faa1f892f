"""The replay of a finished Ishido game, the leaderboard order and the kind's descriptions."""

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido
from tests.support.games import bind_player, make_result

pytestmark = pytest.mark.django_db
KIND = get_kind("ishido")


def finished_game(player: Player, seed: str = "replay") -> Game:
    game = Game.start(player, KIND, ishido.Options(), seed=seed)
    while game.is_active:
        game.apply_action(ishido.Place(max(game.state.legal_cells)), game.version)
    return game


def test_the_replay_shows_the_board_after_each_step_read_only(client):
    game = finished_game(bind_player(client))
    states = list(game.replay_states())
    url = reverse("core:replay", args=[game.pk])
    for step in (0, 1, 17, len(states) - 1):
        html = client.get(url, {"step": step}).content.decode()
        values = dict(re.findall(r'data-cell="(\d+)" data-value="([^"]*)"', html))
        assert len(values) == 96
        for cell, stone in enumerate(states[step].board):
            assert values[str(cell)] == ("" if stone is None else ishido.stone_name(stone))
        assert "data-legal" not in html and 'name="cell"' not in html
        assert reverse("ishido:place", args=[game.pk]) not in html
        assert "css/ishido.css" in html  # the board is styled on the replay page too
        assert f'data-stones-left="{states[step].stones_left}"' in html


def test_the_replay_shows_only_each_steps_current_stone(client):
    game = finished_game(bind_player(client), seed="hidden-pouch")
    state = list(game.replay_states())[3]
    html = client.get(reverse("core:replay", args=[game.pk]), {"step": 3}).content.decode()
    assert f'data-current-stone="{ishido.stone_name(state.current_stone)}"' in html
    pouch_codes = state.to_dict()["pouch"]
    assert pouch_codes not in html and pouch_codes[2:10] not in html


def test_the_replay_end_shows_the_final_score(client):
    game = finished_game(bind_player(client), seed="final")
    final = game.state
    url = reverse("core:replay", args=[game.pk])
    html = client.get(url, {"step": game.actions.count()}).content.decode()
    assert f'data-final-score="{final.final_score}"' in html
    assert f'data-end-reason="{final.end_reason}"' in html


def test_each_move_is_described_by_row_and_column():
    assert KIND.describe_action({"type": "place", "cell": 41}) == "Stone on row 4, column 6"
    assert KIND.describe_action({"type": "place", "cell": 0}) == "Stone on row 1, column 1"


def test_the_result_is_the_final_score_and_stones_left():
    state = ishido.start_from(
        [ishido.Stone(2, 4)] + [None] * 95, [ishido.Stone(2, 0), ishido.Stone(5, 5)]
    )
    state = ishido.place(state, 1)
    fields = KIND.result(state, ishido.Options())
    assert fields.score == Decimal(state.final_score) and fields.stones_left == 1


def test_leaderboard_best_score_then_fewer_stones_left_then_earlier(client):
    player = Player.objects.create(nickname="P")
    now = timezone.now()
    rows = [
        ("late-tie", 500, 1, 2),
        ("best", 900, 5, 0),
        ("early-tie", 500, 1, 1),
        ("more", 500, 3, 0),
    ]
    for name, score, left, minutes in rows:
        finished = now + timedelta(minutes=minutes)
        make_result(name, score, player=player, stones_left=left, finished_at=finished)
    board = reverse("core:leaderboard", args=["ishido", "classic"])
    html = client.get(board, {"all": "1"}).content.decode()  # one player's results: all of them
    order = [html.index(f"<bdi>{name}</bdi>") for name in ("best", "early-tie", "late-tie", "more")]
    assert order == sorted(order)
