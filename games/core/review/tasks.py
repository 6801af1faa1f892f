"""The review's background work (Django's tasks framework; django-tasks-db's `db_worker` runs it
beside each app server, scripts/run starts it): analysing a finished game and storing its
replay's checkpoints, off the request path."""

from __future__ import annotations

from django.tasks import task

from games.core.review import store


@task()
def analyse_review(game_id: int) -> str:
    return store.analyse(game_id)


@task()
def store_checkpoints(game_id: int) -> int:
    """Replay a finished game once and keep its checkpoints (games.core.review.replays); the
    number of actions replayed."""
    from games.core.models import Game
    from games.core.review.replays import replay_and_store

    return len(replay_and_store(Game.objects.get(pk=game_id))[1])
