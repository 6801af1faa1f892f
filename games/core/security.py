"""Security plumbing: safe redirects, client addresses, creation limits, revocable sign-ins,
response headers and the login-lockout page.

Login throttling itself is django-axes (settings.py); this module gives it the client address,
the address-wide ceiling (AxesHandler) and the page a locked-out visitor sees.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib import auth
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db import IntegrityError, transaction
from django.db.models import F, Q, Sum
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.encoding import iri_to_uri
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _

from games.core.accounts.models import CreationCount, SignIn

SIGN_IN_KEY = "_cubiri_sign_in"
# A sign-in's last use is written at most this often (one UPDATE, not one per request).
TOUCH_EVERY = timedelta(minutes=5)


# --- where a request comes from --------------------------------------------------------------
def client_address(request: HttpRequest) -> str:
    """The client's address: the peer's, or the one PROXY_COUNT trusted proxies report."""
    count = settings.PROXY_COUNT
    if count:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        hops = [hop.strip() for hop in forwarded if hop.strip()]
        if len(hops) >= count:
            return str(hops[-count])[:64]
    # A request with no peer (a login made inside the process, as tests do) still needs an
    # address that an inet column (PostgreSQL, django-axes' log) accepts.
    return str(request.META.get("REMOTE_ADDR") or "0.0.0.0")[:64]


# --- where a form may send the visitor back to -----------------------------------------------
class UnsafeRedirect(ValueError):
    """A `next` address that leaves the site or cannot be a header."""


BAD_NEXT_MESSAGE = _("The page to return to is not an address on this site; nothing was saved.")


def safe_next(request: HttpRequest, default: str = "/") -> str:
    """The POST's `next` as a Location value when it is a path on this site, else UnsafeRedirect.

    Only a same-site absolute path is followed (not `//host`, `/\\host`, `https:host`, a
    scheme, or anything with control characters, which could split the header); a non-ASCII
    path is percent-encoded.
    """
    url = request.POST.get("next", "")
    if not url:
        return default
    if any(unicodedata.category(ch) == "Cc" for ch in url):
        raise UnsafeRedirect(url)
    if not url.startswith("/") or url.startswith(("//", "/\\")):
        raise UnsafeRedirect(url)
    if not url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        raise UnsafeRedirect(url)
    return iri_to_uri(url)


# --- how many players and games one address may create ---------------------------------------
class RateLimited(Exception):
    """Too many creations of one sort (players, games) from one client address this hour."""

    def __init__(self, scope: str, limit: int, retry_after: int) -> None:
        super().__init__(scope)
        self.scope, self.limit, self.retry_after = scope, limit, retry_after


LIMIT_MESSAGES = {
    "player": _(
        "Too many new players were started from your address in the last hour (at most "
        "%(limit)d). Nothing was created; please try again later."
    ),
    "game": _(
        "Too many new games were started from your address in the last hour (at most "
        "%(limit)d). Nothing was created; please try again later."
    ),
    "review": _(
        "Too many reviews were asked for from your address in the last hour (at most "
        "%(limit)d). Nothing was queued; please try again later."
    ),
    "review_waiting": _(
        "Many reviews are being prepared right now (at most %(limit)d at once). Nothing was "
        "queued; please try again in a minute."
    ),
}


def count_creation(request: HttpRequest, scope: str) -> None:
    """Count one creation for the client's address this hour, or raise RateLimited.

    Call it inside the transaction that creates: a refused request, or one that fails later,
    leaves the count as it was. The count is a database row, so every app server shares it.
    """
    limit = settings.CREATION_LIMITS[scope]
    now = timezone.now()
    hour = now.replace(minute=0, second=0, microsecond=0)
    with transaction.atomic():
        if _count(scope, client_address(request), hour) > limit:
            retry = math.ceil((hour + timedelta(hours=1) - now).total_seconds())
            raise RateLimited(scope, limit, retry)


class _OverLimit(Exception):
    def __init__(self, scope: str) -> None:
        super().__init__(scope)
        self.scope = scope


def address_per_minute(request: HttpRequest, scope: str, limit: int) -> int:
    """Count one use of `scope` by the visitor's address, at most `limit` a minute (count_uses):
    0 within the limit, else the seconds until the minute ends (and nothing is counted)."""
    over, seconds = count_uses([(scope, client_address(request), limit, timedelta(minutes=1))])
    return seconds if over else 0


def count_uses(counts: Sequence[tuple[str, str, int, timedelta]]) -> tuple[str, int]:
    """Count one use for each (scope, who, limit, window) of `counts` (a fixed window: this
    minute, for a minute; these ten seconds). Within every limit: ("", 0). Else the scope first
    found over its limit and the seconds until its window ends; then nothing is counted. Rows
    of the database, as for creations, so every app server shares them and racing requests are
    each counted.

    A scope already at its limit is refused by one read, before any write: a flood past the
    limit takes no write lock and waits for none."""
    now = timezone.now()
    windows = [
        (scope, who, limit, _window_start(now, window)) for scope, who, limit, window in counts
    ]
    full = _full_scope(windows)
    if not full:
        try:
            with transaction.atomic():
                for scope, who, limit, start in windows:
                    if _count(scope, who, start) > limit:
                        raise _OverLimit(scope)
        except _OverLimit as over:
            full = over.scope
        else:
            return "", 0
    return full, _retry(counts, windows, full, now)


def full_use(counts: Sequence[tuple[str, str, int, timedelta]]) -> tuple[str, int]:
    """Like count_uses, but counting nothing: the first scope already at its limit and the
    seconds until its window ends, or ("", 0). One read: a refusal that costs next to nothing,
    asked before any other work."""
    now = timezone.now()
    windows = [
        (scope, who, limit, _window_start(now, window)) for scope, who, limit, window in counts
    ]
    full = _full_scope(windows)
    return (full, _retry(counts, windows, full, now)) if full else ("", 0)


def _retry(
    counts: Sequence[tuple[str, str, int, timedelta]],
    windows: Sequence[tuple[str, str, int, datetime]],
    full: str,
    now: datetime,
) -> int:
    span = next(count[3] for count in counts if count[0] == full)
    start = next(window[3] for window in windows if window[0] == full)
    return max(1, math.ceil((start + span - now).total_seconds()))


def _window_start(now: datetime, window: timedelta) -> datetime:
    seconds = window.total_seconds()
    return datetime.fromtimestamp(now.timestamp() // seconds * seconds, tz=UTC)


def _full_scope(windows: Sequence[tuple[str, str, int, datetime]]) -> str:
    """The first scope whose count in its window has reached its limit ("": none), read only."""
    condition = Q()
    for scope, who, _limit, start in windows:
        condition |= Q(scope=scope, address=who, hour=start)
    found = dict(CreationCount.objects.filter(condition).values_list("scope", "count"))
    return next((w[0] for w in windows if found.get(w[0], 0) >= w[2]), "")


def _count(scope: str, who: str, start: datetime) -> int:
    """Add one to the count of `scope` for `who` (an address) since `start`; the new count.
    Inside the caller's transaction; a new window's row deletes that one's older rows."""
    rows = CreationCount.objects.filter(scope=scope, address=who, hour=start)
    if not rows.update(count=F("count") + 1):
        try:
            with transaction.atomic():
                CreationCount.objects.create(scope=scope, address=who, hour=start, count=1)
        except IntegrityError:  # another server created this window's row first
            rows.update(count=F("count") + 1)
        else:
            CreationCount.objects.filter(scope=scope, address=who, hour__lt=start).delete()
    return rows.values_list("count", flat=True).get()


class RateLimitMiddleware:
    """Answers RateLimited with a 429 page that says what was refused and when to retry."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, RateLimited):
            return None
        message = LIMIT_MESSAGES[exception.scope] % {"limit": exception.limit}
        response = render(request, "core/refused.html", {"message": message}, status=429)
        response["Retry-After"] = str(exception.retry_after)
        return response


# --- signed-in sessions that the server can end ----------------------------------------------
@receiver(user_logged_in)
def open_sign_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Record the new signed-in session; a staff session also expires soon in the browser."""
    sign_in = SignIn.open(user)
    request.session[SIGN_IN_KEY] = sign_in.key
    if user.is_staff:
        request.session.set_expiry(sign_in.idle_seconds)


@receiver(user_logged_out)
def end_every_sign_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Signing out ends that user's sessions everywhere, copies of the cookie included."""
    if user is not None:
        SignIn.objects.filter(user=user).delete()


def current_sign_in(request: HttpRequest) -> str:
    return str(request.session.get(SIGN_IN_KEY, ""))


def end_other_sign_ins(request: HttpRequest, user: Any) -> int:
    """End every session of `user` except this one; return how many were ended."""
    deleted, _ = SignIn.objects.filter(user=user).exclude(key=current_sign_in(request)).delete()
    return deleted


class SignInMiddleware:
    """A signed-in session is good only while its SignIn row exists and was used recently.

    Otherwise (signed out elsewhere, password changed, idle too long, a stolen copy of an ended
    session) the session is emptied and the request goes on as a new visitor's.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if auth.SESSION_KEY in request.session:
            self.check(request)
        return self.get_response(request)

    def check(self, request: HttpRequest) -> None:
        now = timezone.now()
        try:
            user_id = int(request.session[auth.SESSION_KEY])
        except (TypeError, ValueError):
            user_id = 0
        key = current_sign_in(request)
        sign_in = SignIn.objects.filter(key=key, user_id=user_id).first() if key else None
        if sign_in is None or sign_in.is_expired(now):
            if sign_in is not None:
                sign_in.delete()
            request.session.flush()
            request.user = AnonymousUser()
            return
        if now - sign_in.last_seen > TOUCH_EVERY:
            SignIn.objects.filter(pk=sign_in.pk).update(last_seen=now)
            request.session.modified = True  # send the cookie again: its age follows activity


# --- response headers ------------------------------------------------------------------------
class SecurityHeadersMiddleware:
    """Permissions-Policy on every answer; pages are per visitor, so never in a shared cache."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        if "Cache-Control" not in response and not request.path.startswith(
            "/" + settings.STATIC_URL.lstrip("/")
        ):
            patch_cache_control(response, private=True, no_cache=True)
        return response


# --- login throttling (django-axes) ---------------------------------------------------------
class AxesHandler(AxesDatabaseHandler):  # type: ignore[misc]  # axes has no types
    """Axes' database handler, locking per (account, address) as AXES_LOCKOUT_PARAMETERS say,
    and also a whole address once its failures over every account reach
    AXES_ADDRESS_FAILURE_LIMIT: one address guessing many nicknames stops too, while the owner
    of an account, from their own address, still signs in."""

    def get_failures(self, request: Any, credentials: dict[str, Any] | None = None) -> int:
        failures = int(super().get_failures(request, credentials))
        since = get_cool_off_threshold(request)
        address = AccessAttempt.objects.filter(
            ip_address=request.axes_ip_address, attempt_time__gte=since
        ).aggregate(total=Sum("failures_since_start"))["total"]
        if (address or 0) >= settings.AXES_ADDRESS_FAILURE_LIMIT:
            return max(failures, int(get_failure_limit(request, credentials)))
        return failures


def axes_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The sign-in name django-axes records (AXES_USERNAME_CALLABLE): the one tried, cut to
    the 150 characters of any account's name and of axes' column (no account has a longer one;
    PostgreSQL refuses the row of a longer one, and the sign-in would end in a 500)."""
    name = (credentials or {}).get("username")
    if name is None:
        name = request.POST.get("username")
    return None if name is None else str(name)[:150]


# --- the page a locked-out login sees (django-axes) ------------------------------------------
def lockout_response(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    message = _(
        "Too many failed sign-ins for this account or from your address. Signing in is "
        "paused for %(minutes)d minutes; then you can try again."
    ) % {"minutes": minutes}
    response = render(request, "core/refused.html", {"message": message}, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response
