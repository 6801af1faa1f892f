"""MISHIMASH pages: start a game, play it (with a live preview of the ticked dice), the
three moves: roll, set aside + bank, set aside + roll again, and the computer's next action."""

from typing import Any
from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core.forms import whole_number
from games.core.kinds import get_kind
from games.core.models import Game
from games.core.play.moves import (
    MoveForm,
    answer_move,
    player_game,
    running_game,
    see_other,
    start_game,
    submit_move,
)
from games.core.play.refusals import Refused
from games.core.play.response import HtmxHttpRequest, board_response
from games.core.players import ensure_player, get_player
from games.core.preferences import get_setting, remember
from games.mishimash import computers
from games.mishimash.display import default_name, shown_names, ticked
from games.mishimash.forms import NewGameForm, RollForm, SelectForm
from games.rules import mishimash as rules

KIND = get_kind("mishimash")
MOVE_FIELDS = ("csrfmiddlewaretoken", "version", "player")
TARGET_SETTING = "mishimash.target"


@require_http_methods(["GET", "POST"])
def new(request: HtmxHttpRequest) -> HttpResponse:
    running = running_game(request, KIND)
    last = get_setting(get_player(request), TARGET_SETTING)
    form = NewGameForm(request.POST or None, running=running is not None, last_target=last)
    if request.method == "POST" and form.is_valid():
        player = ensure_player(request)
        # A guest without a nickname plays as "Player 12", stored untranslated: every viewer
        # reads it in their own language.
        options = form.options(solo_name=player.nickname[:24] or default_name(player.pk))
        if options is not None:
            response = start_game(request, KIND, options)
            if response.status_code < 400:  # a refused start remembers nothing either
                remember(player, TARGET_SETTING, options.target)
            return response
    status = 400 if form.is_bound else 200
    return render(request, "mishimash/new.html", {"form": form, "running": running}, status=status)


@require_GET
def play(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    if any(key in request.GET for key in MOVE_FIELDS):
        # The no-JS "Check" button submits the whole move form by GET: keep only the dice.
        query = urlencode([("dice", i) for i in ticked(request.GET)])
        return see_other(game.get_absolute_url() + (f"?{query}" if query else ""))
    return board_answer(request, game)


def board_answer(
    request: HtmxHttpRequest, game: Game, *, error: str = "", status: int = 200
) -> HttpResponse:
    """The board (page or partial), with the computer seats and, on a computer's turn, what
    it plays next (the partial then asks for that action after a short pause)."""
    names = shown_names(game.state.players)
    return board_response(
        request,
        game,
        error=error,
        status=status,
        computer=computers.computer_turn(game, names),
        computer_seats=computers.computer_seats(game, names),
    )


def person_move(
    request: HtmxHttpRequest, game_id: int, form: RollForm, to_action: Any
) -> HttpResponse:
    """A person's move; refused (400, nothing written) for a seat the computer plays."""
    game = player_game(request, game_id, KIND)

    def refusal() -> Refused | None:
        message = computers.person_move_refusal(game, _seat(form))
        return None if message is None else Refused(message)

    return submit_move(request, game, form, to_action, render=board_answer, refusal=refusal)


def _seat(form: RollForm) -> int | None:
    return whole_number(str(form.data.get("player", "")))


@require_POST
def roll(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return person_move(request, game_id, RollForm(request.POST), lambda d: rules.Roll(d["player"]))


@require_POST
def bank(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return select(request, game_id, rules.SelectAndBank)


@require_POST
def roll_again(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return select(request, game_id, rules.SelectAndRollAgain)


def select(
    request: HtmxHttpRequest,
    game_id: int,
    action: type[rules.SelectAndBank] | type[rules.SelectAndRollAgain],
) -> HttpResponse:
    """Set the ticked dice aside, then BANK or ROLL AGAIN (`action`)."""
    form = SelectForm(request.POST)
    return person_move(request, game_id, form, lambda d: action(d["player"], tuple(d["dice"])))


@require_POST
def computer(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Exactly one action of the computer to move, chosen here (the request only names the
    board it was made on). Refused, writing nothing: a stale version (409, another tab
    played it), a finished game, or a person to move (400)."""
    game = player_game(request, game_id, KIND)

    def act(data: dict[str, Any]) -> None:
        action = computers.next_action(game.state, computers.game_options(game))
        if action is None:
            message = gettext("It is %(name)s’s turn: a person plays it, not the computer.")
            name = shown_names(game.state.players)[game.state.current]
            raise Refused(message % {"name": name})
        game.apply_action(action, data["version"])

    return answer_move(request, game, MoveForm(request.POST), act, render=board_answer)
