"""Puzzle mining in the background worker (django-tasks-db's `db_worker`, beside each app
server), a task per game: queued by `manage.py rebuild_puzzles --queue` (a review's own task
mines its game when the review is done: games.core.review.store.analyse)."""

from __future__ import annotations

from django.tasks import task

from games.core.puzzles import mining


@task()
def mine_puzzles(game_id: int) -> int:
    return mining.mine_game(game_id)
