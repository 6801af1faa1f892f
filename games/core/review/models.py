"""A finished game's stored review: the analysed decisions, computed a step at a time
(games.core.review.store) and kept."""

from __future__ import annotations

from django.db import models

from games.core.models import Game


class Review(models.Model):
    """A finished game's review (games.core.review.store), computed a few decisions at a time when
    it is first opened and kept: `decisions` holds the analysed ones (games.coach.review's
    dicts, in order) of `total`. `version` orders the writes (compare-and-set) and
    `busy_until` is the lease of the one request computing the next step."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="review"
    )
    format = models.PositiveSmallIntegerField(default=0)  # games.coach.review.FORMAT
    total = models.PositiveIntegerField(default=0)
    decisions = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=0)
    busy_until = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(default=0.0)  # spent computing it, over every step
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"review of {self.game_id}: {len(self.decisions)}/{self.total}"

    @property
    def is_done(self) -> bool:
        return len(self.decisions) >= self.total
