"""MISHIMASH pages: start a game, play it (with a live preview of the ticked dice), and the
three moves: roll, set aside + bank, set aside + roll again."""

from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core.board import HtmxHttpRequest, board_response
from games.core.kinds import get_kind
from games.core.moves import player_game, running_game, see_other, start_game, submit_move
from games.core.players import ensure_player, get_player
from games.core.settings import get_setting, remember
from games.mishimash.display import default_name, ticked
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
    return board_response(request, game)


@require_POST
def roll(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    return submit_move(request, game, RollForm(request.POST), lambda d: rules.Roll(d["player"]))


@require_POST
def bank(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    return submit_move(
        request,
        game,
        SelectForm(request.POST),
        lambda d: rules.SelectAndBank(d["player"], tuple(d["dice"])),
    )


@require_POST
def roll_again(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    return submit_move(
        request,
        game,
        SelectForm(request.POST),
        lambda d: rules.SelectAndRollAgain(d["player"], tuple(d["dice"])),
    )
