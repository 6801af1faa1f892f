"""Puzzle mining in the background worker (django-tasks-db's `db_worker`, beside each app
server): queued when a game's review is done (games.core.review.store)."""

from __future__ import annotations

from django.tasks import task

from games.core.puzzles import mining


@task()
def mine_puzzles(game_id: int) -> int:
    return mining.mine_game(game_id)
