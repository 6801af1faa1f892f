"""The errors of the rules package: refusals a player reads, and corrupt data a developer reads.

A refusal (`IllegalMove`, and `InvalidMove` for input that cannot be read) is an English
template plus its parameters: `str(error)` reads in English, and the web layer translates
`error.template` (marked with `gettext_noop`, which the translation tools collect) before
filling in `error.params`.

`CorruptState` is for stored data that no game could have written (a snapshot, stored options,
a stored action dict). Only a developer ever sees it, so its message is plain English and is
never marked for translation.
"""

from collections.abc import Mapping
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it (the rules never import Django)."""
    return message


class IllegalMove(ValueError):
    """A well-formed action that the rules refuse now; the message is for the player."""

    def __init__(self, template: str, params: Mapping[str, Any] | None = None) -> None:
        self.template = template
        self.params = dict(params or {})
        super().__init__(template % self.params if self.params else template)


class InvalidMove(IllegalMove):
    """A player's action that cannot even be read (unknown kind, malformed text or field)."""


class CorruptState(ValueError):
    """Stored data (a state, options or an action dict) that is malformed or inconsistent.

    Never a player's fault and never translated: `str(error)` says what is wrong, in English.
    """
