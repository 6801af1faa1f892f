"""Watching a served site from outside: does it answer, which processes a server left behind.
Shared by the restart test (tests/core/test_serving.py) and benchmarks/restart.py."""

from __future__ import annotations

import urllib.request
from pathlib import Path

from tests.support.servers import free_port

__all__ = ["alive", "answers", "children", "free_port"]


def answers(port: int) -> bool:
    """Whether the site on `port` answers a page with 200."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/leaderboards/", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False
