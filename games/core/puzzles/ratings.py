"""Glicko-2 ratings of players and puzzles (the `glicko2` package, Glickman's algorithm).

Lichess's puzzle parameters are the starting point: a new rating is 1500 with a deviation of 500
and a volatility of 0.06, and a rating is provisional while its deviation is at least 110. Each
counted attempt is one rating period for both sides, a game between the player and the puzzle:
the player wins by solving it, the puzzle wins otherwise, and each is updated from the other's
rating before the attempt (as lichess rates puzzles). The system constant tau is the library's
0.5, as in Glickman's example; a deviation never exceeds the start's 500."""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

START_RATING = 1500.0
START_DEVIATION = 500.0
START_VOLATILITY = 0.06
PROVISIONAL_DEVIATION = 110.0
MIN_DEVIATION = 45.0  # lichess keeps a settled rating this responsive


@dataclass(frozen=True)
class Rating:
    rating: float
    deviation: float
    volatility: float

    @property
    def provisional(self) -> bool:
        return self.deviation >= PROVISIONAL_DEVIATION


def updated(own: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """`own` after one rating period of `games` (each the opponent's rating and the score: 1 a
    win, 0 a loss)."""
    player = glicko2.Player(own.rating, own.deviation, own.volatility)
    player.update_player(
        [other.rating for other, _ in games],
        [other.deviation for other, _ in games],
        [score for _, score in games],
    )
    deviation = min(START_DEVIATION, max(MIN_DEVIATION, float(player.rd)))
    return Rating(float(player.rating), deviation, float(player.vol))


def after_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt."""
    score = 1.0 if solved else 0.0
    return updated(player, [(puzzle, score)]), updated(puzzle, [(player, 1.0 - score)])
