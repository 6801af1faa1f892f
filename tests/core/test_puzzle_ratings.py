"""Glicko-2 puzzle ratings (games.core.puzzles.ratings) against the published example of
Glickman's "Example of the Glicko-2 system" (2013): a player rated 1500 (deviation 200,
volatility 0.06) beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300) in one period,
and ends at 1464.06, 151.52 and 0.05999."""

import pytest

from games.core.puzzles.ratings import (
    PROVISIONAL_DEVIATION,
    START_DEVIATION,
    START_RATING,
    Rating,
    after_attempt,
    updated,
)


def test_the_published_glicko2_example():
    after = updated(
        Rating(1500, 200, 0.06),
        [
            (Rating(1400, 30, 0.06), 1.0),
            (Rating(1550, 100, 0.06), 0.0),
            (Rating(1700, 300, 0.06), 0.0),
        ],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_new_rating_starts_provisional_as_lichesss():
    new = Rating(START_RATING, START_DEVIATION, 0.06)
    assert (new.rating, new.deviation, new.provisional) == (1500, 500, True)
    assert not Rating(1500, PROVISIONAL_DEVIATION - 0.1, 0.06).provisional


def test_solving_raises_the_player_and_lowers_the_puzzle_and_a_miss_the_reverse():
    player, puzzle = Rating(1500, 500, 0.06), Rating(1500, 500, 0.06)
    won, beaten = after_attempt(player, puzzle, solved=True)
    assert won.rating > 1500 > beaten.rating
    assert won.deviation < 500 and beaten.deviation < 500
    lost, held = after_attempt(player, puzzle, solved=False)
    assert lost.rating < 1500 < held.rating


def test_a_player_settles_below_the_provisional_mark_after_enough_attempts():
    player = Rating(1500, 500, 0.06)
    for n in range(30):
        player, _ = after_attempt(player, Rating(1500, 80, 0.06), solved=n % 2 == 0)
    assert not player.provisional
