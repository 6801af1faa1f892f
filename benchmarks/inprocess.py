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
from typing import Any

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


# What every page loads besides its own stylesheet and script.
SITE_ASSETS = ("css/site.css", "django_htmx/htmx-2.min.js", "img/favicon.svg")


def print_first_load(response: Any, assets: tuple[str, ...], what: str = "") -> None:
    """Print a page's first load over the wire: its HTML (gzipped as the server sends it) plus
    the site's and the game's static files (`assets`), each gzipped."""
    from django.contrib.staticfiles import finders

    html = response.content
    encoded = response.get("Content-Encoding") == "gzip"
    html_wire = len(html) if encoded else gz(html)
    html_raw = len(gzip.decompress(html)) if encoded else len(html)
    total = html_wire
    print(
        f"first load{f' ({what})' if what else ''}: page {html_raw} bytes raw, {html_wire} gzipped"
    )
    for name in (*SITE_ASSETS, *assets):
        data = Path(finders.find(name)).read_bytes()
        total += gz(data)
        print(f"  {name}: {len(data)} raw, {gz(data)} gzipped")
    print(f"first load over the wire (gzipped): {total} bytes = {total / 1024:.1f} KB")
