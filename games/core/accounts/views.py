"""A player's secured nickname: secure it, sign in on another device, sign out, change password,
recovery codes (shown once; one signs in once and lets the player set a new password).

Nobody has to do any of this to play: a guest plays with a nickname bound to their cookie.
Every form is a plain POST answered with 303 on success and 400 (the page with the message)
when refused; a refused request writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model, login, logout, update_session_auth_hash
from django.contrib.auth.forms import PasswordChangeForm, SetPasswordForm
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from games.core.accounts import recovery
from games.core.accounts.forms import TAKEN_MESSAGE, RecoverForm, SecureForm, SignInForm
from games.core.accounts.models import Account, SignIn
from games.core.accounts.nicknames import nickname_key
from games.core.models import Player
from games.core.play.moves import see_other
from games.core.players import bind_player, ensure_player, get_player
from games.core.security import current_sign_in, end_other_sign_ins

BACKEND = "django.contrib.auth.backends.ModelBackend"


def signed_in_player(request: HttpRequest) -> Player | None:
    """The visitor's player when it is secured and this session is signed in as it."""
    player = get_player(request)
    return player if player is not None and player.is_secured else None


def for_the_signed_in(
    view: Callable[[HttpRequest, Player], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """A POST view of a signed-in secured player (given as its second argument); anybody else
    is sent to the account page, where signing in is offered, and nothing changes."""

    @wraps(view)
    def checked(request: HttpRequest) -> HttpResponse:
        player = signed_in_player(request)
        if player is None:
            return see_other(reverse("core:account"))
        return view(request, player)

    return checked


def render_account(request: HttpRequest, status: int = 200, **forms: Any) -> HttpResponse:
    player = get_player(request)
    context: dict[str, Any] = {"account_player": player}
    if player is not None and player.is_secured:
        user = player.account.user
        recovered = bool(request.session.get(recovery.RECOVERED_KEY))
        password_form = forms.get("password_form") or (
            SetPasswordForm(user) if recovered else PasswordChangeForm(user)
        )
        # Django focuses the old password; on this page it would scroll past the other cards.
        for field in password_form.fields.values():
            field.widget.attrs.pop("autofocus", None)
        context["password_form"] = password_form
        context["recovered"] = recovered
        context["other_devices"] = (
            SignIn.objects.filter(user=user).exclude(key=current_sign_in(request)).count()
        )
        context["codes_left"] = recovery.codes_left(user)
        context["new_codes"] = request.session.pop(recovery.SHOWN_KEY, None)
    else:
        nickname = player.nickname if player else ""
        context["secure_form"] = forms.get("secure_form") or SecureForm(
            initial={"nickname": nickname}, player=player
        )
        context["sign_in_form"] = forms.get("sign_in_form") or SignInForm(request=request)
        context["recover_form"] = forms.get("recover_form") or RecoverForm(request=request)
    response = render(request, "accounts/account.html", context, status=status)
    if context.get("new_codes"):
        response["Cache-Control"] = "no-store"  # codes shown once: kept by no cache either
    return response


def show_codes_once(request: HttpRequest, user: Any) -> None:
    """Make new recovery codes; the next account page shows them, then never again."""
    request.session[recovery.SHOWN_KEY] = recovery.new_codes(user)


@require_GET
def account(request: HttpRequest) -> HttpResponse:
    return render_account(request)


@require_POST
def secure(request: HttpRequest) -> HttpResponse:
    player = get_player(request)
    if player is not None and player.is_secured:
        messages.info(request, _("Your nickname is already secured."))
        return see_other(reverse("core:account"))
    form = SecureForm(request.POST, player=player)
    if not form.is_valid():
        return render_account(request, 400, secure_form=form)
    nickname = form.cleaned_data["nickname"]
    try:
        with transaction.atomic():
            player = ensure_player(request)
            player.nickname = nickname
            player.save(update_fields=["nickname"])
            user = get_user_model().objects.create_user(
                f"player-{player.pk}", password=form.cleaned_data["password1"]
            )
            Account.objects.create(user=user, player=player, nickname_key=nickname_key(nickname))
            login(request, user, backend=BACKEND)
    except IntegrityError:  # someone secured a look-alike a moment ago
        form.add_error("nickname", TAKEN_MESSAGE % {"nickname": nickname})
        return render_account(request, 400, secure_form=form)
    bind_player(request, player)
    show_codes_once(request, user)
    messages.success(request, _("Your nickname is secured: sign in with it on any device."))
    return see_other(reverse("core:account"))


def signed_in_by(request: HttpRequest, form: SignInForm) -> Account | None:
    """The account `form` (a password's or a recovery code's) signs this session in to, the
    session signed in and bound to its player; None (nothing changed) when it does not."""
    if not form.is_valid() or form.account is None:
        return None
    login(request, form.account.user, backend=BACKEND)
    bind_player(request, form.account.player)
    account: Account = form.account
    return account


@require_POST
def sign_in(request: HttpRequest) -> HttpResponse:
    form = SignInForm(request.POST, request=request)
    if (account := signed_in_by(request, form)) is None:
        return render_account(request, 400, sign_in_form=form)
    name = account.player.display_name
    messages.success(request, _("Signed in as %(name)s.") % {"name": name})
    return see_other(reverse("core:home"))


@require_POST
def recover(request: HttpRequest) -> HttpResponse:
    form = RecoverForm(request.POST, request=request)
    if (account := signed_in_by(request, form)) is None:
        return render_account(request, 400, recover_form=form)
    request.session[recovery.RECOVERED_KEY] = True
    left = recovery.codes_left(account.user)
    message = ngettext(
        "Signed in with a recovery code (%(count)d code left). Set a new password now.",
        "Signed in with a recovery code (%(count)d codes left). Set a new password now.",
        left,
    )
    messages.success(request, message % {"count": left})
    return see_other(reverse("core:account") + "#password")


@require_POST
@for_the_signed_in
def recovery_codes(request: HttpRequest, player: Player) -> HttpResponse:
    show_codes_once(request, player.account.user)
    messages.success(request, _("New recovery codes made; the old ones no longer work."))
    return see_other(reverse("core:account"))


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    logout(request)  # ends this user's sessions on every device (games.core.security)
    return see_other(reverse("core:home"))


@require_POST
@for_the_signed_in
def sign_out_others(request: HttpRequest, player: Player) -> HttpResponse:
    ended = end_other_sign_ins(request, player.account.user)
    message = ngettext(
        "Signed out on %(count)d other device.", "Signed out on %(count)d other devices.", ended
    )
    messages.success(request, message % {"count": ended})
    return see_other(reverse("core:account"))


@require_POST
@for_the_signed_in
def change_password(request: HttpRequest, player: Player) -> HttpResponse:
    user = player.account.user
    # After a recovery code, the lost old password is not asked for.
    recovered = request.session.get(recovery.RECOVERED_KEY)
    form = (SetPasswordForm if recovered else PasswordChangeForm)(user, request.POST)
    if not form.is_valid():
        return render_account(request, 400, password_form=form)
    with transaction.atomic():
        form.save()
        update_session_auth_hash(request, user)
        end_other_sign_ins(request, user)
    request.session.pop(recovery.RECOVERED_KEY, None)
    messages.success(request, _("Password changed; every other device is signed out."))
    return see_other(reverse("core:account"))
