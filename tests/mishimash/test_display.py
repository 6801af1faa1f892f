"""The board parts built in Python (games.mishimash.display): the dice, the preview, the score
list and the log lines must read as the template drew them, localise half points like
`floatformat:"-1"` and escape every name."""

import re
from decimal import Decimal

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation

from games.mishimash import display
from games.rules import mishimash as rules
from tests.support.mishimash import move, raw, start, text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "hu", "sk", "ar"])
def test_points_localise_exactly_like_floatformat(language):
    with translation.override(language):
        for halves in [*range(-3, 60), 1999, 2000, 2001, 19999]:
            expected = floatformat(Decimal(rules.format_points(halves)), "-1")
            assert display.number_text(halves) == expected, halves


def test_the_first_die_takes_the_focus_after_a_move_only(client, game):
    page = text(move(client, game, "roll", htmx=True))
    assert re.search(r'id="die-0"[^>]* autofocus', page)
    assert page.count("autofocus") == 1
    assert "autofocus" not in text(client.get(game.get_absolute_url() + "?dice=0"))


def test_ticked_and_dead_dice_are_marked(client, game):
    move(client, game, "roll")  # 1 5 2 4 5 2
    page = text(client.get(game.get_absolute_url() + "?dice=1"))
    assert re.search(
        r'<button type="submit" class="die is-selected" name="toggle" value="1" [^>]*'
        r'data-die="1" data-value="5" data-selected="true" aria-pressed="true" '
        r'aria-label="Die 2: 5">',
        page,
    )
    assert re.search(
        r'class="die is-dead" [^>]*data-die="2" data-value="2" data-selected="false" '
        r'aria-pressed="false"',
        page,
    )
    # The moves post the ticked dice: only the ticked die's field is enabled.
    assert re.findall(r'<input type="hidden" name="dice" value="(\d)">', page) == ["1"]
    assert page.count('name="dice" value="0" disabled>') == 1
    assert '<svg class="die-face" aria-hidden="true"><use href="#mm-f4"/></svg>' in page


def test_the_empty_preview_says_what_to_tap(client, game):
    move(client, game, "roll")
    page = text(client.get(game.get_absolute_url()))
    assert 'data-preview="empty" data-masks="0">Choose the scoring dice to set aside' in page


def test_half_points_follow_the_language_in_preview_log_and_scores(client, game):
    move(client, game, "roll")
    client.cookies["django_language"] = "hu"
    page = text(client.get(game.get_absolute_url() + "?dice=1"))
    assert " = 0,5 × 1 = <strong>0,5</strong>" in page and 'data-gain="0.5"' in page
    move(client, game, "bank", dice=[1])  # Anna banks 0.5
    page = text(client.get(game.get_absolute_url()))
    scores = page.split('class="mm-scores')[1].split("</ol>")[0]
    assert '<span class="pts">0,5</span>' in scores
    log = page.split('class="mm-log')[1]
    assert 'data-points="0.5">0,5</strong>' in log
    assert re.search(r"<strong>0,5</strong>[^<]* → 0,5</li>", log)  # the bank line


def test_names_are_escaped_in_the_scores_and_the_log(client):
    game = start(client, ("<i>Anna</i>", "Béla & co"), target=500)
    move(client, game, "roll")
    move(client, game, "bank", dice=[0])
    page = client.get(game.get_absolute_url()).content.decode()
    side = page.split('<div class="mm-side">')[1]
    assert "<i>Anna</i>" not in side
    assert "<bdi>&lt;i&gt;Anna&lt;/i&gt;</bdi> banked <strong>" in side
    assert "<bdi>Béla &amp; co</bdi>" in side


def test_end_of_game_log_lines_escape_names_and_localise_points(client):
    game = start(client, ("A<b", "B&c"), target=10)
    log = [
        rules.FinalRoundStarted(0, (1,)),
        rules.SuddenDeathStarted(1, (0, 1)),
        rules.Won(1, 25),
    ]
    with translation.override("sk"):
        lines = display.lines_html(display.log_lines(game.state, log), display.Local())
    assert lines.count('<li class="line ') == 3
    assert "<bdi>A&lt;b</bdi>" in lines and ": B&amp;c." in lines
    assert ": A&lt;b, B&amp;c." in lines and "<bdi>B&amp;c</bdi>" in lines and "12,5" in lines


def test_default_names_of_stored_games_read_in_the_viewers_language(client):
    """Games stored before defaults were kept in English hold the starter's language."""
    game = start(client, ("Hráč 10", "Anna", "10. játékos"), target=500)
    with translation.override("ar"):
        assert display.shown_names(game.state.players) == ("اللاعب 10", "Anna", "اللاعب 10")
        assert display.shown_name("Hráč 10 a pol") == "Hráč 10 a pol"  # a real name stays
    client.cookies["django_language"] = "en"
    page = text(client.get(game.get_absolute_url()))
    assert "<bdi>Player 10</bdi>’s turn" in page


def previews(page: str) -> dict[int, str]:
    """The preview line of each selection in the board's <template>, by bitmask."""
    inner = page.split('<template class="mm-previews">')[1].split("</template>")[0]
    lines = re.findall(r'(<p class="mm-preview[^"]*" data-preview="[^"]+".*?</p>)', inner)
    found: dict[int, str] = {}
    for line in lines:
        masks = re.search(r'data-masks="([\d ]+)"', line).group(1)
        for mask in masks.split():
            assert int(mask) not in found, mask
            found[int(mask)] = re.sub(r' data-masks="[\d ]+"', "", line)
    return found


@pytest.mark.parametrize("seed", ["fixed", "seed-5"])
def test_the_board_carries_the_preview_of_every_selection_x6(client, seed):
    """What the page's script shows for each ticked set is what the server answers for it."""
    game = start(client, ("Anna", "Béla"), seed=seed)
    move(client, game, "roll")
    game.refresh_from_db()
    n = len(game.state.roll)
    carried = previews(raw(client.get(game.get_absolute_url())))
    assert sorted(carried) == list(range(1 << n))  # the empty selection and all 2^n - 1 others
    legal = {sum(1 << i for i in dice) for dice in game.state.legal_selections()}
    for mask in range(1 << n):
        dice = [i for i in range(n) if mask >> i & 1]
        query = "&".join(f"dice={i}" for i in dice)
        answer = text(client.get(f"{game.get_absolute_url()}?{query}"))
        live = answer.split('<div class="mm-preview-slot" aria-live="polite">')[1].split("</div>")[
            0
        ]
        assert carried[mask] == re.sub(r' data-masks="[\d ]+"', "", live), mask
        assert ('data-preview="legal"' in carried[mask]) == (mask in legal)


def test_the_status_and_the_dice_speak_each_language_in_turn(client, game):
    # Their texts are looked up once per language and kept: switching languages in one
    # process never shows one language's words on another's board.
    move(client, game, "roll")
    game.refresh_from_db()
    for language in ("en", "hu", "ar", "en", "sk"):
        with translation.override(language):
            drawn = display.board_view(game.state, playable=True)
            target, die = (
                translation.gettext("Target"),
                translation.gettext("Die %(number)s: %(value)s"),
            )
            assert language == "en" or target != "Target"
            assert f"<dt>{target}</dt>" in drawn.status_html
            label = die % {"number": 1, "value": game.state.roll[0]}
            assert f'aria-label="{label}"' in drawn.dice_html


def test_a_chip_shows_the_score_then_what_was_just_banked_apart():
    """The chip read "+0.50.5": what was just banked ran into the score it was drawn before."""
    seat = display.Seat(0, "Anna", 1, Decimal("0.5"), 1, False, False, False, False, 0, 0, 1)
    with translation.override("en"):
        chip = str(display.scores_html([seat], display.Local()))
    points = re.search(r'<span class="pts">(.*?)</span><span class="bar"', chip)
    assert points
    assert re.sub(r"<[^>]+>", "", points.group(1)) == "0.5 +0.5"
