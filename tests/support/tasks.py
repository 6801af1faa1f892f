"""Running the background worker inside a test: django-tasks-db's own Worker claims and runs
every queued task that is due, as `manage.py db_worker --batch` does, but without closing the
test's database connection between tasks (the command's loop does, which would end the test's
transaction). The real worker process is exercised in tests/core/test_review_servers.py."""

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
    """Tasks waiting for the worker."""
    return DBTaskResult.objects.ready().count()
