"""Running the background worker inside a test: django-tasks-db's own Worker claims and runs
every queued task that is due, as `manage.py db_worker --batch` does, but without closing the
test's database connection between tasks (the command's loop does, which would end the test's
transaction). The real worker process (`manage.py db_worker`) is exercised in
tests/core/test_review_servers.py."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.models import QuerySet
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult


def run_worker(limit: int = 1000) -> int:
    """Run queued tasks until none is due (at most `limit`); how many ran."""
    worker = Worker(
        queue_names=["*"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test-worker",
        excluded_queue_names=[],
    )
    ran = 0
    while ran < limit:
        task = DBTaskResult.objects.ready().filter(backend_name="default").get_locked()
        if task is None:
            return ran
        task.claim(worker.worker_id)
        worker.run_task(task)
        ran += 1
    return ran


def queued() -> int:
    """Tasks waiting for the worker (and due)."""
    return DBTaskResult.objects.ready().count()


def reviews_queued() -> QuerySet[DBTaskResult]:
    """The review analyses' tasks, due or not (not the puzzle mining queued, a while later, for
    every finished game: games.core.puzzles.tasks)."""
    return DBTaskResult.objects.filter(task_path__endswith=".analyse_review")


@contextmanager
def worker_thread(pause: float = 0.1) -> Iterator[None]:
    """The worker beside a live server (browser tests): django-tasks-db's Worker in a thread of
    the test process, which shares the live server's test database (an in-memory SQLite one is
    invisible to another process). It runs until the block ends."""
    stopped = threading.Event()

    def work() -> None:
        try:
            while not stopped.is_set():
                if not run_worker():
                    stopped.wait(pause)
        finally:
            connection.close()

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stopped.set()
        thread.join(timeout=30)
