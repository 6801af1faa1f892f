"""The board parts drawn in Python (games/magdagdon/display.py and panels.py, through
games.core.html): the grid, the dice tray, the stats line and the Majda Powers panel escape what
they show and speak the visitor's language; the unstage forms come from the template."""

import re
from dataclasses import replace

import pytest
from django.utils import translation

from games.core.html import EMPTY
from games.magdagdon.display import board_view, grid_html, tray_html
from games.magdagdon.panels import panel_html, stats_html
from games.rules import magdagdon as rules
from tests.support.magdagdon import start_at
from tests.support.magdagdon_oracle import make_state

NASTY = '<b>"O\'Brien" & co</b>'
ESCAPED = "&lt;b&gt;&quot;O&#x27;Brien&quot; &amp; co&lt;/b&gt;"


def placing(die: int | None = None):
    state = make_state("3... .... .... ....", roll=(4, 2, 6, 1), staged=((0, 1),))
    assert state.phase == "placing"
    return board_view(state, playable=True, die=die)


def test_the_grid_has_16_cells_8_sums_and_the_corner():
    page = grid_html(placing())
    assert len(re.findall(r'data-cell="\d+"', page)) == 16
    assert page.count('class="sum') == 9 and page.endswith('aria-hidden="true">Σ</span>')
    assert page.count("\n") == 4  # a newline after each row, as the template had


def test_the_grid_draws_each_kind_of_cell():
    page = grid_html(placing(die=1))
    assert 'class="cell full" data-cell="0" data-value="3" role="img"' in page
    assert 'form="mg-unstage" name="die" value="0" data-cell="1" data-value="4"' in page
    assert 'class="cell legal" form="mg-stage" name="cell"' in page and "data-legal" in page
    assert page.count("data-focus") == 1  # the first legal cell only


def test_a_staged_cell_may_take_the_ruin_and_its_die_is_back_in_the_tray():
    state = rules.State(
        difficulty=rules.Difficulty.NIGHTMARE,
        board=(3,) + (None,) * 15,
        roll=(4, 6, 6, 6),
        staged=((0, 1),),
        phase="magdagdon",
    )
    drawn = board_view(state, playable=True, ruin=True)
    page = grid_html(drawn)
    assert '<button type="submit" class="cell target" form="mg-ruin" name="cell" value="1" ' in page
    assert 'data-cell="1" data-value=""' in page  # M16: accepting returns the staged die
    assert drawn.score.base == 6 and drawn.rows[0].total == 3 and not drawn.staged_any


def test_labels_and_line_names_are_escaped():
    drawn = placing()
    drawn = replace(
        drawn,
        cells=[replace(c, label=NASTY) for c in drawn.cells],
        dice=[replace(d, label=NASTY) for d in drawn.dice],
        rows=[replace(line, name=NASTY, combo=NASTY, points=20) for line in drawn.rows],
    )
    for page in (grid_html(drawn), tray_html(drawn)):
        assert NASTY not in page and ESCAPED in page


def test_a_line_bonus_shows_its_points():
    drawn = placing()
    drawn = replace(
        drawn, rows=[replace(drawn.rows[0], combo="STRAIGHT", points=20)] + drawn.rows[1:]
    )
    assert (
        '<span class="sum bonus" data-line="r0" role="img" aria-label="Row 1: 7, STRAIGHT +20">'
        "<b>7</b><i>+20</i></span>" in grid_html(drawn)
    )


def test_the_tray_before_the_first_roll_shows_four_blank_dice():
    drawn = board_view(make_state(), playable=True)
    page = tray_html(drawn)
    assert page.count('<span class="die blank" aria-hidden="true">') == 4
    assert "<small>Die 4</small>" in page


def test_the_tray_toggles_free_dice_and_takes_staged_ones_back():
    page = tray_html(placing(die=1))
    assert 'form="mg-unstage" name="die" value="0" data-die="0"' in page
    assert "; take it back" in page
    # Free dice are toggle buttons of the GET form mg-pick; the selected one unselects.
    assert 'form="mg-pick" name="die" value="" aria-pressed="true" data-die="1"' in page
    assert 'form="mg-pick" name="die" value="2" aria-pressed="false" data-die="2"' in page
    assert "<a " not in page


@pytest.mark.django_db
def test_reroll_is_never_ticked_beforehand_and_locks_staged_ones(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 2, 6, 1), staged=((0, 1),))
    page = client.get(game.get_absolute_url(), {"die": "2"}).content.decode()
    ticks = re.search(r'<form class="mg-reroll".*?</form>', page, re.S).group()
    assert 'value="0" disabled>' in ticks and 'value="2">' in ticks
    assert "checked" not in ticks
    # Nor in a MAGDAGDON, where ticking every die was one tap from a penalty.
    game = start_at(client, "1121 2... ..X. ....", roll=(6, 6, 5, 4))
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'data-state="magdagdon"' in page and "checked" not in page


@pytest.mark.django_db
def test_one_unstage_form_that_every_staged_cell_and_die_submits(client):
    game = start_at(client, "3... .... .... ....", roll=(4, 2, 6, 1), staged=((0, 1),))
    page = client.get(game.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert page.count('<form id="mg-unstage"') == 1
    assert page.count('form="mg-unstage" name="die" value="0"') == 2  # the cell and the die
    form = re.search(r'<form id="mg-unstage".*?</form>', page).group()
    assert f'<input type="hidden" name="version" value="{game.version}">' in form


@pytest.mark.parametrize(("language", "die"), [("hu", "1. kocka"), ("ar", "النرد 1")])
def test_the_parts_speak_the_visitors_language(language, die):
    with translation.override(language):
        drawn = board_view(make_state(), playable=True)
        assert f"<small>{die}</small>" in tray_html(drawn)


def test_the_panel_and_the_stats_line_speak_each_language_in_turn():
    # Their texts are looked up once per language and kept: switching languages in one
    # process never shows one language's words in another's board.
    state = make_state("3... .... .... ....", roll=(4, 2, 6, 1))
    drawn = board_view(state, playable=True, die=1)
    for language in ("en", "hu", "ar", "en", "sk"):
        with translation.override(language):
            reroll, score = (translation.gettext(t) for t in ("REROLL the ticked dice", "Score"))
            assert language == "en" or (reroll, score) != ("REROLL the ticked dice", "Score")
            assert f'id="mg-reroll">{reroll}</button>' in panel_html(drawn, 7, 3, EMPTY, False)
            assert f"<span>{score}</span>" in stats_html(drawn, 2)


@pytest.mark.django_db
def test_the_page_unstage_form_carries_the_csrf_token_and_a_swapped_one_its_header(client):
    """A plain POST needs the token as a field; a board swapped in by htmx is submitted by htmx
    only, with the token in its header (hx-headers on <body>), so it leaves the field out."""
    game = start_at(client, "3... .... .... ....", roll=(4, 2, 6, 1), staged=((0, 1),))
    page = client.get(game.get_absolute_url()).content.decode()
    form = re.search(r'<form id="mg-unstage".*?</form>', page)
    assert form is not None
    assert re.search(r'name="csrfmiddlewaretoken" value="\w{20,}"', form.group())
    assert re.search(r'<body hx-headers=\'\{"X-CSRFToken": "\w{20,}"\}\'', page)
    swapped = client.get(game.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert "hx-post" in swapped and "csrfmiddlewaretoken" not in swapped


@pytest.mark.django_db
def test_with_every_die_staged_the_powers_offer_nothing_to_press(client):
    """M14: powers apply only to available dice; with all four staged the panel says to
    take one back instead of showing controls that could only be refused."""
    staged = ((0, 1), (1, 2), (2, 4), (3, 5))
    game = start_at(client, "3... .... .... ....", roll=(4, 3, 2, 3), staged=staged)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Staged dice must be taken back before a power can change them." in page
    assert 'class="mg-reroll"' not in page and "mg-adjust" not in page


def test_the_powers_panel_has_a_form_per_power_and_die_and_keeps_its_translations_markup():
    drawn = placing(die=2)
    assert drawn.powers_left and drawn.next_penalty
    for language in ("sk", "ar"):  # each translation is markup, as in the template
        with translation.override(language):
            assert "&lt;" not in panel_html(drawn, 7, 3, EMPTY, opened=False), language
    with translation.override("hu"):
        panel = panel_html(drawn, 7, 3, EMPTY, opened=False)
    assert panel.startswith('<details class="mg-powers" id="mg-powers">')
    free = [d.index for d in drawn.free]  # die 0 is staged: only the others can change
    assert free == [1, 2, 3]
    for die in free:
        assert f'action="/magdagdon/7/decrease/?die={die}"' in panel
        assert f'action="/magdagdon/7/increase/?die={die}"' in panel
    assert panel.count('name="version" value="3"') == 2 * len(free) + 1  # and REROLL's
    # Only the selected die's DECREASE / INCREASE show; the others wait hidden.
    assert 'data-adjust="2">' in panel and 'data-adjust="1" hidden>' in panel
    # The translator's markup (the penalty kept left to right) is markup, not text.
    assert '<bdi dir="ltr">−' in panel and "&lt;bdi" not in panel
    assert 'value="0" disabled>' in panel  # the staged die cannot be ticked for REROLL


def test_the_stats_line_shows_the_score_and_what_powers_are_left():
    drawn = placing()
    line = stats_html(drawn, turns=4)
    assert f'data-score="{drawn.score.total}"' in line and 'data-turns="4">4</b>' in line
    assert f'data-powers-left="{drawn.powers_left}"' in line
    assert f"next use −{drawn.next_penalty}" in line
    assert "Base " in line and "bonuses +" in line
