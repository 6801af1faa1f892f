"""One move, end to end: parse the form, apply through the rules, answer htmx or plain POST."""

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Protocol

from django import forms
from django.db import transaction
from django.forms.forms import DeclarativeFieldsMetaclass
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.functional import Promise
from django.utils.translation import gettext

from games.core.forms import WholeNumberField
from games.core.kinds import GameKind
from games.core.models import Game, GameOver, StaleVersion
from games.core.play.refusals import (
    NO_VERSION_MESSAGE,
    OVER_MESSAGE,
    STALE_MESSAGE,
    Refused,
)
from games.core.play.response import HtmxHttpRequest, board_response, game_url
from games.core.players import SESSION_KEY, ensure_player, get_player, know_player
from games.core.security import count_creation
from games.rules import IllegalMove


class SharedFields(dict[str, forms.Field]):
    """A form class's fields, which its forms read as they are instead of each deep-copying
    them (what Django's forms do, so that one form may change its own fields): a move's
    form only reads one POST, is never drawn and never changes a field, and the copy was a
    tenth of a move's server time. Each form gets a read-only view, so that changing one
    fails loudly rather than changing every form of the class."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Mapping[str, forms.Field]:
        return MappingProxyType(self)


class SharedFieldsMetaclass(DeclarativeFieldsMetaclass):
    def __new__(mcs, name: str, bases: tuple[type, ...], attrs: dict[str, Any]) -> type:
        new_class = super().__new__(mcs, name, bases, attrs)
        new_class.base_fields = SharedFields(new_class.base_fields)  # type: ignore[attr-defined]
        return new_class


class MoveForm(forms.Form, metaclass=SharedFieldsMetaclass):
    """Every move carries the version of the board it was made on. A move's form shares its
    class's fields (SharedFields)."""

    version = WholeNumberField(
        min_value=0,
        widget=forms.HiddenInput,
        error_messages={
            "required": NO_VERSION_MESSAGE,
            "invalid": NO_VERSION_MESSAGE,
            "min_value": NO_VERSION_MESSAGE,
        },
    )


class Render(Protocol):
    def __call__(
        self, request: HtmxHttpRequest, game: Game, *, error: str = "", status: int = 200
    ) -> HttpResponse: ...


def player_game(request: HttpRequest, game_id: int, kind: GameKind) -> Game:
    """The visitor's own game of this kind; anybody else's is 404."""
    player_id = request.session.get(SESSION_KEY)
    if not isinstance(player_id, int):
        raise Http404("No such game.")
    game = Game.find(game_id, kind.key, player_id)
    # A secured player's games belong only to a session signed in as its account: a guest
    # cookie kept from before the nickname was secured (or copied) reaches none of them.
    if game is None or game.owner_user_id not in (None, getattr(request.user, "pk", None)):
        raise Http404("No such game.")
    if game.owner_user_id is None:  # no account: get_player would read this very player
        know_player(request, game.player)
    return game


def start_game(request: HttpRequest, kind: GameKind, options: Any) -> HttpResponse:
    """Start a game of `kind` for the visitor (abandoning their running one) and show it.

    Past the address's hourly limit of new games (or players) it raises RateLimited (a 429)
    and writes nothing.
    """
    with transaction.atomic():
        count_creation(request, "game")
        game = Game.start(ensure_player(request), kind, options)
    return see_other(game.get_absolute_url())


def running_game(request: HttpRequest, kind: GameKind) -> Game | None:
    """The visitor's game of this kind that is still being played, if any."""
    player = get_player(request)
    if player is None:
        return None
    running = Game.objects.filter(player=player, kind_key=kind.key, status=Game.Status.ACTIVE)
    return running.filter(day=None, tutorial=False).first()  # a daily, a how-to-play beside it


def form_message(form: forms.Form) -> str:
    for field, errors in form.errors.items():
        hidden = field in form.fields and form.fields[field].widget.is_hidden
        label = "" if hidden or field not in form.fields else form.fields[field].label
        return f"{label}: {errors[0]}" if label else str(errors[0])
    return gettext("The move could not be read.")


def answer_move(
    request: HtmxHttpRequest,
    game: Game,
    form: forms.Form,
    act: Callable[[dict[str, Any]], HttpResponse | None],
    render: Render = board_response,
    *,
    refusal: Callable[[], Refused | None] | None = None,
    stale_message: str | Promise = STALE_MESSAGE,
    over_message: str | Promise = OVER_MESSAGE,
    redirect: Callable[[], str] | None = None,
) -> HttpResponse:
    """The one answer to every move-like request (a move, a take-back, a hint, a computer's
    action, a move at an online table), in this order:

    1. the form is malformed: 400 with its message;
    2. it was made on another version of the board: 409 with the current board;
    3. the game has ended: 400;
    4. `refusal()` says why this visitor may not make it now (400 or 403);
    5. `act(cleaned_data)` makes it; the rules refusing it (IllegalMove, worded by the kind's
       `refusal_text`) or the write losing a race (StaleVersion, GameOver) is answered as
       above, and writes nothing.

    Success: the answer `act` returned, else `render` (htmx: the board partial) or 303 to
    `redirect()` (default: the game page, with the UI state that still applies).
    """
    try:
        if not form.is_valid():
            raise Refused(form_message(form))
        if form.cleaned_data["version"] != game.version:
            raise StaleVersion
        if not game.is_active:
            raise GameOver
        problem = refusal() if refusal is not None else None
        if problem is not None:
            raise problem
        answer = act(form.cleaned_data)
    except StaleVersion:
        game.refresh_from_db()
        return render(request, game, error=str(stale_message), status=409)
    except GameOver:
        game.refresh_from_db()
        return render(request, game, error=str(over_message), status=400)
    except IllegalMove as error:
        game.refresh_from_db()
        return render(request, game, error=game.kind.refusal_text(error), status=400)
    except Refused as refused:
        game.refresh_from_db()
        return render(request, game, error=refused.message, status=refused.status)
    if answer is not None:
        return answer
    if request.htmx:
        return render(request, game)
    if redirect is not None:
        return see_other(redirect())
    kind = game.kind
    return see_other(game_url(game, kind.ui_query(kind.ui(request, game.state, status=303))))


def submit_move(
    request: HtmxHttpRequest,
    game: Game,
    form: forms.Form,
    to_action: Callable[[dict[str, Any]], Any],
    render: Render = board_response,
    *,
    refusal: Callable[[], Refused | None] | None = None,
) -> HttpResponse:
    """One action of the game, read from `form` by `to_action`, through the one answer."""

    def act(data: dict[str, Any]) -> None:
        game.apply_action(to_action(data), data["version"])

    return answer_move(request, game, form, act, render, refusal=refusal)


def see_other(url: str) -> HttpResponse:
    """303 See Other: after a plain POST the browser GETs the page again."""
    response = HttpResponse(status=303)
    response["Location"] = url
    return response
