"""In a real Chromium: a secured nickname signs in on a second browser and finds the first
one's records and running game; no page breaks the Content-Security-Policy."""

import pytest

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido, magdagdon, mishimash
from tests.support.accounts import PASSWORD
from tests.support.browser import choose_language, open_context, screenshot, watch_csp
from tests.support.games import finish_ishido

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_in_on_a_second_browser_and_see_the_first_ones_records(page, browser):
    page.goto(page.base_url + "/")
    page.get_by_label("Nickname").fill("Magnus")
    page.get_by_role("button", name="Save nickname").click()
    page.wait_for_url(page.base_url + "/")
    player = Player.objects.get(nickname="Magnus")
    finished = finish_ishido(player, seed="browser-records")
    page.goto(page.base_url + "/ishido/new/")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_url("**/ishido/*/")
    running = page.url

    page.goto(page.base_url + "/")
    page.get_by_role("link", name="Secure it with a password").click()
    page.fill("#secure [name=password1]", PASSWORD)
    page.fill("#secure [name=password2]", PASSWORD)
    page.get_by_role("button", name="Secure my nickname").click()
    page.wait_for_url("**/account/")
    assert "Your nickname is secured" in page.locator(".messages").inner_text()
    screenshot(page, "account-secured-phone")

    other = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    laptop = other.new_page()
    laptop.set_default_timeout(10_000)
    try:
        laptop.goto(page.base_url + "/records/")
        assert f"/replay/{finished.pk}/" not in laptop.content()
        laptop.goto(page.base_url + "/account/")
        laptop.fill("#sign-in [name=nickname]", "magnus")  # any case
        laptop.fill("#sign-in [name=password]", PASSWORD)
        laptop.get_by_role("button", name="Sign in").last.click()
        laptop.wait_for_url(page.base_url + "/")
        assert "Signed in as Magnus." in laptop.locator(".messages").inner_text()
        card = laptop.locator("[data-game=ishido]")
        assert card.get_by_role("link", name="Continue your game").get_attribute("href") in running
        laptop.goto(page.base_url + "/records/")
        assert laptop.locator(f"a[href='/replay/{finished.pk}/']").count() == 1
        laptop.goto(running)
        assert laptop.locator("#board").count() == 1
        screenshot(laptop, "records-second-device-desktop")

        # Signing out on the laptop signs the phone out too.
        laptop.goto(page.base_url + "/account/")
        laptop.get_by_role("button", name="Sign out (on every device)").click()
        laptop.wait_for_url(page.base_url + "/")
        page.goto(page.base_url + "/records/")
        assert f"/replay/{finished.pk}/" not in page.content()
    finally:
        other.close()


@pytest.fixture
def strict_page(browser, live_server):  # type: ignore[no-untyped-def]
    """A page under the site's real Content-Security-Policy (no test-tool bypass)."""
    context, page = open_context(browser, live_server)
    yield page
    context.close()


def test_no_page_breaks_the_content_security_policy(strict_page):
    page = strict_page
    complaints = watch_csp(page)
    player = Player.objects.create(nickname="Policy")
    finish_ishido(player, seed="csp")
    page.goto(page.base_url + "/")
    page.get_by_label("Nickname").fill("Policy Pia")
    page.get_by_role("button", name="Save nickname").click()
    page.wait_for_url(page.base_url + "/")
    mine = Player.objects.get(nickname="Policy Pia")
    games = [
        Game.start(mine, get_kind("ishido"), ishido.Options(), seed="csp"),
        Game.start(mine, get_kind("magdagdon"), magdagdon.Options(), seed="csp"),
        Game.start(mine, get_kind("mishimash"), mishimash.Options(("A", "B"), 1000), seed="csp"),
    ]
    replay = Game.objects.filter(player=player).get().replay_url()
    paths = ["/", "/leaderboards/", "/leaderboards/ishido/classic/", "/records/", "/account/"]
    paths += ["/rules/ishido/", replay, "/admin/login/", "/nope/"]
    paths += [game.get_absolute_url() for game in games]
    for path in paths:
        page.goto(page.base_url + path)
        page.wait_for_load_state("load")
    # An htmx move swaps a board in: still nothing blocked.
    page.goto(page.base_url + games[0].get_absolute_url())
    page.locator("button[data-legal]").first.click()
    page.locator("#board input[name=version][value='1']").first.wait_for(state="attached")
    choose_language(page, "ar")  # site.js submits the form
    page.locator("html[lang=ar]").wait_for()
    assert complaints == []


def test_recovery_codes_are_shown_once_and_one_lets_a_lost_password_be_replaced(page, browser):
    page.goto(page.base_url + "/account/")
    page.fill("#secure [name=nickname]", "Ildikó")
    page.fill("#secure [name=password1]", PASSWORD)
    page.fill("#secure [name=password2]", PASSWORD)
    page.get_by_role("button", name="Secure my nickname").click()
    page.wait_for_url("**/account/")
    codes = page.locator("#new-codes code").all_inner_texts()
    assert len(codes) == 8
    screenshot(page, "recovery-codes-phone")
    page.reload()
    assert page.locator("#new-codes").count() == 0
    assert "You have 8 recovery codes left." in page.locator("#recovery-codes").inner_text()

    other = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    laptop = other.new_page()
    laptop.set_default_timeout(10_000)
    try:
        laptop.goto(page.base_url + "/account/")
        laptop.fill("#recover [name=nickname]", "Ildikó")
        laptop.fill("#recover [name=password]", codes[0])
        laptop.get_by_role("button", name="Use a recovery code").click()
        laptop.wait_for_url("**/account/#password")
        assert "7 codes left" in laptop.locator(".messages").inner_text()
        laptop.fill("#password [name=new_password1]", "another-Stone-77-dice")
        laptop.fill("#password [name=new_password2]", "another-Stone-77-dice")
        screenshot(laptop, "recovery-new-password-desktop")
        laptop.get_by_role("button", name="Set a new password").click()
        laptop.wait_for_url("**/account/")
        assert "every other device is signed out" in laptop.locator(".messages").inner_text()
        page.goto(page.base_url + "/account/")  # the phone was signed out
        assert page.locator("#recover").count() == 1
    finally:
        other.close()
