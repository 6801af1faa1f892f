"""HTML built in Python, escaped by construction: the one place outside templates that makes it.

Boards draw their one-off parts in templates. Only measured hot loops (Ishido's 96 cells, the
MAGDAGDON grid, the MISHIMASH dice and log lines) are built here, because the template engine
spent most of a move's server time on them. `Html` is the type of markup that is safe to show;
only the helpers below make one, so mypy refuses a plain `str` where HTML is expected:

- `escape(text)` turns any text into `Html`;
- `fill(template, *values)` fills a constant `%s` template with `Html` values and integers;
- `join(parts)` joins `Html` parts;
- `markup(constant)` takes a constant of the code (never data) as markup;
- `safe(value)` takes markup Django already made safe (a `SafeString`, like the CSRF
  field), and refuses anything else;
- `translated(text, values)` takes a translation of a constant msgid as markup, as
  `{% blocktranslate %}` does, filled in with `Html` values.

>>> fill("<b>%s</b> %s", escape("<3"), 7)
'<b>&lt;3</b> 7'
>>> join([escape("a&b"), fill("<i>%s</i>", 1)])
'a&amp;b<i>1</i>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape as _escape
from typing import LiteralString

from django.utils.safestring import SafeString

__all__ = ["EMPTY", "Html", "escape", "fill", "join", "markup", "safe", "translated"]


class Html(SafeString):
    """Markup that is safe to show: Django templates print it as it is. Made only by the
    helpers of this module (a plain `str` is never `Html` to mypy)."""

    __slots__ = ()


def markup(constant: LiteralString) -> Html:
    """A constant piece of markup written in the code."""
    return Html(constant)


def translated(text: str, values: Mapping[str, Html | int] | None = None) -> Html:
    """A translation of a constant msgid (our catalogues: markup in it, like `<strong>`, is
    the translator's, as in `{% blocktranslate %}`), its `%(name)s` filled with `values`."""
    return Html(text % values if values else text)


EMPTY = markup("")


def safe(value: object) -> Html:
    """Markup Django made safe (`SafeString`: the CSRF field, a rendered partial) as `Html`;
    anything else is refused, never shown unescaped."""
    if isinstance(value, SafeString):
        return value if isinstance(value, Html) else Html(value)
    raise TypeError(f"not markup Django made safe: {type(value).__name__}")


def escape(text: object) -> Html:
    """Any value as text inside HTML (markup it holds is shown, never run).

    The standard library's escape: the same output as django.utils.html.escape, without the
    lazy-string wrapper that costs more than the escaping on a board's hundreds of values.
    An `Html` value is already safe and is returned as it is.
    """
    if isinstance(text, Html):
        return text
    return Html(_escape(str(text)))


def fill(template: LiteralString, *values: Html | int) -> Html:
    """`template` (a constant of the code, never data) with each `%s` filled in by a value that
    is already `Html` or an integer."""
    return Html(template % values)


def join(parts: Iterable[Html], separator: Html = EMPTY) -> Html:
    return Html(separator.join(parts))
