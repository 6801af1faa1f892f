"""MAGDAGDON pages: the settings that start a game, the game page, and one POST per action.

Which die is selected and whether the player is choosing the RUIN's cell are UI state, not
moves: they travel in the query string (`?die=2`, `?ruin=1`) of the page and of the forms'
URLs, so that a refused move re-renders the same choice (see MagdagdonKind.ui).
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.forms import Form
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core.board import HtmxHttpRequest, board_response
from games.core.kinds import get_kind
from games.core.models import Game
from games.core.moves import player_game, running_game, start_game, submit_move
from games.magdagdon.forms import (
    AcceptForm,
    DieForm,
    PlainForm,
    RerollForm,
    SettingsForm,
    StageForm,
)
from games.rules import magdagdon as rules

KIND = get_kind("magdagdon")


@require_http_methods(["GET", "POST"])
def new(request: HtmxHttpRequest) -> HttpResponse:
    running = running_game(request, KIND)
    wanted = request.GET.get("difficulty")
    if wanted not in {difficulty.value for difficulty in rules.Difficulty}:
        wanted = running.options.get("difficulty") if running else "peaceful"
    form = SettingsForm(
        request.POST or None, running=running is not None, initial={"difficulty": wanted}
    )
    if request.method == "POST" and form.is_valid():
        options = rules.Options(rules.Difficulty(form.cleaned_data["difficulty"]))
        return start_game(request, KIND, options)
    context = {"form": form, "running": running, "running_state": running and running.state}
    return render(request, "magdagdon/new.html", context, status=400 if form.is_bound else 200)


@require_GET
def play(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return board_response(request, player_game(request, game_id, KIND))


def move(
    request: HtmxHttpRequest,
    game_id: int,
    form_class: type[Form],
    to_action: Callable[[dict[str, Any]], rules.Action],
) -> HttpResponse:
    game = player_game(request, game_id, KIND)
    return submit_move(request, game, form_class(request.POST), to_action)


@require_POST
def roll(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return move(request, game_id, PlainForm, lambda d: rules.Roll())


@require_POST
def stage(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return move(request, game_id, StageForm, lambda d: rules.Stage(d["die"], d["cell"]))


@require_POST
def unstage(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Take a die back. Dice staged later that only fitted beside it come back too (M11):
    the page says so, as it would otherwise look like a lost tap."""
    game = player_game(request, game_id, KIND)
    before = {die for die, _ in game.state.staged}
    form = DieForm(request.POST)

    def notice() -> str:
        taken = getattr(form, "cleaned_data", {}).get("die")
        extra = sorted(before - {die for die, _ in game.state.staged} - {taken})
        if not extra:
            return ""
        return ngettext(
            "Die %(dice)s came back too: it only fitted beside the die you took back.",
            "Dice %(dice)s came back too: they only fitted beside the die you took back.",
            len(extra),
        ) % {"dice": ", ".join(str(die + 1) for die in extra)}

    def render(request: HtmxHttpRequest, game: Game, **kwargs: Any) -> HttpResponse:
        return board_response(request, game, notice=notice(), **kwargs)

    response = submit_move(request, game, form, lambda d: rules.Unstage(d["die"]), render)
    if response.status_code == 303 and (text := notice()):
        messages.info(request, text)  # shown on the page the browser loads next
    return response


@require_POST
def confirm(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return move(request, game_id, PlainForm, lambda d: rules.Confirm())


@require_POST
def decrease(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return move(request, game_id, DieForm, lambda d: rules.Decrease(d["die"]))


@require_POST
def increase(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return move(request, game_id, DieForm, lambda d: rules.Increase(d["die"]))


@require_POST
def reroll(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return move(request, game_id, RerollForm, lambda d: rules.Reroll(tuple(d["dice"])))


@require_POST
def accept(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return move(request, game_id, AcceptForm, lambda d: rules.AcceptMagdagdon(d["cell"]))
