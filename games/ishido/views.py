"""Ishido pages: start a game, play it, place the current stone."""

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core.kinds import get_kind
from games.core.models import Game
from games.core.play.moves import player_game, running_game, start_game, submit_move
from games.core.play.response import HtmxHttpRequest, board_response
from games.core.players import get_player
from games.core.preferences import remember
from games.ishido.display import spoken_name
from games.ishido.forms import NewGameForm, PlaceForm
from games.rules import IllegalMove, ishido
from games.rules.errors import gettext_noop

KIND = get_kind("ishido")


@require_http_methods(["GET", "POST"])
def new(request: HtmxHttpRequest) -> HttpResponse:
    running = running_game(request, KIND)
    form = NewGameForm(request.POST or None, running=running is not None)
    if request.method == "POST" and form.is_valid():
        return start_game(request, KIND, ishido.Options())
    status = 400 if form.is_bound else 200
    return render(request, "ishido/new.html", {"form": form, "running": running}, status=status)


@require_GET
def play(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return board_response(request, player_game(request, game_id, KIND))


@require_POST
def place(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    form = PlaceForm(request.POST)
    response = submit_move(request, game, form, lambda d: checked_place(game, d))
    # The highlight switch answers on the page alone; the next move carries it here. The
    # visitor's player is the game's (player_game), and read once per request.
    if response.status_code in (200, 303) and "hints" in request.POST:
        if player := get_player(request):
            remember(player, "ishido.hints", "off" if request.POST["hints"] == "0" else "on")
    return response


def checked_place(game: Game, data: dict[str, Any]) -> ishido.Place:
    """The action, after checking the stone the page showed (on the current version only: an
    old page is answered as stale, not as forged)."""
    current = game.state.current_stone
    claimed = data.get("stone")
    if claimed and current and data["version"] == game.version:
        if claimed != ishido.stone_name(current):
            colour, shape = claimed.split("-")
            forged = ishido.Stone(ishido.COLOURS.index(colour), ishido.SHAPES.index(shape))
            raise IllegalMove(
                gettext_noop(
                    "That is not the current stone: the page sent a %(tried)s, "
                    "but the current stone is a %(current)s."
                ),
                {"tried": spoken_name(forged), "current": spoken_name(current)},
            )
    return ishido.Place(data["cell"])
