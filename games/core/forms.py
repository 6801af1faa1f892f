"""The forms of the shared pages, and the base of every game's new-game form."""

import unicodedata
from typing import Any, ClassVar

import regex
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.utils.translation import gettext_lazy as _

NICKNAME_MAX = 24
# Digits a whole number from a request may have: far more than any die, cell, seat, version or
# target needs, far fewer than the 4,300 past which Python's int() refuses (a ValueError).
NUMBER_DIGITS = 18


MAX_MARKS = 3  # accents or other combining marks on one letter (Vietnamese needs 2, Thai 2)
ZWJ = "\u200d"
SKIN_TONES = range(0x1F3FB, 0x1F400)
BLACK_FLAG = "\U0001f3f4"  # starts a subdivision flag: 🏴 + tag letters + cancel tag
TAGS = range(0xE0020, 0xE0080)
EMOJI_VARIATIONS = "\ufe0e\ufe0f"  # text and emoji presentation of the symbol before them
KEYCAP_BASES = "0123456789#*"  # 1️⃣: a digit, VS16, the keycap mark
# Invisible by Unicode's definition (Default_Ignorable_Code_Point: fillers such as U+3164 and
# U+FFA0, the combining grapheme joiner, variation selectors, joiners...), and the one pattern
# of dots that is blank (U+2800), which is neither invisible by that property nor a space.
INVISIBLE = regex.compile(r"[\p{Default_Ignorable_Code_Point}\u2800]")


def whole_number(text: str) -> int | None:
    """The whole number `text` writes in ASCII digits (a sign and spaces around allowed), or
    None for anything else: over NUMBER_DIGITS digits, other scripts' digits ("٣", "３"),
    decimals, exponents, "NaN", NUL bytes.

    >>> whole_number(" 12 "), whole_number("-3"), whole_number("9" * 5000), whole_number("٣")
    (12, -3, None, None)
    """
    text = text.strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not (0 < len(digits) <= NUMBER_DIGITS and digits.isascii() and digits.isdigit()):
        return None
    return int(text)


class WholeNumberField(forms.IntegerField):
    """Django's IntegerField for untrusted text: every integer field of the site is one.

    Anything `whole_number` does not read gets the field's own "invalid" message, before
    Django's int() (which raises past 4,300 digits and reads any script's digits) sees it.
    """

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            number: int | None = value
        else:
            number = whole_number(str(value))
        if number is None or len(str(abs(number))) > NUMBER_DIGITS:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


def _is_emoji(ch: str) -> bool:
    return unicodedata.category(ch) == "So"


def _emoji_before(name: str, index: int) -> bool:
    """Whether an emoji ends just before `index` (past its variation selector or skin tone)."""
    while index > 0 and (name[index - 1] in "\ufe0e\ufe0f" or ord(name[index - 1]) in SKIN_TONES):
        index -= 1
    return index > 0 and _is_emoji(name[index - 1])


def refused_character(name: str) -> str | None:
    """The first control, invisible or blank character that is not part of an emoji, if any.

    Allowed: a zero-width joiner between two emoji (👨‍👩‍👧, 🏳️‍🌈), a variation selector after
    a symbol or a keycap's digit (❤️, 1️⃣) and the tag letters of a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
    Everything else of Unicode's "Other" categories (controls, format characters such as
    zero-width spaces and direction overrides, private use, unassigned) and every other
    invisible or blank character (Hangul fillers, the combining grapheme joiner, U+2800) is
    refused.
    """
    for index, ch in enumerate(name):
        if not unicodedata.category(ch).startswith("C") and not INVISIBLE.match(ch):
            continue
        before, after = name[index - 1 : index] if index else "", name[index + 1 : index + 2]
        if (
            ch in EMOJI_VARIATIONS
            and before
            and (unicodedata.category(before)[0] in "SP" or before in KEYCAP_BASES)
        ):
            continue
        if ch == ZWJ and _emoji_before(name, index) and after and _is_emoji(after):
            continue
        if (
            ord(ch) in TAGS
            and index > 0
            and (name[index - 1] == BLACK_FLAG or ord(name[index - 1]) in TAGS)
        ):
            continue
        return ch
    return None


def most_marks(name: str) -> tuple[str, int]:
    """The letter carrying the most combining marks, and how many."""
    best, count, base, run = "", 0, "", 0
    for ch in name:
        if unicodedata.category(ch).startswith("M"):
            run += 1
            if run > count:
                best, count = base, run
        else:
            base, run = ch, 0
    return best, count


def describe_character(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}".strip()


def clean_nickname(value: str) -> str:
    """Trim, then 1–24 characters of any script; no control or invisible format characters
    (emoji sequences excepted), at most MAX_MARKS combining marks on a letter."""
    name = unicodedata.normalize("NFC", " ".join(value.split()))
    if not name:
        raise forms.ValidationError(_("Please type a nickname."))
    if len(name) > NICKNAME_MAX:
        raise forms.ValidationError(
            _("A nickname has at most %(max)d characters (this one has %(count)d).")
            % {"max": NICKNAME_MAX, "count": len(name)}
        )
    if (ch := refused_character(name)) is not None:
        raise forms.ValidationError(
            _(
                "A nickname cannot contain control characters or invisible formatting "
                "characters (this one has %(char)s)."
            )
            % {"char": describe_character(ch)}
        )
    letter, marks = most_marks(name)
    if marks > MAX_MARKS:
        raise forms.ValidationError(
            _(
                "A nickname can stack at most %(max)d accents or marks on one letter "
                "(“%(letter)s” has %(count)d)."
            )
            % {"max": MAX_MARKS, "letter": letter, "count": marks}
        )
    if not any(ch.isalnum() for ch in name):
        raise forms.ValidationError(_("A nickname needs at least one letter or digit."))
    return name


class NicknameForm(forms.Form):
    nickname = forms.CharField(
        label=_("Nickname"),
        max_length=200,  # checked precisely (after trimming) in clean_nickname
        strip=False,
        help_text=_("1–24 characters; letters of any language are welcome."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_action = "core:nickname"
        self.helper.add_input(Submit("save", _("Save nickname")))

    def clean_nickname(self) -> str:
        return clean_nickname(self.cleaned_data["nickname"])


class NewGameForm(forms.Form):
    """A game's options. Starting anew abandons the running game, so then it asks for a tick."""

    form_action: ClassVar[str]  # the URL name of the game's `new` view
    submit_label: ClassVar[Any] = _("Start a new game")

    confirm = forms.BooleanField(
        label=_("Yes, abandon my running game and start a new one"), required=False
    )

    def __init__(self, *args: Any, running: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.running = running
        if not running:
            self.fields["confirm"].widget = forms.HiddenInput()
            self.initial["confirm"] = True
        self.helper = FormHelper()
        self.helper.form_action = self.form_action
        self.helper.add_input(Submit("start", self.submit_label, css_class="button primary start"))

    def clean_confirm(self) -> bool:
        confirm = bool(self.cleaned_data.get("confirm"))
        if self.running and not confirm:
            raise forms.ValidationError(
                _("Tick the box to confirm: starting anew abandons your running game.")
            )
        return confirm
