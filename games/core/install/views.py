"""The manifest, the service worker and the offline page (see the package's docstring)."""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path

import rjsmin  # type: ignore[import-untyped]
from django.contrib.staticfiles.finders import FileSystemFinder
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils.translation import get_language, get_language_bidi, gettext
from django.views.decorators.http import require_GET
from django_htmx.jinja import htmx_script

SOURCE = Path(__file__).with_name("sw.js")
# Sounds are kept once first played (a player with sound off never downloads them).
NOT_KEPT_AHEAD = ("sound/",)
THEME = "#b4532a"  # site.css --accent
BACKGROUND = "#f7f4ef"  # site.css --bg


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the visitor's language (the browser asks without cookies, so
    by its Accept-Language)."""
    icons = [
        {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("img/icon-maskable.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "id": "/",
        "name": gettext("CUBIRI Games"),
        "short_name": "CUBIRI",
        "description": gettext(
            "Three solitaire games of dice and stones. No sign-up: pick a nickname and play."
        ),
        "lang": get_language(),
        "dir": "rtl" if get_language_bidi() else "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker: its source with the names of the files to keep in front. Its bytes
    change whenever a static file does, so browsers install the new one and drop the old
    cache."""
    hashed = isinstance(staticfiles_storage, ManifestFilesMixin)
    # Unhashed names (development, tests) keep their address when their content changes: the
    # worker is made anew for each request, so that its version follows their content.
    script, version = _kept_worker() if hashed else _worker()
    if request.headers.get("If-None-Match") == version:
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["ETag"] = version
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows when a page cannot be reached. Kept in the browser, so it
    holds nothing personal (no nickname, no form token)."""
    return render(request, "core/offline.html")


@cache
def _kept_worker() -> tuple[str, str]:
    """Under hashed names, static files change only with a new release, which restarts the
    site: the worker is made once per process."""
    return _worker()


def _worker() -> tuple[str, str]:
    """The worker's text and its version (an ETag)."""
    files = kept_files()
    digest = hashlib.sha256()
    for url, path in files:
        digest.update(url.encode())
        if path is not None:  # unhashed names (development, tests): the content tells a change
            digest.update(path.read_bytes())
    version = digest.hexdigest()[:16]
    head = (
        f"var VERSION={json.dumps(version)},FILES={json.dumps([url for url, _ in files])},"
        f"OFFLINE={json.dumps(reverse('core:offline'))},"
        f"STATIC={json.dumps(PrefixNode.handle_simple('STATIC_URL'))};\n"
    )
    return head + str(rjsmin.jsmin(SOURCE.read_text(encoding="utf-8"))), f'"{version}"'


def kept_files() -> list[tuple[str, Path | None]]:
    """(URL, source file) of every static file kept ahead: the site's own (static/, but
    sounds) and the htmx scripts every page loads (their source: None)."""
    found = sorted(
        (name.replace("\\", "/"), Path(storage.path(name)))
        for name, storage in FileSystemFinder().list(["*.py", ".*"])
    )
    files: list[tuple[str, Path | None]] = [
        (staticfiles_storage.url(name), path)
        for name, path in found
        if not name.startswith(NOT_KEPT_AHEAD)
    ]
    return files + [(url, None) for url in re.findall(r'src="([^"]+)"', str(htmx_script()))]
