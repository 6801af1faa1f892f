"""Browser-test helpers: pictures of pages for humans to look at, the language switcher, and
the Content-Security-Policy complaints a page makes."""

import os


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
