"""Starting, showing and playing an Ishido game through the views (htmx and plain POST)."""

import re

import pytest
from django.urls import reverse

from games.core.models import Game
from games.rules import ishido
from tests.support.games import bind_player
from tests.support.ishido import place_url, start_from, start_seeded

pytestmark = pytest.mark.django_db
NEW = reverse("ishido:new")


def hooks(html: str) -> dict[int, tuple[str, bool]]:
    """data-cell -> (data-value, has data-legal), from the page's test hooks."""
    cells = {}
    for tag in re.findall(r"<[^>]*data-cell=[^>]*>", html):
        index = int(re.search(r'data-cell="(\d+)"', tag).group(1))
        value = re.search(r'data-value(?:="([^"]*)")?', tag).group(1) or ""
        cells[index] = (value, " data-legal" in tag)
    return cells


# ------------------------------------------------------------------ starting


def test_the_new_page_is_a_start_button(client):
    response = client.get(NEW)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="start"' in html and "data-running-game" not in html


def test_start_makes_a_game_and_shows_it(client):
    response = client.post(NEW, {"start": "1"})
    assert response.status_code == 303
    game = Game.objects.get()
    assert response["Location"] == reverse("ishido:play", args=[game.pk])
    assert game.kind_key == "ishido" and game.is_active


def test_starting_anew_needs_confirmation_while_a_game_runs(client):
    running = start_seeded(client)
    page = client.get(NEW).content.decode()
    assert f'data-running-game="{running.pk}"' in page
    assert running.get_absolute_url() in page  # continue
    response = client.post(NEW, {"start": "1"})
    assert response.status_code == 400
    assert "Tick the box to confirm" in response.content.decode()
    running.refresh_from_db()
    assert running.is_active and Game.objects.count() == 1


def test_a_confirmed_start_abandons_the_running_game(client):
    running = start_seeded(client)
    assert client.post(NEW, {"confirm": "on"}).status_code == 303
    running.refresh_from_db()
    assert running.status == Game.Status.ABANDONED
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 1


# ------------------------------------------------------------------ the page


def test_the_page_shows_board_stone_and_numbers_with_hooks(client, game):
    state = game.state
    html = client.get(game.get_absolute_url()).content.decode()
    cells = hooks(html)
    assert sorted(cells) == list(range(96))
    for cell, stone in enumerate(state.board):
        assert cells[cell][0] == ("" if stone is None else ishido.stone_name(stone))
    assert {cell for cell, (_, legal) in cells.items() if legal} == state.legal_cells
    assert f'data-current-stone="{ishido.stone_name(state.current_stone)}"' in html
    assert 'data-state="placing"' in html
    assert 'data-stones-left="66"' in html and 'data-score="0"' in html
    assert 'data-four-ways="0"' in html and 'data-doubling="1"' in html
    assert f'name="version" value="{game.version}"' in html
    assert game.seed_hash in html and game.seed not in html


def test_the_cells_come_in_row_major_order(client, game):
    """I2: the stylesheet finds the grey border by a cell's position among its siblings (see
    the browser test of the border), so the 96 cells must come in index order."""
    html = client.get(game.get_absolute_url()).content.decode()
    order = [int(n) for n in re.findall(r'data-cell="(\d+)"', html)]
    assert order == list(range(ishido.CELLS))


def test_the_pouch_order_stays_hidden(client, game):
    """I4: only the current stone and the count; no other pouch stone, in any form."""
    state = game.state
    html = client.get(game.get_absolute_url()).content.decode()
    partial = client.get(game.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    shown = {s for s in state.board if s is not None} | {state.current_stone}
    # The page defines a symbol for each of the 36 kinds of stone (the pouch's contents are
    # public, I1), all alike: they tell nothing of the order. Nothing else names a stone.
    defs = re.search(r'<svg class="ishido-defs".*?</svg>', html, re.S).group(0)
    assert len(re.findall(r'<symbol id="s\d\d"', defs)) == 36
    html = html.replace(defs, "")
    assert "ishido-defs" not in partial
    for page in (html, partial):
        assert game.snapshot["pouch"] not in page
        assert game.snapshot["pouch"][2:12] not in page
        for colour, colour_name in enumerate(ishido.COLOURS):
            for shape, shape_name in enumerate(ishido.SHAPES):
                if (colour, shape) in shown:
                    continue
                assert f"{colour_name}-{shape_name}" not in page
                assert f"{colour_name} {shape_name}" not in page


def test_the_legal_highlight_can_be_switched_off(client, game):
    on = client.get(game.get_absolute_url()).content.decode()
    off = client.get(game.get_absolute_url(), {"hints": "0"}).content.decode()
    assert 'id="ishido-hints" checked' in on
    assert 'id="ishido-hints">' in off
    assert off.count("data-legal") == on.count("data-legal")  # the hooks stay; CSS hides them
    odd = client.get(game.get_absolute_url(), {"hints": "<script>"}).content.decode()
    assert 'id="ishido-hints" checked' in odd and "<script>" not in odd.split("<main")[1][:200]


def test_somebody_elses_game_is_not_found(client, other_client, game):
    assert other_client.get(game.get_absolute_url()).status_code == 404
    cell = min(game.state.legal_cells)
    answer = other_client.post(place_url(game), {"cell": cell, "version": 0})
    assert answer.status_code == 404
    game.refresh_from_db()
    assert game.version == 0


def test_an_abandoned_game_shows_its_board_without_forms(client, game):
    client.post(NEW, {"confirm": "on"})
    html = client.get(game.get_absolute_url()).content.decode()
    assert "was abandoned" in html and 'name="cell"' not in html


# ------------------------------------------------------------------ placing


def test_a_plain_post_places_and_redirects(client, game):
    cell = min(game.state.legal_cells)
    stone = game.state.current_stone
    response = client.post(place_url(game), {"cell": cell, "version": 0, "hints": "1"})
    assert response.status_code == 303
    assert response["Location"] == game.get_absolute_url()
    game.refresh_from_db()
    assert game.version == 1 and game.state.board[cell] == stone
    assert game.actions.get().payload == {"type": "place", "cell": cell}


def test_an_htmx_post_answers_the_board_partial(client, game):
    before = game.state
    cell = min(before.legal_cells)
    response = client.post(place_url(game), {"cell": cell, "version": 0}, htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="board"') and "<html" not in html
    after = Game.objects.get(pk=game.pk).state
    assert f'data-stones-left="{after.stones_left}"' in html
    assert f'data-score="{after.score}"' in html
    assert f'data-last-points="{after.placements[-1].points}"' in html
    assert hooks(html)[cell][0] == ishido.stone_name(before.current_stone)
    assert 'name="version" value="1"' in html


def test_the_hints_setting_survives_a_move(client, game):
    cell = min(game.state.legal_cells)
    response = client.post(place_url(game), {"cell": cell, "version": 0, "hints": ["0", "1"]})
    assert response["Location"] == game.get_absolute_url()  # ticked: on
    cell = min(Game.objects.get(pk=game.pk).state.legal_cells)
    response = client.post(place_url(game), {"cell": cell, "version": 1, "hints": "0"})
    assert response["Location"] == game.get_absolute_url() + "?hints=0"
    partial = client.post(
        place_url(game),
        {"cell": min(Game.objects.get(pk=game.pk).state.legal_cells), "version": 2, "hints": "0"},
        htmx=True,
    ).content.decode()
    assert 'id="ishido-hints">' in partial


def test_a_placement_shows_its_points(client):
    # Cell 13 (interior) next to cell 1 and 12 on the border: two neighbours, 2 points.
    game = start_from(client, {1: "red-star", 12: "blue-circle"}, ["red-circle", "red-kite"])
    html = client.post(place_url(game), {"cell": 13, "version": 0}, htmx=True).content.decode()
    assert 'data-last-points="2"' in html and "+2</strong> points" in html


def test_a_border_placement_says_it_scores_nothing(client):
    game = start_from(client, {0: "red-star"}, ["red-circle", "red-kite"])
    html = client.post(place_url(game), {"cell": 1, "version": 0}, htmx=True).content.decode()
    assert 'data-last-points="0"' in html and "on the border: no points" in html
    assert "red circle on row 1, column 2" in html


def test_a_four_way_shows_its_bonus_and_the_doubling(client):
    # Around cell 30: two neighbours by colour (red), two by shape (star).
    around = {18: "red-circle", 42: "red-kite", 29: "blue-star", 31: "green-star"}
    game = start_from(client, around, ["red-star", "red-kite"])
    html = client.post(place_url(game), {"cell": 30, "version": 0}, htmx=True).content.decode()
    assert 'data-last-points="33"' in html  # 8 + the first 4-way's 25
    assert "4-way number 1! 8 + bonus 25 = <strong>33</strong> points." in html
    assert 'data-four-ways="1"' in html and 'data-doubling="2"' in html


def test_the_end_shows_reason_stones_left_bonus_and_final_score(client):
    game = start_from(client, {0: "red-star"}, ["red-circle"])
    html = client.post(place_url(game), {"cell": 1, "version": 0}, htmx=True).content.decode()
    assert 'data-state="finished"' in html
    assert 'data-end-reason="pouch_empty"' in html and "the pouch is empty" in html
    assert 'data-stones-left="0"' in html and 'data-end-bonus="1000"' in html
    assert 'data-final-score="1000"' in html and 'name="cell"' not in html
    assert reverse("core:replay", args=[game.pk]) in html


def test_a_stuck_end_shows_the_stone_that_fits_nowhere(client):
    game = start_from(client, {0: "red-star"}, ["red-circle", "blue-kite", "white-square"])
    html = client.post(place_url(game), {"cell": 1, "version": 0}, htmx=True).content.decode()
    assert 'data-end-reason="stuck"' in html and "fits nowhere" in html
    assert 'aria-label="blue kite"' in html  # the stuck stone, never the one after it
    assert "white square" not in html and "white-square" not in html
    assert 'data-stones-left="2"' in html and 'data-end-bonus="100"' in html
    assert 'data-final-score="100"' in html


def test_a_game_played_through_the_views_fills_the_leaderboard(client):
    bind_player(client)
    client.post(NEW, {"start": "1"})
    game = Game.objects.get()
    while game.is_active:
        state = game.state
        client.post(place_url(game), {"cell": max(state.legal_cells), "version": game.version})
        game.refresh_from_db()
    final = game.state
    board = client.get(reverse("core:leaderboard", args=["ishido", "classic"])).content.decode()
    assert f">{final.final_score}<" in board
    assert "Tester" in board
    result = game.result
    assert (result.score, result.stones_left) == (final.final_score, final.stones_left)
