"""The forms of the shared pages, and the base of every game's new-game form."""

import unicodedata
from typing import Any, ClassVar

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
