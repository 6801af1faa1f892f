"""One move, end to end: parse the form, apply through the rules, answer htmx or plain POST."""

from collections.abc import Callable
from typing import Any, Protocol

from django import forms
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core.board import HtmxHttpRequest, board_response, game_url
from games.core.kinds import GameKind
from games.core.models import Game, GameOver, StaleVersion
from games.core.players import SESSION_KEY, ensure_player, get_player
from games.core.security import count_creation
from games.rules import IllegalMove

STALE_MESSAGE = _(
    "That move was made on an old board (another tab or a double tap moved first). "
    "Nothing was changed; here is the current board."
)
OVER_MESSAGE = _("This game has ended; start a new one.")


NO_VERSION_MESSAGE = _("The move did not say which board it was made on; reload the page.")


class MoveForm(forms.Form):
    """Every move carries the version of the board it was made on."""

    version = forms.IntegerField(
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
    return running.filter(day=None).first()  # a daily challenge runs beside it


def rules_message(error: IllegalMove) -> str:
    """The rules' message in the visitor's language."""
    template = gettext(error.template)
    return template % error.params if error.params else template


def form_message(form: forms.Form) -> str:
    for field, errors in form.errors.items():
        hidden = field in form.fields and form.fields[field].widget.is_hidden
        label = "" if hidden or field not in form.fields else form.fields[field].label
        return f"{label}: {errors[0]}" if label else str(errors[0])
    return gettext("The move could not be read.")


def submit_move(
    request: HtmxHttpRequest,
    game: Game,
    form: forms.Form,
    to_action: Callable[[dict[str, Any]], Any],
    render: Render = board_response,
) -> HttpResponse:
    """Validate `form`, apply its action at the form's version, and answer.

    Success: the board partial (htmx) or 303 to the game page (plain POST), keeping the UI
    state that still applies to the new board.
    Malformed or illegal: 400 with the message; stale: 409 with the current board;
    in each refused case the game is left exactly as it was.
    """
    if not form.is_valid():
        return render(request, game, error=form_message(form), status=400)
    try:
        action = to_action(form.cleaned_data)
        game.apply_action(action, form.cleaned_data["version"])
    except StaleVersion:
        game.refresh_from_db()
        return render(request, game, error=str(STALE_MESSAGE), status=409)
    except GameOver:
        game.refresh_from_db()
        return render(request, game, error=str(OVER_MESSAGE), status=400)
    except IllegalMove as error:
        return render(request, game, error=rules_message(error), status=400)
    if request.htmx:
        return render(request, game)
    kind = game.kind
    return see_other(game_url(game, kind.ui_query(kind.ui(request, game.state, status=303))))


def see_other(url: str) -> HttpResponse:
    """303 See Other: after a plain POST the browser GETs the page again."""
    response = HttpResponse(status=303)
    response["Location"] = url
    return response
