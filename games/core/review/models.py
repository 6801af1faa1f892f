"""A finished game's stored review (games.core.review.store): analysed by the background worker
(games.core.review.tasks) a step at a time, and kept."""

from __future__ import annotations

from django.db import models

from games.core.models import Game


class Review(models.Model):
    """A finished game's review (games.core.review.store). Asked for by the review page, computed
    by the background worker a few decisions at a time, and kept: `decisions` holds the analysed
    ones (games.coach.review's dicts, in order) of `total` (None until the worker has counted
    them), `analysed` counts them without reading them. Once done, `digest` holds the figures
    the page shows (games.core.review.digest) and DecisionPage rows the decisions a page at a
    time: the page never reads `decisions`. `version` orders the writes (compare-and-set),
    `busy_until` is the lease of the one worker computing the next step, `task_id` the queued
    task that carries it on."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="review"
    )
    format = models.PositiveSmallIntegerField(default=0)  # games.coach.review.FORMAT
    total = models.PositiveIntegerField(null=True, blank=True)
    decisions = models.JSONField(default=list)
    analysed = models.PositiveIntegerField(default=0)
    digest = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    busy_until = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(default=0.0)  # spent computing it, over every step
    updated_at = models.DateTimeField(auto_now=True)
    requested_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True, db_index=True)
    task_id = models.CharField(max_length=64, blank=True)

    def __str__(self) -> str:
        return f"review of {self.game_id}: {self.analysed}/{self.total}"

    @property
    def is_done(self) -> bool:
        return self.total is not None and self.done_at is not None


class DecisionPage(models.Model):
    """One page of a finished review's decisions (games.core.review.digest.pages): every
    decision, or only the flagged ones; `rows` holds [decision number, decision] pairs."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="pages")
    flagged = models.BooleanField()
    number = models.PositiveIntegerField()
    rows = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["review", "flagged", "number"], name="one_decision_page_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"page {self.number} of the review of {self.review_id}"
