"""Which puzzle a player gets: one near their rating they have not answered (an index range
on the rating, on either side, and one look-up of their attempts among those: bounded work
whatever the number of puzzles), and the day's puzzle, the same for everyone."""

from __future__ import annotations

import hashlib
from datetime import date

from django.db import IntegrityError, connection, transaction

from games.core import rows
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
    `skip`, the one just shown); None when none is left within the widest window. One plain
    SQL statement a window (games.core.rows): `window` rows up the (hidden, rating, id) index
    and `window` down, each marked when answered."""
    sql = rows.statement("puzzles.near", _near_sql)
    for window in WINDOWS:
        params = [player.pk if player is not None else -1, False, rating, window]
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, False, rating, window])
            found = cursor.fetchall()
        left = [(abs(r - rating), pk) for pk, r, answered in found if not answered and pk != skip]
        if left:
            return int(min(left)[1])
        if len(found) < 2 * window:
            return None  # every puzzle was read
    return None


def _near_sql() -> str:
    puzzles, attempts = rows.table(Puzzle), rows.table(PuzzleAttempt)
    key, rating = rows.column(Puzzle, "id"), rows.column(Puzzle, "rating")
    hidden = rows.column(Puzzle, "hidden")
    player, puzzle = rows.column(PuzzleAttempt, "player"), rows.column(PuzzleAttempt, "puzzle")

    def side(compare: str, order: str) -> str:
        return (
            f"SELECT * FROM (SELECT {key} AS pk, {rating} AS r FROM {puzzles} "
            f"WHERE {hidden} = %s AND {rating} {compare} %s "
            f"ORDER BY {rating} {order}, {key} {order} LIMIT %s) AS side_{order.lower()}"
        )

    answered = f"EXISTS (SELECT 1 FROM {attempts} WHERE {player} = %s AND {puzzle} = near.pk)"
    return (
        f"SELECT near.pk, near.r, {answered} FROM "
        f"({side('>=', 'ASC')} UNION ALL {side('<', 'DESC')}) AS near"
    )


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
