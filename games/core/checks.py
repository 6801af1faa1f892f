"""Start-up checks: every registered game kind fills in the hooks the shared app calls.

A kind that lacks one would otherwise fail at the first request that needs it (or silently get
no review, no stats); `manage.py check`, the test suite and every server start report it.
"""

from __future__ import annotations

from typing import Any

from django.core import checks

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
    return errors
