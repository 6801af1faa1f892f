"""The one error family of the rules package, with messages that can be translated later.

A message is an English template plus its parameters: `str(error)` reads in English, and the
web layer translates `error.template` (marked with `gettext_noop`, which the translation
tools collect) before filling in `error.params`.
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
    """An action that cannot even be read (unknown kind, missing or malformed field)."""
