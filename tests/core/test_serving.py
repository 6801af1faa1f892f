"""`scripts/run` as an operator uses it: two instances on one machine do not interfere, each runs
its background-task worker beside gunicorn, and after `kill -9` of the gunicorn master the same
command serves again, with no web or task worker of the old one left (how fast is a benchmark
figure: `benchmarks/restart.py`, 10 s)."""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.support.serving import alive, answers, children, free_port

ROOT = Path(__file__).resolve().parents[2]
# A restart migrates, collects static files and starts gunicorn again: 8-10 s on two cores at
# a load of 2 (benchmarks/restart.py measures it against the 10 s figure), more than 10 s at a
# load of 5-9. The test only asks that it serves at all, within a bound a busy machine keeps.
RESTART_BOUND = 90


class Instance:
    """One `bash scripts/run` with its own port, database, static folder and home folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, within: float) -> float:
        began = time.monotonic()
        env = {
            **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
            "HOME": str(self.folder),  # gunicorn's default control socket would live here
            "BIND": f"127.0.0.1:{self.port}",
            "WORKERS": "2",
            "SQLITE_PATH": str(self.folder / "db.sqlite3"),
            "STATIC_ROOT": str(self.folder / "static"),
        }
        log = open(self.folder / "run.log", "ab")
        self.process = subprocess.Popen(
            ["bash", "scripts/run"], cwd=ROOT, env=env, stdout=log, stderr=log
        )
        while time.monotonic() - began < within:
            if answers(self.port):
                return time.monotonic() - began
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        log_text = (self.folder / "run.log").read_text(errors="replace")[-2000:]
        raise AssertionError(f"scripts/run did not answer within {within} s:\n{log_text}")

    @property
    def master(self) -> int:
        assert self.process is not None
        return self.process.pid  # scripts/run execs gunicorn: the same process

    def processes(self) -> tuple[list[int], list[int]]:
        """The master's web workers, and the task supervisor with its db_worker processes."""
        web, tasks = [], []
        for pid in children(self.master):
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"cubiri.taskworker" in command:
                tasks += [pid, *children(pid)]
            else:
                web.append(pid)
        return web, tasks

    def task_workers(self, within: float = 60) -> list[int]:
        """The supervisor and its db_worker processes once the worker has started."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            tasks = self.processes()[1]
            if len(tasks) == 2:
                return tasks
            time.sleep(0.1)
        raise AssertionError(f"no task worker beside gunicorn: {self.processes()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)


@pytest.fixture
def instances(tmp_path):  # type: ignore[no-untyped-def]
    started: list[Instance] = []

    def make(name: str) -> Instance:
        folder = tmp_path / name
        folder.mkdir()
        started.append(Instance(folder))
        return started[-1]

    yield make
    for instance in started:
        instance.stop()


def test_two_instances_on_different_ports_do_not_interfere(instances):
    first, second = instances("first"), instances("second")
    first.start(within=120)
    second.start(within=120)
    assert answers(first.port) and answers(second.port)
    first_tasks, second_tasks = first.task_workers(), second.task_workers()
    first.stop()
    assert not answers(first.port)
    assert answers(second.port)
    deadline = time.monotonic() + 30  # the supervisor stops its worker, then itself
    while any(alive(pid) for pid in first_tasks) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in first_tasks)
    assert all(alive(pid) for pid in second_tasks)
    for instance in (first, second):
        assert not (instance.folder / ".gunicorn").exists()  # no shared control socket
        assert "Control socket" not in (instance.folder / "run.log").read_text()


def test_after_kill_9_of_the_master_the_same_command_serves_again(instances):
    """A restart serves, and the killed master's workers did not outlive it. How fast it
    serves is a figure, not a test: `.venv/bin/python benchmarks/restart.py` prints the
    seconds from the kill to the first 200 over a few restarts, against 10 s."""
    site = instances("site")
    site.start(within=120)
    tasks = site.task_workers()
    workers = site.processes()[0]
    assert len(workers) == 2
    os.kill(site.master, signal.SIGKILL)
    assert site.process is not None
    site.process.wait()
    took = site.start(within=RESTART_BOUND)
    assert took < RESTART_BOUND
    assert not any(alive(pid) for pid in workers)  # the orphans did not outlive the master
    assert not any(alive(pid) for pid in tasks)  # nor did its task workers
    assert len(site.task_workers()) == 2  # the new master has its own
