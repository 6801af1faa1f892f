"""Secured players, server-side sign-ins, and the per-address creation counts.

A guest is a Player bound to a signed session cookie. A player who secures their nickname gets
an Account: a Django user (password hashed and validated by Django's auth) linked one-to-one to
the same Player, so every earlier game and result stays theirs. A secured nickname is unique
under `nickname_key` (Unicode's look-alikes fold to one key, games.core.accounts.nicknames) and
under its shape (i and l as one letter), and no guest can take it.

Every signed-in session (staff or player) has a SignIn row; the session is only good while its
row exists and has been used recently. That makes signed-cookie sessions revocable.

"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models.functions import Replace
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.core.accounts.nicknames import nickname_key, nickname_shape


def shape_of(field: str) -> Replace:
    """The database's `nickname_shape` of a key field: the same REPLACE as the Python one."""
    return Replace(models.F(field), models.Value("i"), models.Value("l"))


class AccountQuerySet(models.QuerySet["Account"]):
    def named(self, nickname: str) -> AccountQuerySet:
        """The account whose secured nickname is this one or a look-alike of it."""
        shape = nickname_shape(nickname_key(nickname))
        return self.alias(shape=shape_of("nickname_key")).filter(shape=shape)


class Account(models.Model):
    """A player's secured nickname: a Django user with a password, one-to-one with the player."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="account",
        verbose_name=_("user"),
    )
    player = models.OneToOneField(
        "core.Player", on_delete=models.PROTECT, related_name="account", verbose_name=_("player")
    )
    nickname_key = models.CharField(_("nickname key"), max_length=200, unique=True)
    created_at = models.DateTimeField(_("secured"), default=timezone.now)

    objects = AccountQuerySet.as_manager()

    class Meta:
        app_label = "core"
        constraints = [
            models.UniqueConstraint(shape_of("nickname_key"), name="one_account_per_nickname_shape")
        ]
        verbose_name = _("secured nickname")
        verbose_name_plural = _("secured nicknames")

    def __str__(self) -> str:
        return str(self.player)


class SignIn(models.Model):
    """One signed-in session (a device) of a user; the session is good only while this exists."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sign_ins"
    )
    key = models.CharField(max_length=64, unique=True)
    idle_seconds = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "core"

    def __str__(self) -> str:
        return f"{self.user} · {self.created_at:%Y-%m-%d %H:%M}"

    @classmethod
    def open(cls, user: Any) -> SignIn:
        idle = settings.STAFF_IDLE if user.is_staff else settings.PLAYER_IDLE
        return cls.objects.create(
            user=user, key=secrets.token_urlsafe(32), idle_seconds=int(idle.total_seconds())
        )

    def is_expired(self, now: Any) -> bool:
        return bool(now - self.last_seen > timedelta(seconds=self.idle_seconds))


class CreationCount(models.Model):
    """How many players (or games) one client address created in one hour; also how many
    uses of a limited request (a hint) one player or address made in a shorter window, which
    `hour` then starts (games.core.security.count_uses)."""

    scope = models.CharField(max_length=20)
    address = models.CharField(max_length=64)
    hour = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "core"
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "address", "hour"], name="one_count_per_scope_address_hour"
            )
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.address} {self.hour:%Y-%m-%d %H}h: {self.count}"


class RecoveryCode(models.Model):
    """One recovery code of a user, hashed (games.core.accounts.recovery); deleted once used."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="recovery_codes"
    )
    code = models.CharField(max_length=128)  # the hash, never the code
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "core"

    def __str__(self) -> str:
        return f"{self.user} · {self.created_at:%Y-%m-%d %H:%M}"
