"""The site's settings with one more URL: Django's floor, a plain HttpResponse view (benchmarks
only; served with the same middleware as every page)."""

from cubiri.settings import *  # noqa: F403

ROOT_URLCONF = "floor_urls"
