"""Stored games replay exactly, moves are atomic and version-checked, results are server-made."""

import random

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError

from games.core.kinds import get_kind
from games.core.models import Action, Game, GameOver, Player, Result, StaleVersion, seed_hash
from games.rules import IllegalMove, ishido
from tests.support.games import finish_ishido

pytestmark = pytest.mark.django_db
KIND = get_kind("ishido")


@pytest.fixture
def player() -> Player:
    return Player.objects.create(nickname="Ödön")


def test_a_new_game_commits_to_its_seed_by_sha256(player):
    game = Game.start(player, KIND, ishido.Options())
    assert len(game.seed) == 64
    assert game.seed_hash == seed_hash(game.seed)
    assert game.version == 0 and game.is_active and not game.seed_revealed


def test_the_opening_is_drawn_from_the_seed(player):
    a = Game.start(player, KIND, ishido.Options(), seed="same")
    b = Game.start(player, KIND, ishido.Options(), seed="same")
    assert a.snapshot == b.snapshot
    assert a.snapshot == ishido.new_game(ishido.Options(), random.Random("same")).to_dict()


def test_starting_again_abandons_the_running_game(player):
    first = Game.start(player, KIND, ishido.Options())
    Game.start(player, KIND, ishido.Options())
    first.refresh_from_db()
    assert first.status == Game.Status.ABANDONED and first.seed_revealed


def test_a_move_appends_one_numbered_action_and_bumps_the_version(player):
    game = Game.start(player, KIND, ishido.Options(), seed="move")
    cell = min(game.state.legal_cells)
    game.apply_action(ishido.Place(cell), 0)
    assert game.version == 1
    assert list(game.actions.values_list("number", "payload")) == [
        (1, {"type": "place", "cell": cell})
    ]
    assert game.state.board[cell] is not None


def test_a_stale_version_changes_nothing(player):
    game = Game.start(player, KIND, ishido.Options(), seed="stale")
    game.apply_action(ishido.Place(min(game.state.legal_cells)), 0)
    before = (game.version, game.snapshot, bytes(game.rng_state))
    with pytest.raises(StaleVersion):
        game.apply_action(ishido.Place(min(game.state.legal_cells)), 0)
    game.refresh_from_db()
    assert (game.version, game.snapshot, bytes(game.rng_state)) == before
    assert game.actions.count() == 1


def test_an_illegal_move_changes_nothing(player):
    game = Game.start(player, KIND, ishido.Options(), seed="illegal")
    occupied = ishido.OPENING_CELLS[0]
    with pytest.raises(IllegalMove, match="not empty"):
        game.apply_action(ishido.Place(occupied), 0)
    game.refresh_from_db()
    assert game.version == 0 and game.actions.count() == 0


def test_two_actions_can_never_share_a_number(player):
    game = Game.start(player, KIND, ishido.Options(), seed="unique")
    Action.objects.create(game=game, number=1, payload={"type": "place", "cell": 1})
    with pytest.raises(IntegrityError):
        Action.objects.create(game=game, number=1, payload={"type": "place", "cell": 2})


def test_replaying_the_actions_rebuilds_the_stored_state(player):
    game = finish_ishido(player, seed="replay")
    *_, final = game.replay_states()
    assert final.to_dict() == game.snapshot


def test_a_finished_game_writes_its_result_from_the_server_state(player):
    game = finish_ishido(player, seed="result")
    state = game.state
    result = Result.objects.get(game=game)
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert result.score == state.final_score
    assert result.stones_left == state.stones_left
    assert (result.kind_key, result.leaderboard, result.nickname) == ("ishido", "classic", "Ödön")
    assert not result.hidden


def test_no_move_after_the_end(player):
    game = finish_ishido(player, seed="over")
    with pytest.raises(GameOver):
        game.apply_action(ishido.Place(0), game.version)


def test_a_banned_players_new_results_are_hidden(player):
    player.ban()
    game = finish_ishido(player, seed="banned")
    assert Result.objects.get(game=game).hidden


def test_verify_games_passes_on_honest_games(player, capsys):
    finish_ishido(player, seed="honest-1")
    finish_ishido(player, seed="honest-2")
    call_command("verify_games")
    assert "2 finished games replayed, 0 differ." in capsys.readouterr().out


def test_verify_games_fails_on_a_tampered_score(player):
    game = finish_ishido(player, seed="tampered")
    Result.objects.filter(game=game).update(score=999999)
    with pytest.raises(CommandError) as error:
        call_command("verify_games")
    assert error.value.returncode == 1


def test_verify_games_fails_on_a_tampered_action(player):
    game = finish_ishido(player, seed="tampered-action")
    action = game.actions.order_by("number").last()
    action.payload = {"type": "place", "cell": 95}
    action.save()
    with pytest.raises(CommandError) as error:
        call_command("verify_games")
    assert error.value.returncode == 1


def test_the_generator_goes_on_exactly_where_each_move_left_it(player):
    """MAGDAGDON draws only when dice are rolled or rerolled: a staged die leaves the stored
    generator as it was, and every roll goes on from where the last one stopped, as one
    generator from the seed would (M: the server rolls every die)."""
    from games.rules import magdagdon

    kind = get_kind("magdagdon")
    options = magdagdon.Options(magdagdon.Difficulty.PEACEFUL)
    game = Game.start(player, kind, options, seed="generator")
    mirror_rng = random.Random("generator")
    mirror = magdagdon.new_game(options, mirror_rng)
    for _ in range(3):  # three turns: roll, stage two dice, confirm
        for action in (magdagdon.Roll(), None, None, magdagdon.Confirm()):
            if action is None:
                legal = magdagdon.legal_actions(mirror)
                action = next(a for a in legal if isinstance(a, magdagdon.Stage))
            stored = bytes(game.rng_state)
            game.apply_action(action, game.version)
            mirror = magdagdon.apply(mirror, action, mirror_rng)
            game.refresh_from_db()
            assert game.snapshot == mirror.to_dict()
            if isinstance(action, magdagdon.Roll):
                assert bytes(game.rng_state) != stored
            else:
                assert bytes(game.rng_state) == stored
    *_, replayed = game.replay_states()
    assert replayed.to_dict() == game.snapshot
