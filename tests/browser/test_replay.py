"""The replay in a real Chromium: it opens at the start; Next, the arrow keys, the slider, End
and PLAY step through the game without loading the page again (the same GETs as the links, so
a step is a link without JavaScript)."""

import pytest

from games.core.models import Player
from tests.support.browser import screenshot
from tests.support.games import finish_ishido

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shown_step(page) -> int:
    return int(page.locator("#replay-step").get_attribute("data-step"))


def placed(page) -> int:
    return page.locator('#replay-step [data-cell]:not([data-value=""])').count()


def test_the_replay_steps_without_reloading_by_keys_slider_and_autoplay(page):
    game = finish_ishido(Player.objects.create(nickname="R"), seed="replay-ui")
    last = game.actions.count()
    page.goto(page.base_url + f"/replay/{game.pk}/")
    assert shown_step(page) == 0 and placed(page) == 6  # the opening: six stones, I2
    page.evaluate("window.stayed = true")  # gone if the page were loaded again

    page.click("a[rel=next]")
    page.wait_for_function("() => document.getElementById('replay-step').dataset.step === '1'")
    assert placed(page) == 7 and page.url.endswith("?step=1")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('replay-step').dataset.step === '2'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.getElementById('replay-step').dataset.step === '1'")
    page.keyboard.press("End")
    page.wait_for_function(
        f"() => document.getElementById('replay-step').dataset.step === '{last}'"
    )

    page.locator("[data-slider]").fill("10")
    page.wait_for_function("() => document.getElementById('replay-step').dataset.step === '10'")
    assert placed(page) == 16
    screenshot(page, "replay-phone-step-10")

    page.click("[data-autoplay]")
    page.wait_for_function("() => +document.getElementById('replay-step').dataset.step >= 13")
    page.click("[data-autoplay]")  # pause
    paused = shown_step(page)
    page.wait_for_timeout(1_500)
    assert shown_step(page) in (paused, paused + 1)  # at most the step already asked for
    assert page.evaluate("window.stayed") is True


def test_a_slide_the_moment_a_step_shows_is_not_lost(page):
    """A step swapped in takes input at once: a slide made as soon as the step is in the page
    (before any timer can run) asks for its step, as a slow hand's would."""
    game = finish_ishido(Player.objects.create(nickname="S"), seed="replay-ui")
    last = game.actions.count()
    page.goto(page.base_url + "/replay/%d/" % game.pk)
    page.evaluate(
        """() => {
          const seen = new MutationObserver(() => {
            const shown = document.getElementById("replay-step");
            if (!shown || shown.dataset.step === "0" || window.slid) return;
            window.slid = true;
            const slider = shown.querySelector("[data-slider]");
            slider.value = "5";
            slider.dispatchEvent(new Event("input", {bubbles: true}));
          });
          seen.observe(document.body, {childList: true, subtree: true});
        }"""
    )
    page.keyboard.press("End")
    page.wait_for_function("() => window.slid === true")
    page.wait_for_function("() => document.getElementById('replay-step').dataset.step === '5'")
    assert placed(page) == 11 and page.url.endswith("?step=5") and last > 5
