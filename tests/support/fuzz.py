"""Hostile form values and the checks around them: the values an attacker posts, the site's POST
endpoints as the URL resolver lists them, every form class of the site, a request undone after
it is checked, and what the database holds (so that a refused request is seen to write nothing).
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import date

from django import forms
from django.apps import apps
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

MISSING = object()  # the field left out of the POST

# Each value posted in place of one field, one at a time, by a short name for the report.
HOSTILE: dict[str, object] = {
    "5000 digits": "9" * 5000,
    "-5000 digits": "-" + "9" * 5000,
    "huge": str(2**64),
    "negative": "-1",
    "float": "1.5",
    "exponent": "1e309",
    "NaN": "NaN",
    "-Infinity": "-Infinity",
    "empty": "",
    "whitespace": " \t\n ",
    "NUL": "1\x00",
    "Arabic-Indic digit": "٣",
    "fullwidth digit": "３",
    "repeated": ["0"] * 200,
    "repeated long": ["9" * 5000] * 3,
    "10^5 chars": "x" * 100_000,
    "missing": MISSING,
}
# What a free-text field (a name, a password, a tick box, an address) gets: the numbers above
# mean nothing more to it than any other text.
TEXT = ("5000 digits", "empty", "whitespace", "NUL", "Arabic-Indic digit", "repeated long")
TEXT += ("10^5 chars", "missing")

# How a refused request says why: the site's message (core/_message.html, core/refused.html)
# or a form's error next to its field (crispy-forms, Bootstrap 5; the admin's sign-in).
MESSAGE_MARKS = ("data-error", "invalid-feedback", "alert-block", "errorlist", "errornote")

# Where a request may write without being a game's, an account's or a table's data: django-axes
# counts failed sign-ins, sessions live in a signed cookie, the admin keeps its log.
UNWATCHED_APPS = {"axes", "sessions", "admin", "contenttypes"}
# Bookkeeping of any request, whatever it posts: a signed-in device's last activity.
UNWATCHED_FIELDS = {"core.SignIn": {"last_seen"}}


def hostile_posts(
    data: dict[str, object], field: str, names: Iterable[str] = HOSTILE
) -> Iterator[tuple[str, dict[str, object]]]:
    """`data` with `field` replaced by each hostile value of `names` (or left out), named."""
    for name in names:
        value = HOSTILE[name]
        posted = {k: v for k, v in data.items() if k != field}
        if value is not MISSING:
            posted[field] = value
        yield name, posted


def has_message(response) -> bool:
    content = response.content.decode(errors="replace")
    return any(mark in content for mark in MESSAGE_MARKS)


def fingerprint() -> dict[str, str]:
    """A digest of every stored row, per model, of the site's own apps and Django's auth."""
    found = {}
    for model in apps.get_models():
        if model._meta.app_label in UNWATCHED_APPS:
            continue
        skip = UNWATCHED_FIELDS.get(model._meta.label, set())
        names = [f.attname for f in model._meta.concrete_fields if f.name not in skip]
        rows = list(model.objects.order_by("pk").values_list(*names))
        found[model._meta.label] = hashlib.sha256(repr(rows).encode()).hexdigest()
    return found


def changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The models whose rows differ."""
    return sorted(label for label in before if before[label] != after.get(label))


class _Undo(Exception):
    pass


@contextmanager
def undone(*clients: Client) -> Iterator[None]:
    """Whatever happens inside (a request that was accepted and wrote), the database and the
    clients' cookies are as before afterwards: the next hostile value meets the same state."""
    saved = [copy.deepcopy(client.cookies) for client in clients]
    try:
        with transaction.atomic():
            yield
            raise _Undo
    except _Undo:
        pass
    finally:
        for client, cookies in zip(clients, saved, strict=True):
            client.cookies = cookies


# --- the site's POST endpoints and forms ---------------------------------------------------

PLACEHOLDERS = {"int": 999_999, "slug": "magdagdon", "str": "none", "isodate": date(2026, 12, 1)}


def url_names() -> Iterator[tuple[str, str]]:
    """(qualified URL name, a URL of it with placeholder arguments) for every named pattern."""

    def walk(resolver: URLResolver, namespace: str) -> Iterator[tuple[str, URLPattern]]:
        for entry in resolver.url_patterns:
            if isinstance(entry, URLResolver):
                inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                yield from walk(entry, inner)
            elif entry.name:
                yield f"{namespace}{entry.name}", entry

    for name, pattern in walk(get_resolver(), ""):
        converters = getattr(pattern.pattern, "converters", {})
        kwargs = {}
        for key, converter in converters.items():
            kind = type(converter).__name__.removesuffix("Converter").lower()
            kwargs[key] = PLACEHOLDERS.get(kind, "none")
        if "(?P<" in str(pattern.pattern) and not converters:
            continue  # a regex pattern (the admin's app index): reached below by its app label
        yield name, reverse(name, kwargs=kwargs)


def post_endpoints(value: str) -> dict[str, str]:
    """The named URLs whose view answers a POST with anything but 405 (CSRF aside), probed
    with `value` in a few usual field names: a probe answered with a 500 fails."""
    probe = Client()
    found = {}
    body = {name: value for name in ("id", "version", "next", "username", "action", "index")}
    for name, url in url_names():
        status = probe.post(url, body).status_code
        assert status < 500, f"POST {url}: {status}"
        if status != 405:
            found[name] = url
    return found


def site_forms() -> set[type[forms.BaseForm]]:
    """Every form class defined in the site's code (the `games` package)."""
    found: set[type[forms.BaseForm]] = set()
    todo: list[type[forms.BaseForm]] = [forms.Form, forms.ModelForm]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub.__module__.startswith("games.") and sub not in found:
                found.add(sub)
            todo.append(sub)
    return found
