"""The installable site's three addresses (games.core.install): the web app manifest, the
service worker and the offline page."""

import io
import json

import pytest
from django.contrib.staticfiles import finders
from PIL import Image

from games.core.install.views import kept_files
from tests.support.games import bind_player

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_app_and_its_192_and_512_pixel_icons(client):
    response = client.get("/app.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["display"] == "standalone" and data["start_url"] == "/" and data["scope"] == "/"
    assert data["name"] == "CUBIRI Games" and data["short_name"] == "CUBIRI"
    sizes = set()
    for icon in data["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        with Image.open(path) as image:
            assert image.format == "PNG"
            assert f"{image.width}x{image.height}" == icon["sizes"]
            sizes.add(image.size)
    assert {(192, 192), (512, 512)} <= sizes


def test_the_manifest_speaks_the_visitors_language(client):
    data = json.loads(client.get("/app.webmanifest", HTTP_ACCEPT_LANGUAGE="ar").content)
    assert data["lang"] == "ar" and data["dir"] == "rtl" and data["name"] != "CUBIRI Games"


def test_the_service_worker_covers_the_site_and_keeps_static_files_only(client):
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"  # a new release reaches every browser
    head = response.content.decode().split(";\n", 1)[0]
    files = json.loads(head.split("FILES=", 1)[1].split(",OFFLINE=", 1)[0])
    assert "/static/css/site.css" in files and "/static/js/site.js" in files
    assert any("htmx" in url for url in files)
    assert all(url.startswith("/static/") for url in files)  # never a page
    assert not any(url.startswith("/static/sound/") for url in files)  # kept once played


def test_an_unchanged_service_worker_answers_not_modified(client):
    version = client.get("/sw.js")["ETag"]
    again = client.get("/sw.js", HTTP_IF_NONE_MATCH=version)
    assert again.status_code == 304 and again.content == b""


def test_the_kept_files_are_the_sites_own_static_files():
    urls = [url for url, _path in kept_files()]
    assert len(urls) == len(set(urls))
    for _url, path in kept_files():
        assert path is None or path.is_file()


def test_the_offline_page_holds_nothing_personal(client):
    bind_player(client, "Secret Sára")
    response = client.get("/offline/")
    text = response.content.decode()
    assert response.status_code == 200
    assert "You are offline" in text and "Your games are safe" in text
    assert "Secret Sára" not in text and "csrf" not in text.lower() and "<form" not in text


def test_the_policy_allows_the_worker_and_the_manifest(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_every_page_links_the_manifest(client):
    assert b'<link rel="manifest" href="/app.webmanifest">' in client.get("/").content


def test_the_icons_are_small():
    for name in ("img/icon-192.png", "img/icon-512.png", "img/icon-maskable.png"):
        with open(finders.find(name), "rb") as file:
            data = file.read()
        assert len(data) < 8_000, name
        Image.open(io.BytesIO(data)).verify()


def test_a_changed_static_file_makes_a_new_worker(client, tmp_path, settings):
    """Browsers install a new worker (and drop the old cache) when a kept file changes."""
    (tmp_path / "look.css").write_text("a { color: red; }")
    settings.STATICFILES_DIRS = [tmp_path]
    first = client.get("/sw.js")
    assert "/static/look.css" in first.content.decode()
    (tmp_path / "look.css").write_text("a { color: blue; }")
    assert client.get("/sw.js")["ETag"] != first["ETag"]
