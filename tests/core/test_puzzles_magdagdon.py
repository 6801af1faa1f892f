"""A MAGDAGDON puzzle on the usual board (games.magdagdon.puzzle): the dice are staged by taps
(GET forms carrying the staging so far), replayed through the rules at every request, and the
staging is answered by a POST; tampered stagings and answers get a clear message and change
nothing (no attempt, the staging as it was)."""

import pytest
from django.urls import reverse

from games.core.puzzles.models import PuzzleAttempt
from tests.support.puzzles import form_of, magdagdon_puzzle

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def puzzle():
    """Turn 4, roll 3 5 4 4 on a board of 3 3 in row 1, 2 1 in row 2 and a RUIN in row 4: the
    coach stages the 3 below the 2 (row 3, column 2) and one 4 beside it, and confirms; the game
    staged both 4s."""
    found = magdagdon_puzzle("stage", nickname="Secretname")
    assert found.decision["coach"] == [
        {"type": "stage", "die": 0, "cell": 9},
        {"type": "stage", "die": 2, "cell": 8},
        {"type": "confirm"},
    ]
    return found


def url(puzzle, query=""):
    return reverse("core:puzzle", args=[puzzle.pk]) + (f"?{query}" if query else "")


def test_the_puzzle_is_the_usual_board_with_its_dice(client, puzzle):
    page = client.get(url(puzzle)).content.decode()
    assert 'class="mg-grid' in page and 'class="mg-tray"' in page
    assert 'form="mg-pick"' in page and 'id="mg-confirm"' in page and "data-retry-die" not in page
    assert "Secretname" not in page


def test_a_die_selected_then_a_cell_stages_it_and_counts_nothing(client, puzzle):
    selected = client.get(url(puzzle, "die=0")).content.decode()
    assert 'aria-pressed="true" data-die="0"' in selected
    assert 'name="cell" value="9" data-cell="9" data-value="" data-legal' in selected
    page = client.get(url(puzzle, "act=stage&die=0&cell=9")).content.decode()
    assert 'value="0" data-cell="9" data-value="3" data-staged="0"' in page
    assert 'name="staged" value="0-9"' in page
    page = client.get(url(puzzle, "staged=0-9&act=stage&die=2&cell=8")).content.decode()
    assert 'name="staged" value="0-9"><input type="hidden" name="staged" value="2-8"' in page
    # Enough dice: CONFIRM is enabled (not yet focused: the other 4 still fits below the 3).
    assert "data-confirm data-primary>" in page
    back = client.get(url(puzzle, "staged=0-9&staged=2-8&act=unstage&die=0")).content.decode()
    assert 'name="staged"' not in back  # the 4 only fitted beside the 3: it comes back too
    assert PuzzleAttempt.objects.count() == 0


def test_the_staging_answered_solves_it(client, puzzle):
    page = client.post(url(puzzle), form_of("magdagdon", puzzle.decision["coach"]))
    assert 'data-solved="yes"' in page.content.decode()
    assert PuzzleAttempt.objects.get().choice == puzzle.decision["coach"]


def test_a_solved_answer_draws_the_board_as_the_coachs_a_miss_as_played(client, puzzle):
    solved = client.post(url(puzzle), form_of("magdagdon", puzzle.decision["coach"]))
    html = solved.content.decode()
    assert 'class="pic-cell new coach"' in html and "new player" not in html
    client.cookies.clear()  # another visitor, who misses it
    missed = client.post(url(puzzle), form_of("magdagdon", puzzle.decision["player"]))
    assert 'class="pic-cell new player"' in missed.content.decode()


def test_the_staging_played_in_the_game_misses_it(client, puzzle):
    page = client.post(url(puzzle), form_of("magdagdon", puzzle.decision["player"]), htmx=True)
    assert 'data-solved="no"' in page.content.decode() and "<html" not in page.content.decode()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("staged=0-9&staged=0-10", "Die 1 is already on the board."),
        ("staged=0-16", "There is no such cell: the board has 16 cells."),
        ("staged=7-9", "There is no such die: the roll has dice 1 to 4."),
        ("staged=0:9", "That staging cannot be read"),
        ("staged=0-15", "Row 4, column 4 does not touch any number."),
        ("staged=0-0", "Row 1, column 1 already holds a number."),
        ("staged=0-12", "Row 4, column 1 is a RUIN."),
    ],
)
def test_a_tampered_staging_is_refused_and_the_board_is_the_puzzles(client, puzzle, query, message):
    answer = client.get(url(puzzle, query))
    page = answer.content.decode()
    assert answer.status_code == 400 and "data-error" in page and message in page
    assert 'name="staged"' not in page and 'data-staged="' not in page


def test_a_tap_the_rules_refuse_keeps_the_staging_as_it_was(client, puzzle):
    # A 5 cannot go below the staged 3 (row 3, column 2).
    answer = client.get(url(puzzle, "staged=0-9&act=stage&die=1&cell=13"))
    page = answer.content.decode()
    assert answer.status_code == 400 and "they differ by more than 1" in page
    assert 'name="staged" value="0-9"' in page and 'data-cell="13" data-value=""' in page
    for query in ("act=stage&die=9&cell=9", "act=stage&die=0&cell=-1", "act=jump&die=0"):
        refused = client.get(url(puzzle, query))
        assert refused.status_code == 400 and "data-error" in refused.content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"staged": ["0-9", "0-10"], "answer": "confirm"}, "Die 1 is already on the board."),
        ({"staged": ["0-9", "2-99"], "answer": "confirm"}, "There is no such cell"),
        ({"staged": ["0-9"], "answer": "confirm"}, "Not enough dice staged to confirm"),
        ({"answer": "ruin", "cell": "5"}, "MAGDAGDON cannot be accepted"),
        ({"answer": "ruin", "cell": "16"}, "Choose a cell for the dice you place"),
        ({"answer": "stage"}, "Choose a cell for the dice you place"),
        ({"power": "increase-1", "staged": ["0-9"]}, ""),  # a power answers alone: counted
    ],
)
def test_a_tampered_answer_is_a_clear_message_and_counts_nothing(client, puzzle, data, message):
    answer = client.post(url(puzzle), data)
    page = answer.content.decode()
    if not message:
        assert answer.status_code == 200 and PuzzleAttempt.objects.get().choice == [
            {"type": "increase", "die": 1}
        ]
        return
    assert answer.status_code == 400 and "data-error" in page and message in page
    assert PuzzleAttempt.objects.count() == 0 and "data-puzzle-answer" not in page
