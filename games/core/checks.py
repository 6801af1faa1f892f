"""Start-up checks: every registered game kind fills in the hooks the shared app calls and
has the URLs its pages link to ("<key>:new", "<key>:play").

A kind that lacks one would otherwise fail at the first request that needs it (or silently
get no review, no stats); `manage.py check`, the test suite and every server start report it.
"""

from __future__ import annotations

from typing import Any

from django.core import checks
from django.urls import NoReverseMatch, reverse

from games.core.kinds import registered_kinds


@checks.register("kinds")
def kinds_complete(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    errors = []
    for kind in registered_kinds():
        named = f"{kind.key!r} ({type(kind).__name__})"
        for hook in kind.missing_hooks():
            hint = f"Define {hook} on {type(kind).__name__} (see games/core/GUIDE.md)."
            errors.append((kind, f"Game kind {named} does not define {hook}.", hint, "core.E001"))
        for url in missing_urls(kind.key):
            hint = f"Include the game's URLs with app_name = {kind.key!r}."
            errors.append(
                (kind, f"Game kind {kind.key!r} has no URL named {url!r}.", hint, "core.E002")
            )
    return [checks.Error(msg, hint=hint, obj=kind, id=id) for kind, msg, hint, id in errors]


def missing_urls(key: str) -> list[str]:
    """Which of the URLs the shared pages link to ("<key>:new", "<key>:play") are not there."""
    missing = []
    for name, args in (("new", []), ("play", [1])):
        try:
            reverse(f"{key}:{name}", args=args)
        except NoReverseMatch:
            missing.append(f"{key}:{name}")
    return missing
