"""Browser-test helpers: pictures of pages for humans to look at, the language switcher, and
the Content-Security-Policy complaints a page makes."""

import os
import shutil

# How the suite starts Debian's chromium (tests/conftest.py's `browser`).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def open_context(browser, live_server, width: int = 390, height: int = 844, **options):
    """A fresh browser context (its own cookies) and its page on the live server: `width` ×
    `height`, English unless `locale` says otherwise. Returns (context, page); close the
    context when done."""
    options.setdefault("locale", "en-US")
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base_url = live_server.url
    return context, page


def profile_context(browser, live_server, profile, width: int = 1280, height: int = 800):
    """A browser with a profile on disk (`profile`, a folder) and its page on the live server:
    what Chromium needs to install the site as an app, which it never does from the suite's
    incognito-like contexts. Returns (context, page); close the context when done."""
    context = browser.browser_type.launch_persistent_context(
        profile,
        executable_path=shutil.which("chromium"),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": width, "height": height},
        locale="en-US",
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(10_000)
    page.base_url = live_server.url
    return context, page


def in_view(page, selector: str) -> bool:
    """Whether the first element `selector` finds lies wholly inside the screen (the viewport,
    not the page: what a phone shows without scrolling)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


# The texts of the page's <summary> elements that show no disclosure marker (a summary laid out
# as flex or grid loses its ▸; the pages' menus draw their own button).
UNMARKED_SUMMARIES = """() => [...document.querySelectorAll('main summary')]
  .filter(s => s.offsetParent && getComputedStyle(s).display !== 'list-item'
    && !s.closest('.mg-menu, .mm-menu, .mg-powers'))
  .map(s => s.textContent.trim())"""


def screenshot(page, name: str) -> None:
    """Keep a picture of the page (test-artifacts/, git-ignored)."""
    os.makedirs("test-artifacts", exist_ok=True)
    page.screenshot(path=f"test-artifacts/{name}.png", full_page=True)


def choose_language(page, language: str) -> None:
    """Pick a language in the header's switcher as a player does: on a game page it sits in
    the header's menu, which opens first. site.js submits the form on change."""
    menu = page.locator("details.site-menu")
    if menu.count() and not menu.evaluate("m => m.open"):
        menu.locator("summary").click()
    page.select_option("#language-select", language)


def watch_csp(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Collect every Content-Security-Policy complaint the page makes."""
    complaints: list[str] = []
    page.on(
        "console",
        lambda message: (
            complaints.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return complaints
