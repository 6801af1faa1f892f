"""Pictures of pages for humans to look at."""

import os


def screenshot(page, name: str) -> None:
    """Keep a picture of the page (test-artifacts/, git-ignored)."""
    os.makedirs("test-artifacts", exist_ok=True)
    page.screenshot(path=f"test-artifacts/{name}.png", full_page=True)
