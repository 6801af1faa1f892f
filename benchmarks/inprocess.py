"""Django set up in this process for the move benchmarks: settings, a scratch database, gzip.

Import it before anything from Django or the project:

    from inprocess import gz, scratch_database
"""

import gzip
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cubiri.settings")
os.environ.setdefault("PLAIN_STATIC", "1")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402


def gz(data: bytes) -> int:
    """Bytes over the wire when the server gzips `data`."""
    return len(gzip.compress(data, 6))


@contextmanager
def scratch_database() -> Iterator[None]:
    """A fresh test database for the duration (not setup_test_environment(): its template
    instrumentation would slow rendering down)."""
    from django.test.runner import DiscoverRunner

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    runner = DiscoverRunner(verbosity=0)
    old = runner.setup_databases()
    try:
        yield
    finally:
        runner.teardown_databases(old)
