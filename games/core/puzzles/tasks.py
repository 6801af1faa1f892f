"""Puzzle mining in the background worker (django-tasks-db's `db_worker`, beside each app
server). Every finished game is analysed and mined: `queue_finished` (as the game ends, in the
move's transaction) queues `mine_finished` a while later (settings.PUZZLE_MINE_AFTER_SECONDS,
so that a player who opens the review at once gets it as asked) at a priority below the reviews
players ask for; it analyses a few steps at a time and queues itself again, so a review asked
for in between goes first, and it opens an analysis only while fewer than REVIEW_MAX_RUNNING
reviews are unfinished (games.core.review.store.open_unasked). A review's own task mines its
game when the review is done, and `manage.py rebuild_puzzles --queue` queues `mine_puzzles` per
reviewed game."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.tasks import task
from django.utils import timezone

from games.core import clock
from games.core.models import Game
from games.core.puzzles import mining
from games.core.review import store
from games.core.review.models import Review

PRIORITY = -50  # below the reviews players ask for (the default priority, 0)
STEPS = 5  # analysis steps of STEP_SECONDS before making way for other tasks
STEP_SECONDS = store.STEP_SECONDS
BUSY_SECONDS = 30  # when the analyses are all taken: try again this much later


@task()
def mine_puzzles(game_id: int) -> int:
    return mining.mine_game(game_id)


@task(priority=PRIORITY)
def mine_finished(game_id: int) -> str:
    """Analyse (a few steps) and, once analysed, mine a finished game nobody asked to review."""
    game = Game.objects.select_related("player").get(pk=game_id)
    if game.player.banned:
        return "no"
    opened = store.open_unasked(game)
    if opened == "no" and game.day is not None and not game.seed_revealed:
        _again(game, at=clock.day_start(game.day + timedelta(days=1)))
        return "later"  # a daily challenge: once its day is over
    if opened == "busy":
        _again(game, delay=BUSY_SECONDS)
    if opened != "open":
        return opened
    outcome = store.analyse_steps(game_id, STEPS, STEP_SECONDS)
    if outcome in ("more", "full"):
        _again(game, delay=0 if outcome == "more" else store.RETRY_SECONDS)
    return outcome


def queue_finished(game: Game) -> None:
    """Queue `mine_finished` for a game that has just ended, PUZZLE_MINE_AFTER_SECONDS from now
    (in its last move's transaction: one INSERT; it has no review yet)."""
    delay = timedelta(seconds=settings.PUZZLE_MINE_AFTER_SECONDS)
    mine_finished.using(run_after=timezone.now() + delay).enqueue(game.pk)


def _again(game: Game, delay: float = 0, at: datetime | None = None) -> None:
    """Queue `mine_finished` again (`delay` seconds from now, or `at`) and note it on the game's
    unfinished review, if any: a player's visit then hurries it (store.hurry)."""
    when = at or timezone.now() + timedelta(seconds=delay)
    result = mine_finished.using(run_after=when).enqueue(game.pk)
    unfinished = Review.objects.filter(game_id=game.pk, done_at__isnull=True)
    unfinished.update(task_id=str(result.id))
