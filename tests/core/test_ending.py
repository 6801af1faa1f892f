"""The end screen (issue "phone-first play"): rank on the leaderboard, personal best, one tap
to play again with the same settings, and a SHARE text that draws the finished game."""

import random

import pytest
from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game, Player, Result
from games.ishido import share as ishido_share
from games.magdagdon import share as magdagdon_share
from games.rules import ishido, magdagdon, mishimash
from tests.support.games import bind_player, finish_ishido, make_result, start_seeded

pytestmark = pytest.mark.django_db


def finish_mishimash(game: Game) -> Game:
    """Bank whenever the rules allow, else take the first legal action, until the end."""
    while game.is_active:
        actions = mishimash.legal_actions(game.state)
        banks = [a for a in actions if isinstance(a, mishimash.SelectAndBank)]
        game.apply_action(banks[0] if banks else actions[0], game.version)
    return game


def test_a_finished_game_shows_its_rank_of_the_leaderboard_and_the_share_text(client):
    player = bind_player(client, "Ann")
    for n in range(3):
        make_result(f"Other{n}", 10**6 + n)  # three better results on Ishido's board
    game = finish_ishido(player, seed="ending-rank")
    page = client.get(game.get_absolute_url())
    ending = page.context["ending"]
    assert ending.rank == 4 and ending.total == 4 and ending.leaderboard == "classic"
    html = page.content.decode()
    assert 'data-rank="4"' in html and 'data-rank-total="4"' in html
    assert "Classic" in html
    # The share text: the game and score, the rank, the board's picture, the replay address.
    lines = ending.share_text.split("\n")
    score = Result.objects.get(game=game).score
    assert lines[0] == f"Ishido · Classic · {score:.0f}"
    assert lines[1] == "#4/4 · Classic"
    assert lines[-1] == f"http://testserver{game.replay_url()}"
    assert ishido_share.picture(game.state) in ending.share_text


def test_the_first_result_then_a_new_personal_best_then_not(client):
    player = bind_player(client, "Bea")
    first = finish_ishido(player, seed="best-1")
    ending = client.get(first.get_absolute_url()).context["ending"]
    assert ending.first_result and not ending.new_best
    score = Result.objects.get(game=first).score
    # An earlier result worse than this one makes it a new best; a better one does not.
    Result.objects.filter(game=first).update(score=score - 1)
    second = finish_ishido(player, seed="best-1")
    ending = client.get(second.get_absolute_url()).context["ending"]
    assert ending.new_best and ending.best == score - 1
    assert "data-new-best" in client.get(second.get_absolute_url()).content.decode()
    Result.objects.filter(game=first).update(score=score + 1)
    ending = client.get(second.get_absolute_url()).context["ending"]
    assert not ending.new_best and not ending.first_result and ending.best == score + 1


def test_a_hidden_result_has_no_rank(client):
    player = bind_player(client, "Cid")
    game = finish_ishido(player, seed="hidden")
    Result.objects.filter(game=game).set_hidden(True)
    ending = client.get(game.get_absolute_url()).context["ending"]
    assert ending.ranked and ending.rank is None
    assert "hidden from the leaderboard" in client.get(game.get_absolute_url()).content.decode()


def test_a_hot_seat_game_is_not_ranked_and_shares_every_players_points(client):
    options = mishimash.Options(players=("Ann", "Bob"), target=100)
    game = finish_mishimash(start_seeded(client, "mishimash", options, seed="hot"))
    page = client.get(game.get_absolute_url())
    ending = page.context["ending"]
    assert not ending.ranked and ending.rank is None and ending.leaderboard == ""
    assert "not ranked on a leaderboard" in page.content.decode()
    winner = game.state.winner
    lines = ending.share_text.split("\n")
    assert lines[0] == "MISHIMASH · 100 · 2👥"
    assert lines[1].startswith(f"🏆 {options.players[winner]} ")
    assert len([line for line in lines if line.startswith("🏆")]) == 1


def test_solo_mishimash_shares_turns_and_rank(client):
    options = mishimash.Options(players=("Ann",), target=500)
    game = finish_mishimash(start_seeded(client, "mishimash", options, seed="solo"))
    ending = client.get(game.get_absolute_url()).context["ending"]
    assert ending.rank == 1 and ending.leaderboard == "500"
    assert ending.share_text.startswith(f"MISHIMASH · 500 · 🎲×{game.state.turns[0]}\n#1/1 · ")


def test_play_again_starts_a_game_with_the_same_settings_in_one_tap(client):
    options = mishimash.Options(players=("Ann", "Bob", "Cy"), target=100)
    game = finish_mishimash(start_seeded(client, "mishimash", options, seed="again"))
    response = client.post(reverse("core:again", args=[game.pk]))
    assert response.status_code == 303
    new = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == new.get_absolute_url()
    assert new.options == game.options and new.is_active and new.seed != game.seed


def test_play_again_is_refused_for_a_running_game_and_for_someone_elses(client):
    game = start_seeded(client, "magdagdon", magdagdon.Options(magdagdon.Difficulty.PEACEFUL))
    response = client.post(reverse("core:again", args=[game.pk]))
    assert response.status_code == 400
    assert Game.objects.count() == 1 and Game.objects.get().is_active
    stranger = finish_ishido(Player.objects.create(nickname="Zed"), seed="theirs")
    assert client.post(reverse("core:again", args=[stranger.pk])).status_code == 404
    assert client.post(reverse("core:again", args=[10**9])).status_code == 404
    assert Game.objects.count() == 2


def test_the_magdagdon_picture_marks_bonus_lines_and_ruins():
    x = magdagdon.RUIN
    board = (1, 2, 3, 4, 5, 5, 6, 6, 2, x, 1, 3, 4, 1, 6, 2)  # row 1 a STRAIGHT
    state = magdagdon.State(
        difficulty=magdagdon.Difficulty.PEACEFUL, board=board, phase=magdagdon.FINISHED
    )
    bonuses = magdagdon.live_score(state).bonuses
    rows = {b.number for b in bonuses if b.line == "row"}
    columns = {b.number for b in bonuses if b.line == "column"}
    assert 0 in rows
    lines = magdagdon_share.picture(state).split("\n")
    assert lines[0] == "🟩🟩🟩🟩⭐"
    assert lines[2][1] == "🟥"  # the RUIN on row 3, column 2
    for r in range(4):
        for c in range(4):
            if board[r * 4 + c] != x:
                expected = "🟩" if r in rows or c in columns else "⬜"
                assert lines[r][c] == expected
    assert (len(lines) == 5) == bool(columns)


def test_the_ishido_picture_colours_each_cell_by_its_stone():
    state = ishido.new_game(ishido.Options(), random.Random(3))
    lines = ishido_share.picture(state).split("\n")
    assert len(lines) == ishido.ROWS + 1
    for index, stone in enumerate(state.board):
        row, column = divmod(index, ishido.COLUMNS)
        cells = lines[row].replace("▫️", ".")
        assert cells[column] == ("." if stone is None else ishido_share.SQUARES[stone.colour])
    assert lines[-1] == "6/72 · 4×0"


def test_a_game_page_has_a_compact_header_a_live_region_and_the_sounds(client):
    game = start_seeded(client, "magdagdon", magdagdon.Options(magdagdon.Difficulty.PEACEFUL))
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'class="site-header compact"' in html and 'id="announce"' in html
    assert 'id="sounds"' in html and "sound/roll" in html
    home = client.get(reverse("core:home")).content.decode()
    assert "compact" not in home and 'id="sounds"' not in home
    assert get_kind("magdagdon").share_picture(game.state).count("\n") == 3
