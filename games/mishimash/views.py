"""MISHIMASH pages: start a game, play it (with a live preview of the ticked dice), and the
three moves: roll, set aside + bank, set aside + roll again."""

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core.kinds import get_kind
from games.core.models import Game
from games.core.moves import player_game, running_game, see_other, start_game, submit_move
from games.core.players import ensure_player
from games.mishimash.forms import NewGameForm, RollForm, SelectForm
from games.rules import mishimash as rules

KIND = get_kind("mishimash")
MOVE_FIELDS = ("csrfmiddlewaretoken", "version", "player")


@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    running = running_game(request, KIND)
    form = NewGameForm(request.POST or None, running=running is not None)
    if request.method == "POST" and form.is_valid():
        options = form.options(solo_name=ensure_player(request).display_name[:24])
        if options is not None:
            return start_game(request, KIND, options)
    status = 400 if form.is_bound else 200
    return render(request, "mishimash/new.html", {"form": form, "running": running}, status=status)


def ticked(data: QueryDict) -> tuple[int, ...]:
    """The dice positions the page had ticked (UI state, never trusted): 0-5, each once."""
    return tuple(
        sorted({int(v) for v in data.getlist("dice") if v in {"0", "1", "2", "3", "4", "5"}})
    )


def render_board(
    request: HttpRequest, game: Game, *, error: str = "", status: int = 200
) -> HttpResponse:
    posted = request.method == "POST"
    # After a refused selection, keep the ticked dice on show; after a move, start afresh.
    selection = ticked(request.POST) if posted and status == 400 else ()
    if not posted:
        selection = ticked(request.GET)
    template = "mishimash/play.html#board" if request.htmx else "mishimash/play.html"  # type: ignore[attr-defined]
    context = {
        "game": game,
        "state": game.state,
        "error": error,
        "selection": selection,
        "moved": posted and status == 200,
    }
    response = render(request, template, context, status=status)
    if posted and request.htmx:  # type: ignore[attr-defined]
        response["HX-Replace-Url"] = game.get_absolute_url()  # drop a stale ?dice= preview
    return response


@require_GET
def play(request: HttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    if any(key in request.GET for key in MOVE_FIELDS):
        # The no-JS "Check" button submits the whole move form by GET: keep only the dice.
        query = urlencode([("dice", i) for i in ticked(request.GET)])
        return see_other(game.get_absolute_url() + (f"?{query}" if query else ""))
    return render_board(request, game)


@require_POST
def roll(request: HttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    return submit_move(
        request, game, RollForm(request.POST), lambda d: rules.Roll(d["player"]), render_board
    )


@require_POST
def bank(request: HttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    return submit_move(
        request,
        game,
        SelectForm(request.POST),
        lambda d: rules.SelectAndBank(d["player"], tuple(d["dice"])),
        render_board,
    )


@require_POST
def roll_again(request: HttpRequest, game_id: int) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    return submit_move(
        request,
        game,
        SelectForm(request.POST),
        lambda d: rules.SelectAndRollAgain(d["player"], tuple(d["dice"])),
        render_board,
    )
