"""A MISHIMASH puzzle on the game's own dice (MishimashKind.puzzle_board): the dice ticked as in
the game (without the page's script, a tap asks the page again with the die toggled), the
game's preview lines, BANK and ROLL AGAIN posting the answer. Tampered or illegal selections
get a clear message and count nothing."""

import pytest
from django.urls import reverse

from games.core.puzzles.models import Puzzle, PuzzleAttempt
from games.core.review.replays import state_at
from tests.support.puzzles import form_of, puzzle_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def puzzle() -> Puzzle:
    return puzzle_of("mishimash", nickname="Secretname")


def url(puzzle, query=""):
    return reverse("core:puzzle", args=[puzzle.pk]) + (f"?{query}" if query else "")


def test_the_puzzle_is_the_games_dice_row_with_its_previews(client, puzzle):
    page = client.get(url(puzzle)).content.decode()
    roll = state_at(puzzle.game, puzzle.step).roll
    assert 'class="dice-row" data-keyboard' in page and "data-retry-die" not in page
    assert page.count('name="toggle"') == len(roll)
    assert '<template class="mm-previews">' in page and '<symbol id="mm-f1"' in page
    assert 'id="mm-bank" name="then" value="bank"' in page
    assert 'data-action="bank" data-primary disabled' in page  # nothing ticked yet
    assert "Secretname" not in page


def test_a_die_tapped_without_the_script_is_ticked_and_counts_nothing(client, puzzle):
    dice = puzzle.decision["coach"][0]["dice"]
    page = client.get(url(puzzle, f"toggle={dice[0]}")).content.decode()
    assert f'id="die-{dice[0]}" data-die="{dice[0]}"' in page
    assert f'<input type="hidden" name="dice" value="{dice[0]}">' in page  # ticked: enabled
    query = "&".join(f"dice={d}" for d in dice)
    page = client.get(url(puzzle, query)).content.decode()
    assert 'data-preview="legal"' in page.split("<template")[0]
    assert 'data-action="bank" data-primary>' in page  # a legal selection: BANK enabled
    assert PuzzleAttempt.objects.count() == 0


def test_the_coachs_selection_answered_solves_it(client, puzzle):
    page = client.post(url(puzzle), form_of("mishimash", puzzle.decision["coach"]))
    assert 'data-solved="yes"' in page.content.decode()
    assert PuzzleAttempt.objects.get().choice == puzzle.decision["coach"]
    # The dice set aside are drawn as the coach's on both rolls of the picture, not as a slip.
    assert "kept coach" in page.content.decode() and "kept player" not in page.content.decode()


def test_the_choice_played_in_the_game_misses_it(client, puzzle):
    page = client.post(url(puzzle), form_of("mishimash", puzzle.decision["player"]), htmx=True)
    text = page.content.decode()
    assert 'data-solved="no"' in text and "<html" not in text and "kept player" in text


def test_tampered_selections_are_a_clear_message_and_count_nothing(client, puzzle):
    roll = state_at(puzzle.game, puzzle.step).roll
    dead = next((i for i, face in enumerate(roll) if face in (2, 3, 4, 6)), None)
    cases = [
        ({"then": "bank"}, "Choose at least one scoring die"),
        ({"dice": ["9"], "then": "bank"}, "Tick the dice to set aside"),
        ({"dice": ["0", "0"], "then": "roll"}, "Tick the dice to set aside"),
        ({"dice": ["x"], "then": "roll"}, "Tick the dice to set aside"),
        ({"dice": ["0"], "then": "jump"}, "Tick the dice to set aside"),
    ]
    if dead is not None and roll.count(roll[dead]) < 3:
        cases.append(({"dice": [str(dead)], "then": "bank"}, ""))
    for data, message in cases:
        answer = client.post(url(puzzle), data)
        page = answer.content.decode()
        assert answer.status_code == 400 and "data-error" in page and message in page, data
        assert "data-puzzle-answer" not in page and 'class="dice-row" data-keyboard' in page
    assert PuzzleAttempt.objects.count() == 0
