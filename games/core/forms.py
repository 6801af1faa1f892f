"""The forms of the shared pages."""

import unicodedata

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.utils.translation import gettext_lazy as _

NICKNAME_MAX = 24


def clean_nickname(value: str) -> str:
    """Trim, then 1–24 characters of any script; no control or invisible format characters."""
    name = unicodedata.normalize("NFC", " ".join(value.split()))
    if not name:
        raise forms.ValidationError(_("Please type a nickname."))
    if len(name) > NICKNAME_MAX:
        raise forms.ValidationError(
            _("A nickname has at most %(max)d characters (this one has %(count)d).")
            % {"max": NICKNAME_MAX, "count": len(name)}
        )
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise forms.ValidationError(_("A nickname cannot contain control characters."))
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

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_action = "core:nickname"
        self.helper.add_input(Submit("save", _("Save nickname")))

    def clean_nickname(self) -> str:
        return clean_nickname(self.cleaned_data["nickname"])
