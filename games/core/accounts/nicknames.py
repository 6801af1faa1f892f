"""Nickname identity: the key under which two nicknames are the same name (look-alikes fold).

A secured nickname is unique under `nickname_key`; no guest can take it (games.core.accounts).
"""

from __future__ import annotations

import unicodedata

# Letters of other scripts that are drawn exactly like Latin ones: "Маgnus" with a Cyrillic
# М and а must not pass for "Magnus". Applied after NFKC and casefold (so lower case only).
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "е": "e",
        "һ": "h",
        "і": "i",
        "ј": "j",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        # Latin letters and digits that read alike in a leaderboard's font
        "ı": "i",
        "ł": "l",
        "0": "o",
        "1": "l",
        "|": "l",
    }
)
# Invisible characters that may sit inside an emoji: they change no letter of a name.
_IGNORED_IN_KEY = {"\u200d", "\ufe0e", "\ufe0f"}


def nickname_key(nickname: str) -> str:
    """The form under which nicknames compare: NFKC, casefolded, look-alikes folded.

    >>> nickname_key("Magnus") == nickname_key("MAGNUS") == nickname_key("Ｍａｇｎｕｓ")
    True
    >>> nickname_key("Маgnus") == nickname_key("magnus")  # Cyrillic М and а
    True
    >>> nickname_key("Ödön") == nickname_key("Odon")
    False
    """
    text = unicodedata.normalize("NFKC", nickname)
    text = unicodedata.normalize("NFKC", text.casefold())
    text = unicodedata.normalize("NFD", text)
    # Fold look-alikes letter by letter, keeping accents (Ö stays distinct from O).
    text = text.translate(LOOK_ALIKES)
    text = "".join(ch for ch in text if ch not in _IGNORED_IN_KEY)
    return unicodedata.normalize("NFC", " ".join(text.split()))
