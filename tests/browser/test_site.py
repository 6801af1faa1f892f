"""The site's foundation in a real Chromium: nickname, leaderboards, admin moderation."""

import pytest
from django.contrib.auth.models import User

from tests.support.browser import screenshot
from tests.support.games import make_result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_set_a_nickname_and_see_it_on_the_home_page(page):
    page.goto(page.base_url + "/")
    page.get_by_label("Nickname").fill("  Kovács Ödön  ")
    page.get_by_role("button", name="Save nickname").click()
    page.wait_for_url(page.base_url + "/")
    assert page.locator("[data-nickname]").get_attribute("data-nickname") == "Kovács Ödön"
    assert "Kovács Ödön" in page.locator("footer").inner_text()
    screenshot(page, "home-phone")


def test_a_too_long_nickname_is_explained(page):
    page.goto(page.base_url + "/")
    page.get_by_label("Nickname").fill("x" * 30)
    page.get_by_role("button", name="Save nickname").click()
    assert "at most 24 characters" in page.locator("main").inner_text()


def test_leaderboard_shows_visible_results_only(page):
    make_result("Visible Vera", 300)
    make_result("Hidden Hugo", 900, hidden=True)
    page.goto(page.base_url + "/leaderboards/ishido/classic/")
    table = page.locator("table.leaderboard").inner_text()
    assert "Visible Vera" in table and "Hidden Hugo" not in table
    screenshot(page, "leaderboard-phone")


def test_staff_hide_a_result_in_the_admin_and_it_leaves_the_board(page):
    make_result("Honest Hana", 300)
    cheat = make_result("Cheating Csaba", 99999)
    User.objects.create_superuser("staff", "staff@example.com", "correct horse")
    page.goto(page.base_url + "/leaderboards/ishido/classic/")
    assert "Cheating Csaba" in page.locator("table.leaderboard").inner_text()

    page.goto(page.base_url + "/admin/login/?next=/admin/core/result/")
    page.fill("#id_username", "staff")
    page.fill("#id_password", "correct horse")
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/core/result/")
    page.check(f"input[name=_selected_action][value='{cheat.pk}']")
    page.select_option("select[name=action]", "hide")
    page.click("button[name=index]")
    assert "1 result hidden." in page.locator(".messagelist").inner_text()

    page.goto(page.base_url + "/leaderboards/ishido/classic/")
    table = page.locator("table.leaderboard").inner_text()
    assert "Cheating Csaba" not in table and "Honest Hana" in table
    cheat.refresh_from_db()
    assert cheat.hidden
