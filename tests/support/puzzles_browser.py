"""Playing a puzzle in the browser tests: a phone's page, a choice made by taps on the game's
usual board, and whether a page runs wider than its screen."""

from tests.support.browser import open_context


def phone(browser, live_server, locale="en-US", scheme="light", **options):
    return open_context(
        browser, live_server, 360, 740, locale=locale, color_scheme=scheme, **options
    )


def choose(page, kind_key, actions):
    """Make the choice `actions` (stored rules actions) on the puzzle's board, as a player
    taps: the retry board, or MAGDAGDON's usual board (a die, then a cell, for each die)."""
    first = actions[0]
    if kind_key == "ishido":  # the game's own board: a tap on a cell answers
        page.locator(f'#board .board button[data-cell="{first["cell"]}"]').click()
    elif kind_key == "mishimash":  # the game's dice row: tap the dice, then BANK or ROLL AGAIN
        for die in first["dice"]:  # ticked in place, or (without JavaScript) by a GET of the page
            page.locator(f'#board button[data-die="{die}"]').click()
            page.locator(f'#board button[data-die="{die}"][aria-pressed="true"]').wait_for()
        bank = first["type"] == "select_and_bank"
        page.locator("#mm-bank" if bank else "#mm-again").click()
    elif first["type"] == "stage":
        for action in actions[:-1]:
            die, cell = action["die"], action["cell"]
            page.locator(f'#board button[form="mg-pick"][data-die="{die}"]').click()
            page.locator(f'#board button[form="mg-stage"][data-cell="{cell}"]').click()
            page.locator(f'.mg-grid [data-cell="{cell}"][data-staged="{die}"]').wait_for()
        page.locator("#mg-confirm").click()
    elif first["type"] == "accept_magdagdon":
        page.locator("#mg-accept").click()
        page.locator(f'button[form="mg-ruin"][data-cell="{first["cell"]}"]').click()
    else:
        powers = page.locator("#mg-powers")
        if first["type"] == "reroll":
            if powers.get_attribute("open") is None:
                powers.locator("summary").click()
            for die in first["dice"]:
                page.locator(f'input[name="reroll"][value="{die}"]').check()
            page.locator("#mg-reroll").click()
        else:
            page.locator(f'#board button[form="mg-pick"][data-die="{first["die"]}"]').click()
            if powers.get_attribute("open") is None:
                powers.locator("summary").click()
            page.locator(f"#mg-{first['type']}-{first['die']}").click()


def fits_width(page, width=360):
    return page.evaluate("() => document.documentElement.scrollWidth") <= width
