"""Which puzzle a player gets: one near their rating they have not answered (an index range
on the rating, on either side, and one look-up of their attempts among those: bounded work
whatever the number of puzzles), and the day's puzzle, the same for everyone."""

from __future__ import annotations

import hashlib
from datetime import date

from django.db import IntegrityError, transaction

from games.core.models import Player
from games.core.puzzles.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzleRating
from games.core.puzzles.ratings import START_DEVIATION, START_RATING, START_VOLATILITY, Rating

WINDOWS = (12, 96, 768)  # puzzles read on each side of the rating, widened while all answered


def rating_of(player: Player | None) -> Rating:
    """The player's puzzle rating (a new player's: the start)."""
    row = PuzzleRating.objects.filter(player=player).first() if player is not None else None
    if row is None:
        return Rating(START_RATING, START_DEVIATION, START_VOLATILITY)
    return Rating(row.rating, row.deviation, row.volatility)


def near(rating: float, player: Player | None, skip: int | None = None) -> int | None:
    """The id of the visible puzzle nearest `rating` that `player` has not answered (nor
    `skip`, the one just shown); None when none is left within the widest window."""
    visible = Puzzle.objects.filter(hidden=False)
    for window in WINDOWS:
        above = visible.filter(rating__gte=rating).order_by("rating", "id")[:window]
        below = visible.filter(rating__lt=rating).order_by("-rating", "-id")[:window]
        found = [*above.values_list("id", "rating"), *below.values_list("id", "rating")]
        ids = [pk for pk, _ in found]
        answered = set()
        if player is not None and ids:
            attempts = PuzzleAttempt.objects.filter(player=player, puzzle_id__in=ids)
            answered = set(attempts.values_list("puzzle_id", flat=True))
        left = [(abs(r - rating), pk) for pk, r in found if pk not in answered and pk != skip]
        if left:
            return min(left)[1]
        if len(found) < 2 * window:
            return None  # every puzzle was read
    return None


def daily(day: date) -> Puzzle | None:
    """The day's puzzle: chosen at the day's first look from the day's hash among the visible
    puzzles, then kept (a hidden one is replaced by the next)."""
    kept = DailyPuzzle.objects.select_related("puzzle").filter(day=day).first()
    if kept is not None and not kept.puzzle.hidden:
        return kept.puzzle
    visible = Puzzle.objects.filter(hidden=False)
    last = visible.order_by("-id").values_list("id", flat=True).first()
    if last is None:
        return None
    target = int(hashlib.sha256(f"puzzle|{day.isoformat()}".encode()).hexdigest(), 16) % last + 1
    chosen = visible.filter(id__gte=target).order_by("id").first()
    chosen = chosen or visible.order_by("id").first()
    assert chosen is not None
    if kept is not None:  # its puzzle was hidden by staff
        DailyPuzzle.objects.filter(day=day, puzzle_id=kept.puzzle_id).update(puzzle=chosen)
    else:
        try:
            with transaction.atomic():
                DailyPuzzle.objects.create(day=day, puzzle=chosen)
        except IntegrityError:  # another request chose first: the same for everyone
            pass
    return DailyPuzzle.objects.select_related("puzzle").get(day=day).puzzle
