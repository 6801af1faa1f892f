"""Puzzles mined from finished games (games.core.puzzles.mining), the players' puzzle ratings
and their attempts: each row points to its source game and decision, and nothing of the source
game changes. Ratings are Glicko-2 (games.core.puzzles.ratings)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.core.kinds import GameKind, get_kind
from games.core.models import Game, Player
from games.core.puzzles.ratings import START_DEVIATION, START_RATING, START_VOLATILITY


class Puzzle(models.Model):
    """One decision of a finished game where the coach's choice beats the choice played and the
    best other choice by clear margins (shares of the game's par: games.core.puzzles.mining)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="puzzles", verbose_name=_("game")
    )
    kind_key = models.CharField(_("game"), max_length=20)
    number = models.PositiveIntegerField(_("decision"))  # the review's decision number
    step = models.PositiveIntegerField()  # the replay step before the decision
    decision = models.JSONField()  # the review's analysis of the choice played
    runner_up = models.JSONField()  # the analysis of the best choice other than the coach's
    played_share = models.FloatField()  # what the choice played gave up, a share of par
    runner_up_share = models.FloatField()  # what the best other choice gives up
    rating = models.FloatField(_("rating"), default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    solved = models.PositiveIntegerField(_("solved"), default=0)
    hidden = models.BooleanField(
        _("hidden"), default=False, help_text=_("A hidden puzzle is never served.")
    )
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_puzzle_per_decision")
        ]
        indexes = [models.Index(fields=["hidden", "rating", "id"], name="puzzle_by_rating")]

    def __str__(self) -> str:
        return f"puzzle {self.pk}: {self.kind_key} game {self.game_id}, decision {self.number}"

    @property
    def kind(self) -> GameKind:
        return get_kind(self.kind_key)


class PuzzleRating(models.Model):
    """A player's puzzle rating and streaks (created at their first attempt)."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="puzzle_rating"
    )
    rating = models.FloatField(default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)  # puzzles solved in a row in streak mode
    best_streak = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"puzzle rating of {self.player_id}: {self.rating:.0f}"


class PuzzleAttempt(models.Model):
    """A player's one counted answer to a puzzle: two tabs answering it make one row."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="puzzle_attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="puzzle_attempts")
    solved = models.BooleanField()
    streak = models.BooleanField(default=False)  # answered in streak mode
    choice = models.JSONField()  # the rules actions chosen
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "puzzle"], name="one_attempt_per_puzzle")
        ]

    def __str__(self) -> str:
        return f"attempt of {self.player_id} at puzzle {self.puzzle_id}"


class DailyPuzzle(models.Model):
    """The day's puzzle, the same for everyone (chosen once, at the day's first look)."""

    day = models.DateField(primary_key=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"puzzle of {self.day}"
