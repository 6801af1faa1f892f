"""Which puzzle a player gets: the nearest to their rating they have not answered (a walk
along the rating index on either side, each step an anti-join probe of their attempts: work
that grows with what they answered near their rating, not with the puzzles stored), and the
day's puzzle, the same for everyone."""

from __future__ import annotations

import hashlib
from datetime import date

from django.db import IntegrityError, connection, transaction

from games.core import rows
from games.core.models import Player
from games.core.puzzles.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzleRating
from games.core.puzzles.ratings import START_DEVIATION, START_RATING, START_VOLATILITY, Rating


def rating_of(player: Player | None) -> Rating:
    """The player's puzzle rating (a new player's: the start). One plain SQL statement: it is
    read on every puzzle served (games.core.rows)."""
    row = None
    if player is not None:
        row = rows.fetch_one(rows.statement("puzzles.rating", _rating_sql), [player.pk])
    if row is None:
        return Rating(START_RATING, START_DEVIATION, START_VOLATILITY)
    return Rating(float(row[0]), float(row[1]), float(row[2]))


def _rating_sql() -> str:
    values = ", ".join(rows.column(PuzzleRating, f) for f in ("rating", "deviation", "volatility"))
    key = rows.column(PuzzleRating, "player")
    return f"SELECT {values} FROM {rows.table(PuzzleRating)} WHERE {key} = %s"


def near(rating: float, player: Player | None, skip: int | None = None) -> int | None:
    """The id of the visible puzzle nearest `rating` that `player` has not answered (nor
    `skip`, the one just shown); None when none is left. One plain SQL statement
    (games.core.rows): on each side of the rating, a walk along the (hidden, rating, id)
    index to the first puzzle without an attempt of the player's (LIMIT 1, each step one
    probe of the attempts' (player, puzzle) unique index), so the work grows with the
    puzzles the player answered near their rating, never with the puzzles stored."""
    sql = rows.statement("puzzles.near", _near_sql)
    side = [False, rating, -1 if skip is None else skip, -1 if player is None else player.pk]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*side, *side])
        found = cursor.fetchall()
    if not found:
        return None
    return int(min((abs(r - rating), pk) for pk, r in found)[1])


def _near_sql() -> str:
    puzzles, attempts = rows.table(Puzzle), rows.table(PuzzleAttempt)
    key, rating = rows.column(Puzzle, "id"), rows.column(Puzzle, "rating")
    hidden = rows.column(Puzzle, "hidden")
    player, puzzle = rows.column(PuzzleAttempt, "player"), rows.column(PuzzleAttempt, "puzzle")
    unanswered = (
        f"NOT EXISTS (SELECT 1 FROM {attempts} WHERE {attempts}.{player} = %s "
        f"AND {attempts}.{puzzle} = {puzzles}.{key})"
    )

    def side(compare: str, order: str) -> str:
        return (
            f"SELECT * FROM (SELECT {puzzles}.{key} AS pk, {puzzles}.{rating} AS r "
            f"FROM {puzzles} WHERE {puzzles}.{hidden} = %s AND {puzzles}.{rating} {compare} %s "
            f"AND {puzzles}.{key} <> %s AND {unanswered} "
            f"ORDER BY {puzzles}.{rating} {order}, {puzzles}.{key} {order} LIMIT 1) "
            f"AS side_{order.lower()}"
        )

    return f"{side('>=', 'ASC')} UNION ALL {side('<', 'DESC')}"


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
