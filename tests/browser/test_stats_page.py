"""A player's stats page: reached from the menu and from My records, and on a phone every
table and chart fits the screen's width (nothing cut off), in the longest language too."""

import pytest

from games.core.models import Player
from games.rules import ishido, magdagdon, mishimash
from tests.support.browser import screenshot
from tests.support.finished import finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def named(page, nickname: str) -> Player:
    page.goto(page.base_url + "/")
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name="Save nickname").click()
    page.locator("[data-nickname]").wait_for()
    return Player.objects.get(nickname=nickname)


@pytest.mark.parametrize("language", ["en", "sk", "hu", "ar"])
def test_stats_are_linked_and_fit_a_phone(browser, live_server, language):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.base_url = live_server.url
    player = named(page, "Zsófia Kovács")
    for number in range(3):
        finish(player, "magdagdon", magdagdon.Options(magdagdon.Difficulty.PEACEFUL), f"m{number}")
        finish(player, "mishimash", mishimash.Options(("Zsófia",), 500), f"x{number}")
    finish(player, "magdagdon", magdagdon.Options(magdagdon.Difficulty.NIGHTMARE), "n")
    finish(player, "ishido", ishido.Options(), "i")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])

    page.goto(page.base_url + "/records/")
    stats_url = f"/players/{player.pk}/stats/"
    assert page.locator("[data-stats-link]").get_attribute("href") == stats_url
    assert page.locator("nav [data-my-stats]").get_attribute("href") == stats_url
    page.click("[data-stats-link]")
    page.wait_for_url(f"**{stats_url}")
    screenshot(page, f"stats-360-{language}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.table-wrap, .chart svg')]"
        ".filter(e => e.scrollWidth > e.clientWidth + 1)"
        ".map(e => `${e.className.baseVal ?? e.className} ${e.scrollWidth}/${e.clientWidth}`)"
    )
    assert cut == [], cut
    broken = page.evaluate(BROKEN_WORDS)
    assert broken == [], broken  # "Dokon|čené", "Najlep|šie" in Slovak
    context.close()


# The table headings' words that the browser broke across two lines.
BROKEN_WORDS = """() => [...document.querySelectorAll('.stats-boards thead th')].flatMap(th => {
  const text = th.firstChild, words = [];
  if (!text || text.nodeType !== Node.TEXT_NODE) return words;
  for (const match of text.data.matchAll(/[^ ]+/g)) {
    const range = document.createRange();
    range.setStart(text, match.index); range.setEnd(text, match.index + match[0].length);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (lines.size > 1) words.push(match[0]);
  }
  return words;
})"""
