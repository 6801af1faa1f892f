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
    errors: list[checks.CheckMessage] = []
    for kind in registered_kinds():
        for hook in kind.missing_hooks():
            errors.append(
                checks.Error(
                    f"Game kind {kind.key!r} ({type(kind).__name__}) does not define {hook}.",
                    hint=f"Define {hook} on {type(kind).__name__} (see games/core/GUIDE.md).",
                    obj=kind,
                    id="core.E001",
                )
            )
        for name, args in (("new", []), ("play", [1])):
            try:
                reverse(f"{kind.key}:{name}", args=args)
            except NoReverseMatch:
                errors.append(
                    checks.Error(
                        f"Game kind {kind.key!r} has no URL named '{kind.key}:{name}'.",
                        hint=f"Include the game's URLs with app_name = {kind.key!r}.",
                        obj=kind,
                        id="core.E002",
                    )
                )
    return errors
