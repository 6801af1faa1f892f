"""Ishido in a real Chromium: start a game from the new-game page, tap a cell and wait for
the answer, and read the highlighted (legal) cells and the board's version."""

import re

from games.core.models import Game


def start(page) -> Game:
    page.goto(page.base_url + "/ishido/new/")
    page.click('[name="start"]')
    page.wait_for_url(re.compile(r"/ishido/\d+/(\?.*)?$"))
    return Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def version(page) -> str | None:
    field = page.locator('input[name="version"]')
    return field.get_attribute("value") if field.count() else None


def tap(page, cell: int) -> None:
    """Tap a cell and wait for the htmx swap that answers it."""
    before = version(page)
    page.click(f'[data-cell="{cell}"]')
    page.wait_for_function(
        "v => { const f = document.querySelector('input[name=version]');"
        " return !f || f.value !== v || document.querySelector('[data-error]'); }",
        arg=before,
    )


def legal_cells(page) -> list[int]:
    return page.locator("[data-legal]").evaluate_all("els => els.map(e => +e.dataset.cell)")
