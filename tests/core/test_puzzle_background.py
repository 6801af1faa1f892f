"""Every finished game is analysed and mined by the background worker, not only the reviewed
ones (games.core.puzzles.tasks): queued as the game ends, a while later, at a lower priority
than the reviews players ask for, within the site-wide cap on analyses, a few steps at a time;
a daily challenge waits for its day to end, and a player who opens such a review hurries it."""

from datetime import timedelta

import pytest
from django.test.utils import override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games.core import clock
from games.core.models import Game, Player
from games.core.puzzles import tasks
from games.core.puzzles.models import Puzzle
from games.core.puzzles.tasks import PRIORITY
from games.core.review.models import Review
from tests.support.finished import finish
from tests.support.puzzles import OPTIONS
from tests.support.tasks import queued, reviews_queued, run_worker

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def own_queue():
    """Only this test's tasks (tests that run servers in other processes commit theirs)."""
    DBTaskResult.objects.all().delete()


@pytest.fixture
def player():
    return Player.objects.create(nickname="Unasked")


def mining_tasks():
    return DBTaskResult.objects.filter(task_path__endswith=".mine_finished")


def due_now():
    mining_tasks().filter(status="READY").update(run_after=timezone.now())


def test_a_finished_game_is_queued_for_mining_later_and_below_reviews(player):
    game = finish(player, "magdagdon", OPTIONS["magdagdon"], seed="e")  # it holds puzzles
    task = mining_tasks().get()
    assert task.priority == PRIORITY < 0 and task.run_after > timezone.now() + timedelta(seconds=60)
    assert queued() == 0 and run_worker() == 0  # not on the move, not at once
    due_now()
    run_worker()  # a few steps a task, queued again at once until done
    review = Review.objects.get(game=game)
    assert review.is_done and Puzzle.objects.filter(game=game).count() >= 1
    assert queued() == 0 and game.status == Game.Status.FINISHED


def test_a_review_a_player_asks_for_goes_before_the_mining(client, player):
    unasked = finish(player, "magdagdon", OPTIONS["magdagdon"], seed="bg-1")
    asked = finish(player, "magdagdon", OPTIONS["magdagdon"], seed="bg-2")
    due_now()
    client.get(reverse("core:review", args=[asked.pk]))
    assert run_worker(limit=1) == 1  # the one task the worker takes first
    assert Review.objects.get(game=asked).is_done
    assert not Review.objects.filter(game=unasked).exists()


@override_settings(REVIEW_MAX_RUNNING=1)
def test_the_mining_opens_no_analysis_while_the_site_wide_cap_is_reached(player):
    busy = finish(player, "magdagdon", OPTIONS["magdagdon"], seed="bg-busy")
    game = finish(player, "magdagdon", OPTIONS["magdagdon"], seed="bg-wait")
    Review.objects.create(game=busy, total=9)  # a review waiting for its analysis
    mining_tasks().filter(args_kwargs__args=[busy.pk]).delete()
    due_now()
    assert run_worker() == 1
    assert not Review.objects.filter(game=game).exists()  # nothing opened: tried again later
    again = mining_tasks().get(status="READY")
    assert again.run_after > timezone.now() and queued() == 0
    Review.objects.filter(game=busy).update(done_at=timezone.now())  # it ended
    due_now()
    run_worker()
    assert Review.objects.get(game=game).is_done


def test_a_daily_challenge_is_mined_once_its_day_is_over(player):
    game = finish(player, "magdagdon", OPTIONS["magdagdon"], seed="bg-daily")
    Game.objects.filter(pk=game.pk).update(day=clock.today())
    due_now()
    run_worker()
    assert not Review.objects.filter(game=game).exists()  # its deal is everyone's today
    later = mining_tasks().get(status="READY")
    assert later.run_after == clock.day_start(clock.today() + timedelta(days=1))


def test_a_player_opening_a_review_under_way_unasked_hurries_it(client, player, monkeypatch):
    monkeypatch.setattr(tasks, "STEPS", 1)  # one short step a task: the review is under way
    monkeypatch.setattr(tasks, "STEP_SECONDS", 0.0)
    game = finish(player, "magdagdon", OPTIONS["magdagdon"], seed="bg-hurry")
    due_now()
    assert run_worker(limit=1) == 1  # a few steps, then queued again at the low priority
    review = Review.objects.get(game=game)
    assert not review.is_done and not reviews_queued().exists()
    client.get(reverse("core:review", args=[game.pk]))
    assert reviews_queued().filter(status="READY", priority=0).count() == 1  # as if asked
    client.get(reverse("core:review", args=[game.pk]))  # the next poll queues nothing more
    assert reviews_queued().count() == 1
    run_worker()
    assert Review.objects.get(game=game).is_done and queued() == 0
