"""An Ishido puzzle on the usual board (IshidoKind.puzzle_board): the game's own cells, the
current stone as the game draws it and its legal cells highlighted; a tap on a cell posts the
answer. Tampered cells get a clear message and count nothing."""

import pytest
from django.urls import reverse

from games.core.puzzles.models import Puzzle, PuzzleAttempt
from games.core.review.replays import state_at
from games.rules import ishido
from tests.support.puzzles import form_of, puzzle_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def puzzle() -> Puzzle:
    return puzzle_of("ishido", nickname="Secretname")


def url(puzzle, query=""):
    return reverse("core:puzzle", args=[puzzle.pk]) + (f"?{query}" if query else "")


def position(puzzle) -> ishido.State:
    return state_at(puzzle.game, puzzle.step)


def test_the_puzzle_is_the_usual_board_with_the_current_stone(client, puzzle):
    page = client.get(url(puzzle)).content.decode()
    assert 'class="game ishido ishido-puzzle"' in page and "data-retry-board" not in page
    assert '<symbol id="k0"' in page  # the stones' symbols the cells use
    assert 'class="ishido-current" data-current-stone="' in page
    assert 'id="ishido-hints" checked' in page  # the legal cells ringed, as in the game
    coach = puzzle.decision["coach"][0]["cell"]
    assert f'<button name=cell value={coach} data-cell="{coach}" data-value data-legal>' in page
    assert page.count(" data-legal>") == len(position(puzzle).legal_cells)
    assert "Secretname" not in page
    unringed = client.get(url(puzzle, "hints=0")).content.decode()
    assert 'id="ishido-hints">' in unringed


def test_a_tap_on_the_coachs_cell_solves_it(client, puzzle):
    page = client.post(url(puzzle), form_of("ishido", puzzle.decision["coach"]))
    assert 'data-solved="yes"' in page.content.decode()
    assert PuzzleAttempt.objects.get().choice == puzzle.decision["coach"]


def test_the_cell_played_in_the_game_misses_it(client, puzzle):
    page = client.post(url(puzzle), form_of("ishido", puzzle.decision["player"]), htmx=True)
    text = page.content.decode()
    assert 'data-solved="no"' in text and "<html" not in text


def test_tampered_cells_are_a_clear_message_and_count_nothing(client, puzzle):
    state = position(puzzle)
    taken = next(cell for cell, stone in enumerate(state.board) if stone is not None)
    unfit = next(
        cell
        for cell in range(ishido.CELLS)
        if state.board[cell] is None and cell not in state.legal_cells
    )
    for cell, message in (
        ("96", "Choose one of the cells where the stone fits."),
        ("-1", "Choose one of the cells where the stone fits."),
        ("x", "Choose one of the cells where the stone fits."),
        (str(taken), "is not empty."),
        (str(unfit), "The current stone cannot go on"),
    ):
        answer = client.post(url(puzzle), {"cell": cell})
        page = answer.content.decode()
        assert answer.status_code == 400 and "data-error" in page and message in page, cell
        assert "data-puzzle-answer" not in page and 'class="game ishido ishido-puzzle"' in page
    assert PuzzleAttempt.objects.count() == 0
