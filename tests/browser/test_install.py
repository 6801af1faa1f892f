"""The installable site in a real Chromium, under the real Content-Security-Policy: it passes
Chromium's installability checks, a second visit to a game page fetches only its HTML (the
static files come from the service worker's cache), and a page that cannot be reached shows
the offline page, which says what works without a connection."""

from collections.abc import Iterator

import pytest
from django.core.signals import request_started

from tests.support.browser import open_context, profile_context, screenshot, watch_csp
from tests.support.ishido_browser import start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def strict_page(browser, live_server):  # type: ignore[no-untyped-def]
    context, page = open_context(browser, live_server)
    yield page
    context.close()


@pytest.fixture
def served() -> Iterator[list[str]]:
    """The path of every request the site answers (the live server runs in this process)."""
    paths: list[str] = []

    def seen(sender, environ, **kwargs):  # type: ignore[no-untyped-def]
        paths.append(environ["PATH_INFO"])

    request_started.connect(seen)
    yield paths
    request_started.disconnect(seen)


def controlled(page) -> None:
    """Wait until the service worker is installed (its files kept) and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => !!navigator.serviceWorker.controller", polling=100)


@pytest.fixture
def profile_page(browser, live_server, tmp_path):  # type: ignore[no-untyped-def]
    context, page = profile_context(browser, live_server, tmp_path / "profile")
    yield page
    context.close()


def test_the_site_passes_chromiums_installability_checks(profile_page):
    page = profile_page
    complaints = watch_csp(page)
    page.goto(page.base_url + "/")
    controlled(page)
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"] == page.base_url + "/app.webmanifest"
    assert complaints == []


def test_a_second_visit_to_a_game_page_fetches_only_its_html(strict_page, served):
    page = strict_page
    game = start(page)  # the first visit: the worker installs and keeps the static files
    controlled(page)
    from_worker: list[str] = []
    page.on("response", lambda r: from_worker.append(r.url) if r.from_service_worker else None)
    served.clear()
    page.goto(page.base_url + game.get_absolute_url())
    page.wait_for_load_state("load")
    assert page.locator("#board").count() == 1
    assets = [path for path in served if path.startswith("/static/")]
    assert assets == []
    # What reached the server: the page, and at most the worker's own update check.
    assert set(served) <= {game.get_absolute_url(), "/sw.js"} and game.get_absolute_url() in served
    kept = [url for url in from_worker if "/static/" in url]
    assert any(url.endswith(".css") for url in kept) and any(url.endswith(".js") for url in kept)

    # A move (an htmx POST) and the pages stay the server's: the cache holds none of them.
    page.locator("button[data-legal]").first.click()
    page.locator("#board input[name=version][value='1']").first.wait_for(state="attached")
    page.goto(page.base_url + "/leaderboards/")
    cached = page.evaluate(
        "caches.keys().then(names => Promise.all(names.map(name => caches.open(name)"
        ".then(cache => cache.keys())))).then(lists => lists.flat().map(r => r.url))"
    )
    paths = {url.removeprefix(page.base_url) for url in cached}
    assert "/offline/" in paths and "/static/css/site.css" in paths
    assert {path for path in paths if not path.startswith("/static/")} == {"/offline/"}


def test_offline_a_page_shows_what_works_without_a_connection(browser, live_server):
    context, page = open_context(browser, live_server, width=360, height=740)
    page.goto(page.base_url + "/")
    controlled(page)
    page.context.set_offline(True)
    page.goto(page.base_url + "/leaderboards/")
    offline = page.locator("[data-offline]")
    assert "You are offline" in offline.inner_text()
    assert "Your games are safe" in offline.inner_text()
    # Its styles come from the worker's cache too: the page is drawn, not bare HTML.
    assert page.locator(".site-header").evaluate("e => getComputedStyle(e).display") == "flex"
    screenshot(page, "offline-phone")
    page.context.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    page.locator(".leaderboard-links").first.wait_for()
    assert page.url == page.base_url + "/leaderboards/"
    context.close()


def test_the_offline_page_speaks_the_language_it_was_kept_in(browser, live_server):
    context, page = open_context(
        browser, live_server, width=1280, height=800, color_scheme="dark", locale="ar"
    )
    page.goto(page.base_url + "/")
    controlled(page)
    context.set_offline(True)
    page.goto(page.base_url + "/records/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert "أنت غير متصل" in page.locator("[data-offline]").inner_text()
    screenshot(page, "offline-wide-ar-dark")
    context.close()
