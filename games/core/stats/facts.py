"""What a game kind adds to a player's stats page: its own figures (GameKind.stats_facts),
read from the player's latest finished results, each a `Fact`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import NamedTuple

from django.utils.functional import Promise


class FinishedResult(NamedTuple):
    """One visible result of the player, as the stats page reads it."""

    kind_key: str
    leaderboard: str
    score: Decimal
    turns: int | None
    stones_left: int | None
    finished_at: datetime
    game_id: int


@dataclass(frozen=True)
class Fact:
    """One line of a game's own figures: a label and its value, as text."""

    key: str
    label: str | Promise
    value: str


def share(part: int, whole: int) -> str:
    """ "40 %" ("–" of nothing)."""
    return f"{100 * part / whole:.0f} %" if whole else "–"


def per_game(total: int, games: int) -> str:
    """ "12 (0.60)": a count and its mean per game."""
    return f"{total} ({total / games:.2f})" if games else "0"
