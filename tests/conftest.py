"""Fixtures every test may use: a CSRF-enforcing client, players, and a real Chromium.

Browser tests drive Debian's `chromium` through Playwright's Python API (`playwright install`
cannot download here). They are never skipped: a missing browser is a failure that says how to
install it.
"""

import os
import shutil
from collections.abc import Iterator

import pytest

from tests.support.browser import CHROMIUM_ARGS, open_context
from tests.support.client import CsrfClient

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Playwright polls `wait_for_function` predicates by evaluating their text in the page, which
# the site's strict Content-Security-Policy forbids; the everyday fixtures let the test tool
# through. tests/browser/test_security.py checks every page under the real policy.
BYPASS_CSP = True


@pytest.fixture(autouse=True)
def english_between_tests() -> Iterator[None]:
    """A request in another language leaves that language active in the thread: reset it, so
    that no test depends on the one before."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture
def client() -> CsrfClient:
    """Every POST in the suite goes through CSRF checks, as in production."""
    return CsrfClient()


@pytest.fixture
def other_client() -> CsrfClient:
    """A second visitor, with a session of their own."""
    return CsrfClient()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is missing: run `bash scripts/test` (it installs it).")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server) -> Iterator[object]:
    """A fresh browser context (own cookies) on a phone-sized screen."""
    context, page = open_context(browser, live_server, bypass_csp=BYPASS_CSP)
    yield page
    context.close()


@pytest.fixture
def nojs_page(browser, live_server) -> Iterator[object]:
    """A browser context with JavaScript switched off: plain forms only."""
    context, page = open_context(
        browser, live_server, java_script_enabled=False, bypass_csp=BYPASS_CSP
    )
    yield page
    context.close()
