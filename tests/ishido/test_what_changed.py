"""What a move's answer says it changed: the last stone marked with its points, what a screen
reader hears (data-announce) and the sound (data-sound), only on the answer to the move; and
cells named as the board is drawn (wide, or transposed on a portrait phone)."""

import re

import pytest

from games.core.models import Game
from tests.support.ishido import place_url, start_from

pytestmark = pytest.mark.django_db


def board_root(html: str) -> str:
    return re.search(r'<section id="board"[^>]*>', html).group(0)


def attribute(tag: str, name: str) -> str | None:
    found = re.search(rf'{name}="([^"]*)"', tag)
    return found.group(1) if found else None


def test_a_placement_announces_its_points_the_stones_left_and_the_next_stone(client):
    game = start_from(client, {1: "red-star", 12: "blue-circle"}, ["red-circle", "red-kite"])
    html = client.post(place_url(game), {"cell": 13, "version": 0}, htmx=True).content.decode()
    root = board_root(html)
    # The stones left count the current stone, as the page's "Stones left" does.
    assert attribute(root, "data-announce") == "+2 points. 1 stone left. Next: red kite."
    assert attribute(root, "data-sound") == "place"


def test_the_last_stone_carries_its_points_and_the_mark(client):
    game = start_from(client, {1: "red-star", 12: "blue-circle"}, ["red-circle", "red-kite"])
    html = client.post(place_url(game), {"cell": 13, "version": 0}, htmx=True).content.decode()
    last = re.search(r'<span class="last"[^>]*>.*?</span>', html).group(0)
    assert 'data-cell="13"' in last and 'data-value="red-circle"' in last
    assert '<b class="gain" aria-hidden="true">+2</b>' in last
    assert html.count('class="last"') == 1


def test_a_border_placement_is_marked_and_announced_as_scoring_nothing(client):
    game = start_from(client, {0: "red-star"}, ["red-circle", "red-kite"])
    html = client.post(place_url(game), {"cell": 1, "version": 0}, htmx=True).content.decode()
    assert re.search(r'<span class="last" data-cell="1"', html)
    assert "gain" not in html  # no "+0" badge, the ring alone marks it
    assert attribute(board_root(html), "data-announce").startswith("On the border: no points.")


def test_a_four_way_is_celebrated(client):
    around = {18: "red-circle", 42: "red-kite", 29: "blue-star", 31: "green-star"}
    game = start_from(client, around, ["red-star", "red-kite"])
    html = client.post(place_url(game), {"cell": 30, "version": 0}, htmx=True).content.decode()
    root = board_root(html)
    assert attribute(root, "data-sound") == "fourway"
    assert attribute(root, "data-announce").startswith("4-way number 1! +33 points.")
    assert '<b class="gain four-way" aria-hidden="true">+33</b>' in html


def test_the_last_move_of_the_game_sounds_the_end_and_says_the_final_score(client):
    game = start_from(client, {0: "red-star"}, ["red-circle"])
    html = client.post(place_url(game), {"cell": 1, "version": 0}, htmx=True).content.decode()
    root = board_root(html)
    assert attribute(root, "data-sound") == "end"
    assert attribute(root, "data-announce").endswith("Game over. Final score: 1,000.")


def test_a_page_load_or_a_refused_move_announces_nothing(client):
    game = start_from(
        client, {1: "red-star", 12: "blue-circle"}, ["red-circle", "red-kite", "red-star"]
    )
    client.post(place_url(game), {"cell": 13, "version": 0}, htmx=True)
    for html in (
        client.get(game.get_absolute_url()).content.decode(),
        client.get(game.get_absolute_url(), headers={"HX-Request": "true"}).content.decode(),
        client.post(place_url(game), {"cell": 50, "version": 1}, htmx=True).content.decode(),
        client.post(place_url(game), {"cell": 14, "version": 0}, htmx=True).content.decode(),
    ):
        root = board_root(html)
        assert attribute(root, "data-announce") is None and attribute(root, "data-sound") is None
        assert 'class="last" data-cell="13"' in html  # the last stone stays marked


def test_the_last_stone_is_named_as_the_wide_and_as_the_tall_board_show_it(client):
    game = start_from(client, {0: "red-star"}, ["red-circle", "red-kite"])
    html = client.post(place_url(game), {"cell": 1, "version": 0}, htmx=True).content.decode()
    where = re.search(r'<span class="where muted">(.*?)</span></p>', html).group(1)
    assert where == (
        '<span class="seen-wide">red circle on row 1, column 2</span>'
        '<span class="seen-tall">red circle on row 2, column 1</span>'
    )


@pytest.mark.parametrize("htmx", [True, False])
def test_a_refusal_names_the_cell_as_both_drawings_show_it(client, htmx):
    game = start_from(client, {0: "red-star"}, ["red-circle", "red-kite"])
    # Cell 50 is row 5, column 3 on the wide board; row 3, column 5 on the tall one.
    answer = client.post(place_url(game), {"cell": 50, "version": 0}, htmx=htmx)
    assert answer.status_code == 400
    message = re.search(
        r"<p class=\"message error\"[^>]*>(.*?)</p>", answer.content.decode()
    ).group(1)
    assert '<span class="seen-wide">The current stone cannot go on row 5, column 3:' in message
    assert '<span class="seen-tall">The current stone cannot go on row 3, column 5:' in message
    assert Game.objects.get(pk=game.pk).version == 0


def test_a_refusal_without_a_cell_is_left_as_it_is(client):
    game = start_from(client, {0: "red-star"}, ["red-circle", "red-kite"])
    answer = client.post(place_url(game), {"cell": 0, "version": 0}, htmx=True)
    message = re.search(
        r"<p class=\"message error\"[^>]*>(.*?)</p>", answer.content.decode()
    ).group(1)
    assert "seen-wide" in message and "row 1, column 1 is not empty" in message.lower()
    answer = client.post(place_url(game), {"cell": 99, "version": 0}, htmx=True)
    message = re.search(
        r"<p class=\"message error\"[^>]*>(.*?)</p>", answer.content.decode()
    ).group(1)
    assert "seen-" not in message and "no such cell" in message


def test_an_arabic_refusal_keeps_both_drawings(client):
    client.cookies["django_language"] = "ar"
    game = start_from(client, {0: "red-star"}, ["red-circle", "red-kite"])
    answer = client.post(place_url(game), {"cell": 50, "version": 0}, htmx=True)
    message = re.search(
        r"<p class=\"message error\"[^>]*>(.*?)</p>", answer.content.decode()
    ).group(1)
    wide, tall = re.findall(r'<span class="seen-(?:wide|tall)">(.*?)</span>', message)
    assert wide != tall and "cannot go" not in wide  # translated, with the numbers swapped
    assert "5" in wide and "3" in wide


def test_the_hints_switch_is_remembered_for_the_player_by_the_next_move(client):
    game = start_from(client, {1: "red-star", 12: "blue-circle"}, ["red-circle", "red-kite"])
    assert 'id="ishido-hints" checked' in client.get(game.get_absolute_url()).content.decode()
    client.post(place_url(game), {"cell": 13, "version": 0, "hints": "0"}, htmx=True)
    game.player.refresh_from_db()
    assert game.player.preferences["ishido.hints"] == "off"
    # Any later page of the player's starts with the highlight off, unless its address says.
    assert 'id="ishido-hints">' in client.get(game.get_absolute_url()).content.decode()
    on = client.get(game.get_absolute_url(), {"hints": "1"}).content.decode()
    assert 'id="ishido-hints" checked' in on


def test_a_refused_move_remembers_nothing(client):
    game = start_from(client, {0: "red-star"}, ["red-circle", "red-kite"])
    client.post(place_url(game), {"cell": 50, "version": 0, "hints": "0"}, htmx=True)
    game.player.refresh_from_db()
    assert "ishido.hints" not in game.player.preferences
