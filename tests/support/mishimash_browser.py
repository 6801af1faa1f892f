"""MISHIMASH in a real Chromium: roll until there are dice to choose from."""


def roll_until_choosing(page) -> None:
    """ROLL, and ROLL again after a bust (X7: six dice bust 2.3 % of the time), until dice
    are showing to choose from."""
    for _ in range(10):
        seen = int(page.locator("#board").get_attribute("data-version"))
        page.click("#mm-roll")
        page.wait_for_function(
            f"() => Number(document.getElementById('board').dataset.version) > {seen}",
            timeout=15_000,
        )
        if page.locator('#board[data-state="choosing"]').count():
            return
    raise AssertionError("ten rolls in a row busted")
