"""Mining puzzles from finished games' reviews (games.core.puzzles.mining): a decision becomes a
puzzle when the choice played gave up a clear share of par and the best other choice gives up a
share too, so that the puzzle has one answer; the set is rebuilt the same every time, and
nothing of the source game changes."""

import pytest
from django.core.management import call_command

from games.core.models import Action, Game
from games.core.puzzles import mining
from games.core.puzzles.models import Puzzle
from tests.support.puzzles import clear_slip, near_tie_slip, played_with_one_slip, reviewed

pytestmark = pytest.mark.django_db


def test_a_game_with_one_clear_slip_yields_exactly_that_puzzle():
    game, slipped = played_with_one_slip(clear_slip)
    before = (
        Game.objects.get(pk=game.pk).snapshot,
        list(Action.objects.filter(game=game).values_list("payload", flat=True)),
    )
    reviewed(game)
    assert mining.mine_game(game.pk) == 1
    puzzle = Puzzle.objects.get()
    assert (puzzle.game_id, puzzle.number, puzzle.kind_key) == (game.pk, slipped, "mishimash")
    assert puzzle.played_share >= mining.PLAYED_SHARE
    assert puzzle.runner_up_share >= mining.RUNNER_UP_SHARE
    coach = puzzle.decision["coach"][0]
    assert puzzle.runner_up["player"][0] != coach  # the runner-up is another choice
    assert puzzle.decision["player"] != puzzle.decision["coach"]
    after = (
        Game.objects.get(pk=game.pk).snapshot,
        list(Action.objects.filter(game=game).values_list("payload", flat=True)),
    )
    assert after == before  # nothing of the source game changes


def test_a_slip_where_two_best_choices_are_near_equal_yields_no_puzzle():
    game, slipped = played_with_one_slip(near_tie_slip)
    reviewed(game)
    review = mining.mineable(game)
    assert [n for n, _ in mining.candidates(review.decisions)] == [slipped]  # a clear mistake
    assert mining.mine_game(game.pk) == 0
    assert not Puzzle.objects.exists()


def test_the_rebuild_finds_the_same_puzzles_and_keeps_their_ratings():
    game, slipped = played_with_one_slip(clear_slip, seed="again")
    reviewed(game)
    call_command("rebuild_puzzles", verbosity=0)
    first = list(Puzzle.objects.values_list("game_id", "number", "decision", "runner_up"))
    Puzzle.objects.update(rating=1720.0)
    call_command("rebuild_puzzles", verbosity=0)
    assert list(Puzzle.objects.values_list("game_id", "number", "decision", "runner_up")) == first
    assert [n for _, n, _, _ in first] == [slipped]
    assert set(Puzzle.objects.values_list("rating", flat=True)) == {1720.0}


def test_the_worker_mines_a_review_once_it_is_done():
    from tests.support.tasks import run_worker

    game, slipped = played_with_one_slip(clear_slip, seed="worker")
    from games.core.review.tasks import analyse_review

    analyse_review.enqueue(game.pk)
    run_worker()
    assert list(Puzzle.objects.values_list("game_id", "number")) == [(game.pk, slipped)]


def test_a_rebuild_with_stricter_thresholds_drops_unanswered_puzzles_only(monkeypatch):
    from games.core.models import Player
    from games.core.puzzles.models import PuzzleAttempt

    answered, _ = played_with_one_slip(clear_slip, seed="kept")
    unanswered, _ = played_with_one_slip(clear_slip, seed="dropped")
    for game in (answered, unanswered):
        reviewed(game)
    call_command("rebuild_puzzles", verbosity=0)
    assert Puzzle.objects.count() == 2
    PuzzleAttempt.objects.create(
        player=Player.objects.create(),
        puzzle=Puzzle.objects.get(game=answered),
        solved=True,
        choice=[],
        rating_before=1500,
        rating_after=1600,
    )
    monkeypatch.setattr(mining, "RUNNER_UP_SHARE", 10.0)  # no runner-up is ever that far
    call_command("rebuild_puzzles", verbosity=0)
    assert list(Puzzle.objects.values_list("game_id", flat=True)) == [answered.pk]
