"""The forms of a secured nickname: secure it with a password, sign in with it elsewhere."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import (
    password_validators_help_text_html,
    validate_password,
)
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.core.accounts.models import Account
from games.core.accounts.nicknames import nickname_key
from games.core.forms import clean_nickname

TAKEN_MESSAGE = _(
    "“%(nickname)s” is secured by another player (or looks just like a secured nickname). "
    "Please choose another one."
)


def nickname_taken(nickname: str, player: Any) -> bool:
    """Whether a player other than `player` has secured this nickname or a look-alike of it."""
    accounts = Account.objects.named(nickname)
    if player is not None:
        accounts = accounts.exclude(player=player)
    return accounts.exists()


class SecureForm(forms.Form):
    """Protect the nickname with a password, so that it can be used on any device."""

    nickname = forms.CharField(label=_("Nickname"), max_length=200, strip=False)
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def __init__(self, *args: Any, player: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.player = player

    def clean_nickname(self) -> str:
        name = clean_nickname(self.cleaned_data["nickname"])
        if nickname_taken(name, self.player):
            raise forms.ValidationError(TAKEN_MESSAGE % {"nickname": name})
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ; type the same one twice."))
        elif first:
            # The similarity check compares the password with the nickname.
            probe = get_user_model()(username=data.get("nickname", ""))
            try:
                validate_password(first, probe)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data


class SignInForm(forms.Form):
    """A secured nickname and its password; failures count towards django-axes' lockout."""

    nickname = forms.CharField(label=_("Nickname"), max_length=200, strip=False)
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    credential = "password"
    refusal = _("That nickname and password do not match a secured player.")

    # The account page shows this form beside the others: its own ids (id_nickname is the
    # securing form's).
    id_prefix = "sign-in"

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"{self.id_prefix}-%s")
        super().__init__(*args, **kwargs)
        self.request = request
        self.account: Account | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        nickname, password = data.get("nickname"), data.get("password")
        if not nickname or not password:
            return data
        key = nickname_key(nickname)
        account = Account.objects.select_related("user", "player").named(nickname).first()
        # An unknown nickname is still passed on, so that it counts as a failure for the address
        # and for that name, and takes as long as a wrong password.
        username = account.user.username if account else f"nickname:{key}"[:150]
        user = authenticate(self.request, username=username, **{self.credential: password})
        if user is None or account is None or user.pk != account.user_id:
            raise forms.ValidationError(self.refusal, code="invalid")
        self.account = account
        return data


class RecoverForm(SignInForm):
    """A secured nickname and one of its recovery codes; wrong codes count like passwords."""

    credential = "recovery_code"
    id_prefix = "recover"
    refusal = _(
        "That nickname and recovery code do not match a secured player (each code works once)."
    )
    # Named "password" so that django-axes masks it in its records like a password.
    password = forms.CharField(
        label=_("Recovery code"),
        max_length=100,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
