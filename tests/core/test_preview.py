"""Link previews (games.core.preview): a finished game's replay address previews itself with
a 1200×630 picture of its final board, drawn by each game's hook, kept once drawn, limited per
address; a daily challenge's stays closed until its day is over, as its replay."""

import io
import re

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from PIL import Image

from games.core.kinds import all_kinds
from games.core.models import Player
from games.rules import ishido, magdagdon, mishimash
from tests.support.daily import DAY, play_out, started
from tests.support.finished import finish

pytestmark = pytest.mark.django_db

OPTIONS = {
    "magdagdon": magdagdon.Options(),
    "mishimash": mishimash.Options(("Anna", "Béla"), 1000),
    "ishido": ishido.Options(),
}


@pytest.fixture(autouse=True)
def nothing_kept():
    cache.clear()
    yield
    cache.clear()


def preview_url(game) -> str:
    return reverse("core:preview", args=[game.pk])


def meta(page: str, name: str) -> str:
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)">', page)
    assert found, name
    return found.group(1)


@pytest.mark.parametrize("kind_key", sorted(OPTIONS))
def test_the_preview_is_a_1200_by_630_png_of_the_final_board(client, kind_key):
    game = finish(Player.objects.create(nickname="P"), kind_key, OPTIONS[kind_key], seed="pv")
    response = client.get(preview_url(game))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    with Image.open(io.BytesIO(response.content)) as image:
        assert image.format == "PNG" and image.size == (1200, 630)
        board = image.convert("RGB").crop((560, 80, 1130, 560))  # the game's own half
        blank = dict((colour, n) for n, colour in board.getcolors(1_000_000) or [])
        surface = blank.get((0xFF, 0xFD, 0xF9), 0)  # the board's ground (drawing.SURFACE)
        assert surface < 0.9 * board.width * board.height, "the hook drew a board"


def test_every_listed_game_draws_its_own_board():
    from games.core.kinds import GameKind

    for kind in all_kinds():
        assert type(kind).draw_preview is not GameKind.draw_preview, kind.key


def test_the_replay_page_carries_the_preview_tags_with_absolute_addresses(client):
    game = finish(Player.objects.create(nickname="Tag"), "ishido", ishido.Options(), seed="tag")
    page = client.get(game.replay_url()).content.decode()
    image = meta(page, "og:image")
    assert image == f"http://testserver/replay/{game.pk}/preview.png"
    assert meta(page, "twitter:image") == image
    assert meta(page, "og:url") == f"http://testserver/replay/{game.pk}/"
    assert meta(page, "og:title") == f"Ishido game {game.pk}: replay"
    assert meta(page, "og:description").startswith("Ishido · ")
    assert meta(page, "twitter:card") == "summary_large_image"
    assert (meta(page, "og:image:width"), meta(page, "og:image:height")) == ("1200", "630")
    assert client.get(image.removeprefix("http://testserver")).status_code == 200


def test_a_running_game_has_no_preview(client):
    game = finish(Player.objects.create(nickname="R"), "ishido", ishido.Options(), seed="run")
    game.status = game.Status.ACTIVE
    game.save(update_fields=["status"])
    assert client.get(preview_url(game)).status_code == 404


def test_a_dailys_preview_is_refused_until_its_day_is_over(client, other_client, clock):
    game = play_out(started(client))
    assert client.get(preview_url(game)).status_code == 404
    assert other_client.get(preview_url(game)).status_code == 404
    assert 'property="og:image"' not in client.get(game.get_absolute_url()).content.decode()
    clock.set(DAY.year, DAY.month, DAY.day + 1, 0, 0)  # midnight UTC: the day is over
    assert other_client.get(preview_url(game)).status_code == 200


@override_settings(PREVIEW_LIMIT=2)
def test_a_kept_picture_costs_no_drawing_and_drawing_is_limited_per_address(client):
    player = Player.objects.create(nickname="L")
    games = [finish(player, "ishido", ishido.Options(), seed=f"limit-{n}") for n in range(3)]
    first = client.get(preview_url(games[0])).content
    for _ in range(5):  # kept: the same bytes, never counted
        assert client.get(preview_url(games[0])).content == first
    assert client.get(preview_url(games[1])).status_code == 200
    refused = client.get(preview_url(games[2]))
    assert refused.status_code == 429 and int(refused["Retry-After"]) <= 60
    assert "Too many preview pictures" in refused.content.decode()
    assert client.get(preview_url(games[1])).status_code == 200  # kept ones still answer
