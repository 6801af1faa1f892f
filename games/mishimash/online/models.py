"""Online MISHIMASH tables: a host opens a table, friends take seats through its invite link
(an unguessable token) and play one stored game from their own devices.

The game itself is an ordinary stored `Game` (kind `mishimash_online`), created when the host
starts; every move, skip and removal is one of its actions, so it replays like any game. The
table adds who sits where, the turn time limit and how often each seat was skipped.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.core.models import Game, Player

SKIPS_BEFORE_REMOVAL = 3  # skipped turns in a row after which the host may remove a seat


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Table(models.Model):
    token = models.CharField(_("invite token"), max_length=64, unique=True, default=new_token)
    host = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="hosted_tables", verbose_name=_("host")
    )
    target = models.PositiveIntegerField(_("target"))
    size = models.PositiveSmallIntegerField(_("seats"))
    turn_seconds = models.PositiveIntegerField(_("turn time limit (seconds)"))
    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, null=True, blank=True, related_name="table"
    )
    # Bumped by every change of the seats before the start (taken, reordered): with the game's
    # version it keys the watchers' "nothing changed" answers.
    lobby_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(_("opened"), default=timezone.now)

    class Meta:
        verbose_name = _("online table")
        verbose_name_plural = _("online tables")

    def __str__(self) -> str:
        return f"table {self.pk}"


class Seat(models.Model):
    """One player at a table, or a computer (no player, a `strength`). `position` is the
    seating order (0-based): once the game has started it is the player's seat number in the
    game. The player is who the session (or
    the signed-in account) names, so a returning player finds their seat from any device
    where they are signed in, or from the browser that took it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # None for a seat the computer plays (the host added it, at `strength`).
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="online_seats", null=True, blank=True
    )
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=24)  # the nickname when the seat was taken
    strength = models.CharField(max_length=10, blank=True, default="")  # a computer's
    skips = models.PositiveSmallIntegerField(default=0)  # turns skipped in a row
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="one_seat_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.position + 1} {self.name}"

    def get_strength_label(self) -> str:
        """The computer's strength in the visitor's language ("" for a person)."""
        # Imported here: the computers module reaches the game's display code, which needs the
        # app registry that is still being filled while models load.
        from games.mishimash.computers import strength_label

        return strength_label(self.strength) if self.strength else ""
