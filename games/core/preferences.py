"""What a player chose once and finds again: sound on or off, the colour theme, a game's last
options.

Kept on the Player (`Player.preferences`, a small JSON object), so that a secured nickname finds
its choices on every device. Only the names below are stored, each with the values it may
take; anything else a request sends is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.kinds import registered_kinds
from games.core.models import Player


def switch(value: str) -> str | None:
    """ "on" or "off" (None for anything else)."""
    return value if value in {"on", "off"} else None


THEMES = ("auto", "dark", "light")  # in the order the theme button steps through them


def theme(value: str) -> str | None:
    """ "auto" (the device's choice), "dark" or "light" (None for anything else)."""
    return value if value in THEMES else None


# The site's own choices; each game adds its own (GameKind.preferences) as "<key>.<name>".
SITE: dict[str, Callable[[str], Any]] = {"sound": switch, "theme": theme}


def known() -> dict[str, Callable[[str], Any]]:
    """Every choice a player may store: its name and the parser of its untrusted text."""
    found = dict(SITE)
    for kind in registered_kinds():
        found.update({f"{kind.key}.{name}": parse for name, parse in kind.preferences.items()})
    return found


def parse(name: str, value: str) -> Any:
    """The stored form of `value` for setting `name`, or None when either is not allowed."""
    parser = known().get(name)
    return None if parser is None else parser(value)


def get_setting(player: Player | None, name: str, default: Any = None) -> Any:
    if player is None:
        return default
    return player.preferences.get(name, default)


def themes(player: Player | None) -> tuple[str, str]:
    """The player's theme and the one a press of the theme button chooses next."""
    now = get_setting(player, "theme", "auto")
    now = now if now in THEMES else "auto"
    return now, THEMES[(THEMES.index(now) + 1) % len(THEMES)]


def remember(player: Player, name: str, value: Any) -> None:
    """Store one choice (an allowed name and an already parsed value) with one UPDATE of the
    player's row; other preferences written meanwhile by another tab are kept."""
    if name not in known():
        raise ValueError(f"unknown setting {name!r}")
    if player.preferences.get(name) == value:
        return
    fresh = Player.objects.filter(pk=player.pk).values_list("preferences", flat=True).first() or {}
    fresh = {**fresh, name: value}
    Player.objects.filter(pk=player.pk).update(preferences=fresh)
    player.preferences = fresh
