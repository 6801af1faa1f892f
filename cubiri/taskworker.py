"""The background-task workers beside gunicorn, as `scripts/run` starts them:

    python -m cubiri.taskworker PARENT_PID

Runs `settings.TASK_WORKERS` (env TASK_WORKERS, default 1) `manage.py db_worker` processes and
starts each again when it ends, as gunicorn does its web workers. It lives exactly as long as
its parent, the gunicorn master (`scripts/run` starts it, then becomes gunicorn with `exec`):
Linux sends it SIGTERM when the master ends, however the master ends (prctl PR_SET_PDEATHSIG,
as cubiri/gunicorn.conf.py does for the web workers); it then stops its workers (SIGTERM, then
SIGKILL after `GRACE` seconds: a review task saves every second and a new task resumes it from
there, games.core.review.store) and ends. Each worker gets SIGKILL should this process die.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

PR_SET_PDEATHSIG = 1
GRACE = 5.0
ROOT = Path(__file__).resolve().parents[1]


def die_with_parent(sig: signal.Signals) -> None:
    """Ask Linux for `sig` when this process's parent ends (elsewhere: a no-op)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _child() -> None:  # in each worker, before it runs
    die_with_parent(signal.SIGKILL)


def start_worker() -> subprocess.Popen[bytes]:
    command = [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "1"]
    return subprocess.Popen(command, cwd=ROOT, preexec_fn=_child)


def main(parent: int) -> None:
    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    die_with_parent(signal.SIGTERM)
    if os.getppid() != parent:  # the master ended before prctl took effect
        return
    count = max(1, int(os.environ.get("TASK_WORKERS", "1") or 1))
    workers = [start_worker() for _ in range(count)]
    while not stopping:
        time.sleep(0.5)
        if os.getppid() != parent:  # not Linux: notice the master's end by polling
            break
        for i, worker in enumerate(workers):
            if worker.poll() is not None and not stopping:
                time.sleep(1)  # a worker that fails at once is not restarted in a hot loop
                workers[i] = start_worker()
    for worker in workers:
        if worker.poll() is None:
            worker.terminate()
    deadline = time.monotonic() + GRACE
    for worker in workers:
        try:
            worker.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


if __name__ == "__main__":
    main(int(sys.argv[1]))
