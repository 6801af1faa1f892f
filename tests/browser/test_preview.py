"""A shared replay link previews itself, as a link crawler or a chat app sees it in a real
Chromium: the replay page of a finished game names a 1200×630 PNG of its final board in its
OpenGraph and Twitter tags, by an absolute address that answers with that picture."""

import io

import pytest
from PIL import Image

from games.core.models import Player
from games.rules import ishido, magdagdon, mishimash
from tests.support.browser import screenshot
from tests.support.finished import finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OPTIONS = {
    "magdagdon": magdagdon.Options(),
    "mishimash": mishimash.Options(("Anna", "Béla"), 1000),
    "ishido": ishido.Options(),
}


@pytest.mark.parametrize("kind_key", sorted(OPTIONS))
def test_a_replay_link_previews_its_final_board(page, kind_key):
    game = finish(Player.objects.create(nickname="Sharer"), kind_key, OPTIONS[kind_key], seed="bp")
    page.goto(page.base_url + f"/replay/{game.pk}/")
    image = page.locator('meta[property="og:image"]').get_attribute("content")
    assert image == f"{page.base_url}/replay/{game.pk}/preview.png"  # absolute: crawlers need it
    assert page.locator('meta[name="twitter:card"]').get_attribute("content") == (
        "summary_large_image"
    )
    assert (
        page.locator('meta[property="og:url"]')
        .get_attribute("content")
        .endswith(f"/replay/{game.pk}/")
    )
    answer = page.request.get(image)
    assert answer.status == 200 and answer.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(answer.body())) as picture:
        assert picture.size == (1200, 630)
    page.goto(image)  # how it looks, for a human to check
    screenshot(page, f"preview-{kind_key}")
