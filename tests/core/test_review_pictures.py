"""The review page a phone player reads (issue 31): the flagged decisions first, each with a
small picture of the position before it drawn by its game (the choice played and the coach's
marked), every decision one tap away, one page of rows per request."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.core.models import Player, Result
from games.core.review import store as reviews
from games.core.review.digest import ROWS_PER_PAGE
from games.core.review.display import FLAGGED_PER_PAGE
from games.core.review.models import DecisionPage, Review
from games.ishido import review as ishido_review
from games.rules import ishido, magdagdon, mishimash
from tests.support.finished import finish

pytestmark = pytest.mark.django_db

GAMES = {
    "magdagdon": magdagdon.Options(magdagdon.Difficulty.PEACEFUL),
    "mishimash": mishimash.Options(("Ada",), 500),
    "ishido": ishido.Options(),
}
SVG = "{http://www.w3.org/2000/svg}"


def reviewed(kind_key, seed="pic"):
    game = finish(Player.objects.create(nickname="Pic"), kind_key, GAMES[kind_key], seed=seed)
    for _ in range(500):
        if reviews.advance(game).is_done:
            return game, Review.objects.get(game=game)
    raise AssertionError("the review never finished")


def pictures(html):
    """Each listed decision's number and its picture's <figure>, parsed."""
    found = {}
    for number, body in re.findall(r'<li value="(\d+)"(.*?)</li>', html, re.S):
        figure = re.search(r"<figure class=\"review-pic.*?</figure>\s*(?=<dl)", body, re.S)
        found[int(number)] = ET.fromstring(figure.group(0)) if figure else None
    return found


@pytest.fixture(scope="module")
def reviews_of_each_game(django_db_setup, django_db_blocker):
    """One finished, reviewed game of each kind (the Ishido review takes half a minute)."""
    with django_db_blocker.unblock():
        made = {kind_key: reviewed(kind_key) for kind_key in GAMES}
    yield made
    with django_db_blocker.unblock():
        for game, _review in made.values():
            player = game.player
            Result.objects.filter(game=game).delete()
            game.delete()
            player.delete()


@pytest.mark.parametrize("kind_key", GAMES)
def test_the_page_opens_on_the_flagged_decisions_each_with_its_picture(
    client, reviews_of_each_game, kind_key
):
    game, review = reviews_of_each_game[kind_key]
    flagged = [n for n, d in enumerate(review.decisions, 1) if d["grade"]]
    assert 0 < len(flagged) < len(review.decisions)  # the simple players err, not always
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    shown = pictures(html)
    assert sorted(shown) == flagged[:FLAGGED_PER_PAGE]
    assert all(figure is not None for figure in shown.values())
    assert html.count("data-retry-link") == len(shown)
    assert f"{len(flagged)} flagged" in html and f"Every decision ({len(review.decisions)})" in html


@pytest.mark.parametrize("kind_key", GAMES)
def test_every_decision_is_one_tap_away(client, reviews_of_each_game, kind_key):
    game, review = reviews_of_each_game[kind_key]
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    assert 'href="?show=all#decisions" data-show-all' in html
    every = client.get(reverse("core:review", args=[game.pk]) + "?show=all").content.decode()
    shown = pictures(every)
    assert sorted(shown) == list(range(1, min(len(review.decisions), ROWS_PER_PAGE) + 1))
    graded = {n for n, d in enumerate(review.decisions, 1) if d["grade"]}
    assert {n for n, figure in shown.items() if figure is not None} == graded & set(shown)


def test_an_ishido_picture_marks_the_cell_played_and_the_coachs_on_the_board_before(
    client, reviews_of_each_game
):
    game, review = reviews_of_each_game["ishido"]
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    for number, figure in pictures(html).items():
        d = review.decisions[number - 1]
        wide = figure.find(f"{SVG}svg")  # the wide board: x is the column, y the row
        assert "seen-wide" in wide.get("class")
        tiles = [g for g in wide.findall(f"{SVG}g") if g.find(f"{SVG}text") is not None]
        assert len(tiles) == d["context"]["placed"]  # the stones on the board before it
        marks = {
            g.get("data-pic-played") is not None: g for g in wide.findall(f"{SVG}g[@transform]")
        }
        played = wide.find(f"{SVG}g[@data-pic-played]").get("transform")
        coach = wide.find(f"{SVG}g[@data-pic-coach]").get("transform")
        row, column = divmod(d["player"][0]["cell"], 12)
        assert played == f"translate({10 * column} {10 * row})"
        row, column = divmod(d["coach"][0]["cell"], 12)
        assert coach == f"translate({10 * column} {10 * row})"
        assert marks


def test_a_magdagdon_picture_shows_the_cells_each_choice_fills(client, reviews_of_each_game):
    game, review = reviews_of_each_game["magdagdon"]
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    for number, figure in pictures(html).items():
        d = review.decisions[number - 1]
        for who in ("player", "coach"):
            side = figure.find(f".//*[@data-pic-{who}]")
            cells = side.findall(f".//{SVG}g")
            new = {
                i: g.findtext(f"{SVG}text")
                for i, g in enumerate(cells)
                if "new" in g.find(f"{SVG}rect").get("class")
            }
            staged = {
                a["cell"]: str(d["context"]["roll"][a["die"]])
                for a in d[who]
                if a["type"] == "stage"
            }
            staged |= {a["cell"]: "X" for a in d[who] if a["type"] == "accept_magdagdon"}
            assert new == staged


def test_a_mishimash_picture_shows_the_dice_each_choice_sets_aside(client, reviews_of_each_game):
    game, review = reviews_of_each_game["mishimash"]
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    for number, figure in pictures(html).items():
        d = review.decisions[number - 1]
        for who in ("player", "coach"):
            dice = figure.find(f".//*[@data-pic-{who}]").findall(f".//{SVG}g")
            assert [g.findtext(f"{SVG}text") for g in dice] == [
                str(f) for f in d["context"]["roll"]
            ]
            kept = [i for i, g in enumerate(dice) if "kept" in g.find(f"{SVG}rect").get("class")]
            assert kept == sorted(d[who][0]["dice"])


def test_the_stored_position_holds_only_what_the_player_saw(reviews_of_each_game):
    game, review = reviews_of_each_game["ishido"]
    rows = DecisionPage.objects.get(review=review, flagged=True, number=1).rows
    for _number, d in rows:
        assert set(d["position"]) == {"board"}  # never the pouch's order
        assert len(d["position"]["board"]) == 2 * ishido.CELLS


def test_a_page_reads_one_page_of_rows_whatever_the_games_length(
    client, reviews_of_each_game, django_assert_max_num_queries
):
    game, _review = reviews_of_each_game["mishimash"]
    with django_assert_max_num_queries(12):
        assert client.get(reverse("core:review", args=[game.pk]) + "?show=all").status_code == 200


def test_the_flagged_decisions_come_a_phones_worth_at_a_time_in_the_games_order(
    client, reviews_of_each_game, monkeypatch
):
    from games.core.review import display

    game, review = reviews_of_each_game["mishimash"]
    flagged = [n for n, d in enumerate(review.decisions, 1) if d["grade"]]
    per_page = 2  # a few flagged decisions make several pages (the page's size is its own)
    monkeypatch.setattr(display, "FLAGGED_PER_PAGE", per_page)
    pages = -(-len(flagged) // per_page)
    assert pages >= 3
    seen = []
    for number in range(1, pages + 1):
        html = client.get(reverse("core:review", args=[game.pk]), {"page": number}).content
        html = html.decode()
        seen += sorted(pictures(html))
        assert f"Page {number} of {pages}" in html
    assert seen == flagged
    assert (
        'href="?page=2#decisions"'
        in client.get(reverse("core:review", args=[game.pk])).content.decode()
    )


@pytest.mark.parametrize("kind_key", ["ishido", "magdagdon"])
def test_a_review_stored_before_pictures_draws_them_from_the_replay(
    client, reviews_of_each_game, kind_key
):
    game, review = reviews_of_each_game[kind_key]
    fresh = client.get(reverse("core:review", args=[game.pk])).content.decode()
    pages = DecisionPage.objects.filter(review=review)
    kept = {page.pk: page.rows for page in pages}
    try:
        for page in pages:  # as the worker stored them before: no position
            page.rows = [[n, {k: v for k, v in d.items() if k != "position"}] for n, d in page.rows]
            page.save(update_fields=["rows"])
        old = client.get(reverse("core:review", args=[game.pk])).content.decode()
    finally:
        for pk, rows in kept.items():
            DecisionPage.objects.filter(pk=pk).update(rows=rows)
    assert pictures(old).keys() == pictures(fresh).keys()
    for number, figure in pictures(old).items():
        assert ET.tostring(figure) == ET.tostring(pictures(fresh)[number])


def test_an_ishido_picture_rings_the_cell_played_when_it_is_the_coachs(reviews_of_each_game):
    """A puzzle solved on the coach's cell: its legend names a ring and a cross, so both are
    drawn on that one cell (the ring was left out, the cross alone showed)."""
    _game, review = reviews_of_each_game["ishido"]
    decision = next(d for d in review.decisions if d["grade"])
    same = {**decision, "coach": decision["player"]}
    html = render_to_string(
        "ishido/_review_picture.html", {"picture": ishido_review.picture(same), "mine": True}
    )
    figure = ET.fromstring(html)
    for svg in figure.findall(f"{SVG}svg"):
        played = svg.find(f"{SVG}g[@data-pic-played]")
        assert played.find(f"{SVG}path[@class='pic-played']") is not None
        assert played.find(f"{SVG}circle[@class='pic-coach']") is not None
        assert svg.find(f"{SVG}g[@data-pic-coach]") is None
