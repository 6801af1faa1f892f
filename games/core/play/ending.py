"""What a finished game's end screen says beyond its score: the rank on its leaderboard, the
player's best, one tap to play again, and a short text to share.

Built by the board response for a finished game only (`ending`), from the game's stored
Result: the same row the leaderboard ranks, so "#3 of 41" is what the board shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from games.core.models import Game, LeaderboardSize, Result


@dataclass(frozen=True)
class Ending:
    ranked: bool  # the game is on a public leaderboard (it may be hidden by staff)
    coached: bool  # a hint was used: kept in the records, never ranked
    leaderboard: str  # its key ("peaceful"); "" when unranked
    leaderboard_label: str
    rank: int | None  # None: unranked or hidden
    total: int  # visible results on that leaderboard
    score: Decimal | None
    new_best: bool  # better than every earlier result of this player on the board
    first_result: bool  # the player's first result on the board
    best: Decimal | None  # the player's best before this game
    share_text: str
    replay_url: str  # "" while the seed stays secret
    again_url: str  # POST here to play again with the same settings


def ending(request: HttpRequest, game: Game) -> Ending:
    kind = game.kind
    options = kind.options_from_dict(game.options)
    key = kind.leaderboard(options)
    result = Result.objects.filter(game=game).first()
    rank = total = 0
    best: Result | None = None
    if result is not None:
        key = result.leaderboard  # a daily's result ranks on its day's board
        total = LeaderboardSize.of(kind.key, key)
        if not result.hidden:
            rank = result.rank(kind)
        best = (
            Result.objects.filter(player_id=result.player_id, kind_key=kind.key, leaderboard=key)
            .exclude(pk=result.pk)
            .order_by(*kind.ranking)
            .first()
        )
    label = str(kind.leaderboard_label(key)) if key in dict(kind.leaderboards) else ""
    new_best = result is not None and (best is None or _better(kind.ranking, result, best))
    new_best = new_best and not game.coached
    replay_url = request.build_absolute_uri(game.replay_url()) if game.seed_revealed else ""
    score = result.score if result is not None else None
    rank_line = f"#{rank}/{total} · {label}" if rank else ""
    title, picture = kind.share_title(game.state, options), kind.share_picture(game.state)
    return Ending(
        ranked=result is not None and not game.coached,
        coached=game.coached,
        leaderboard=key,
        leaderboard_label=label,
        rank=rank or None,
        total=total,
        score=score,
        new_best=new_best and best is not None,
        first_result=result is not None and best is None and not game.coached,
        best=best.score if best is not None else None,
        share_text=share_text(title, rank_line, picture, replay_url),
        replay_url=replay_url,
        again_url=_again_url(game),
    )


def share_text(*lines: str) -> str:
    """The SHARE text of any game, ordinary or daily: its non-empty lines (the title, the rank,
    the emoji picture, the link), one per line."""
    return "\n".join(line for line in lines if line)


def _better(ranking: tuple[str, ...], a: Result, b: Result) -> bool:
    """Whether `a` ranks strictly before `b` under a leaderboard's ORDER BY."""
    for field in ranking:
        name = field.lstrip("-")
        x: Any = getattr(a, name)
        y: Any = getattr(b, name)
        if x == y:
            continue
        if x is None or y is None:
            return x is not None  # a known value ranks before a missing one
        return bool(x > y) if field.startswith("-") else bool(x < y)
    return False


def _again_url(game: Game) -> str:
    return reverse("core:again", args=[game.pk])
