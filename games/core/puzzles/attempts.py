"""A player's answer to a puzzle, counted once: one transaction writes the attempt row (the
database's unique (player, puzzle) decides between two tabs: the second answer counts for
nothing) and both ratings by compare-and-set on their versions (a rating changed meanwhile by
another puzzle's answer: the whole write is redone from the new figures)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F

from games.core.models import Player
from games.core.puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from games.core.puzzles.ratings import Rating, after_attempt

TRIES = 5


class Stale(Exception):
    """A rating changed between its read and its write."""


@dataclass(frozen=True)
class Counted:
    """What the answer did: `counted` False when the puzzle had been answered before (then the
    figures are the first answer's)."""

    counted: bool
    solved: bool
    before: Rating
    after: Rating
    streak: int
    best_streak: int


def record(
    player: Player, puzzle_id: int, solved: bool, streak_mode: bool, choice: list[dict[str, Any]]
) -> Counted:
    for _ in range(TRIES):
        try:
            with transaction.atomic():
                return _record(player, puzzle_id, solved, streak_mode, choice)
        except Stale:
            continue
    raise Stale("the ratings kept changing")


def _rating_row(player: Player) -> PuzzleRating:
    found = PuzzleRating.objects.filter(player=player).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return PuzzleRating.objects.create(player=player)
    except IntegrityError:  # another tab made it first
        return PuzzleRating.objects.get(player=player)


def _record(
    player: Player, puzzle_id: int, solved: bool, streak_mode: bool, choice: list[dict[str, Any]]
) -> Counted:
    mine = _rating_row(player)
    own = Rating(mine.rating, mine.deviation, mine.volatility)
    earlier = PuzzleAttempt.objects.filter(player=player, puzzle_id=puzzle_id).first()
    if earlier is not None:
        return _earlier(earlier, mine)
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    theirs = Rating(puzzle.rating, puzzle.deviation, puzzle.volatility)
    new_own, new_theirs = after_attempt(own, theirs, solved)
    try:
        with transaction.atomic():
            PuzzleAttempt.objects.create(
                player=player,
                puzzle_id=puzzle_id,
                solved=solved,
                streak=streak_mode,
                choice=choice,
                rating_before=own.rating,
                rating_after=new_own.rating,
            )
    except IntegrityError:  # another tab answered first: that answer counts
        found = PuzzleAttempt.objects.get(player=player, puzzle_id=puzzle_id)
        return _earlier(found, PuzzleRating.objects.get(pk=mine.pk))
    streak, best = mine.streak, mine.best_streak
    if streak_mode:
        streak = streak + 1 if solved else 0
        best = max(best, streak)
    if not PuzzleRating.objects.filter(pk=mine.pk, version=mine.version).update(
        rating=new_own.rating,
        deviation=new_own.deviation,
        volatility=new_own.volatility,
        attempts=F("attempts") + 1,
        streak=streak,
        best_streak=best,
        version=mine.version + 1,
    ):
        raise Stale
    if not Puzzle.objects.filter(pk=puzzle_id, version=puzzle.version).update(
        rating=new_theirs.rating,
        deviation=new_theirs.deviation,
        volatility=new_theirs.volatility,
        attempts=F("attempts") + 1,
        solved=F("solved") + int(solved),
        version=puzzle.version + 1,
    ):
        raise Stale
    return Counted(True, solved, own, new_own, streak, best)


def _earlier(attempt: PuzzleAttempt, mine: PuzzleRating) -> Counted:
    now = Rating(mine.rating, mine.deviation, mine.volatility)
    before = Rating(attempt.rating_before, mine.deviation, mine.volatility)
    return Counted(False, attempt.solved, before, now, mine.streak, mine.best_streak)
