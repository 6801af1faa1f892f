"""Recovery codes: the way back into a secured nickname whose password is lost.

Securing a nickname makes CODES codes, shown once; each signs in once (then it is deleted) and
lets the player set a new password, which ends every other session. They are stored hashed
with Django's PBKDF2 hasher; a code has about 59 random bits, so fewer iterations than a
password's suffice, and checking every code of a player stays quick. Wrong codes count towards
django-axes' lockout like wrong passwords: the backend below authenticates through Django's
`authenticate`, after axes' own backend.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.backends import BaseBackend
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import transaction
from django.http import HttpRequest

from games.core.accounts.models import RecoveryCode

CODES = 8
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: codes are read and typed
GROUPS, GROUP = 3, 4
SHOWN_KEY = "_cubiri_recovery_codes"  # the session's codes to show once, on the next page
RECOVERED_KEY = "_cubiri_recovered"  # this session signed in with a code: may set a password


class RecoveryCodeHasher(PBKDF2PasswordHasher):
    algorithm = "pbkdf2_sha256_recovery"
    iterations = 20_000


HASHER = RecoveryCodeHasher()


def normalised(code: str) -> str:
    return "".join(ch for ch in code.lower() if ch.isalnum())


def new_codes(user: Any) -> list[str]:
    """Replace the user's codes with CODES new ones; the plain codes, to show once."""
    codes = [
        "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP)) for _ in range(GROUPS))
        for _ in range(CODES)
    ]
    with transaction.atomic():
        RecoveryCode.objects.filter(user=user).delete()
        RecoveryCode.objects.bulk_create(
            RecoveryCode(user=user, code=HASHER.encode(normalised(code), HASHER.salt()))
            for code in codes
        )
    return codes


def codes_left(user: Any) -> int:
    return RecoveryCode.objects.filter(user=user).count()


def use_code(user: Any, code: str) -> bool:
    """Whether `code` is one of the user's codes; if so it is used up (once, even in a race)."""
    typed = normalised(code)
    if len(typed) != GROUPS * GROUP:
        return False
    for row in RecoveryCode.objects.filter(user=user):
        if HASHER.verify(typed, row.code):
            deleted, _ = RecoveryCode.objects.filter(pk=row.pk).delete()
            return bool(deleted)
    return False


class RecoveryCodeBackend(BaseBackend):
    """Authenticates `username` with `recovery_code` (and nothing else)."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        recovery_code: str | None = None,
        **kwargs: Any,
    ) -> Any:
        from django.contrib.auth import get_user_model

        if username is None or recovery_code is None:
            return None
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None or not use_code(user, recovery_code):
            return None
        return user

    def get_user(self, user_id: Any) -> Any:
        from django.contrib.auth import get_user_model

        return get_user_model().objects.filter(pk=user_id, is_active=True).first()
