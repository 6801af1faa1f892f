"""MAGDAGDON pages: the settings that start a game, the game page, and one POST per action.

Which die is selected and whether the player is choosing the RUIN's cell are UI state, not
moves: they travel in the query string (`?die=2`, `?ruin=1`) of the page and of the forms'
URLs, so that a refused move re-renders the same choice (see MagdagdonKind.ui).
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.forms import Form
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core.kinds import get_kind
from games.core.models import Game
from games.core.play.moves import (
    answer_move,
    player_game,
    running_game,
    start_game,
    submit_move,
)
from games.core.play.response import HtmxHttpRequest, board_response
from games.magdagdon import display
from games.magdagdon.forms import (
    AcceptForm,
    DieForm,
    PlainForm,
    RerollForm,
    SettingsForm,
    StageForm,
)
from games.rules import IllegalMove
from games.rules import magdagdon as rules
from games.rules.errors import gettext_noop

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
    notice: Callable[[rules.State, Game, Form], str] | None = None,
) -> HttpResponse:
    """One move through the shared submit_move; the answer also says what the move changed
    (display.change: the live region's text, a sound, what a power did and cost). `notice`:
    a line the page shows after this move (given the state before, the game after it and
    the form)."""
    game = player_game(request, game_id, KIND)
    before = game.state
    form = form_class(request.POST)
    made: list[rules.Action] = []

    def action(data: dict[str, Any]) -> rules.Action:
        made.append(to_action(data))
        return made[-1]

    def what_changed() -> display.Change | None:
        return display.change(before, game.state, made[0]) if made else None

    def render(request: HtmxHttpRequest, game: Game, **kwargs: Any) -> HttpResponse:
        moved = kwargs.get("status", 200) == 200
        text = notice(before, game, form) if notice and moved else ""
        change = what_changed() if moved else None
        return board_response(request, game, notice=text, change=change, **kwargs)

    response = submit_move(request, game, form, action, render)
    if response.status_code == 303:  # the page the browser loads next shows these
        change = what_changed()
        if change and change.did:
            messages.info(request, change.did)
        if notice and (text := notice(before, game, form)):
            messages.info(request, text)
    return response


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

    def notice(before: rules.State, game: Game, form: Form) -> str:
        taken = getattr(form, "cleaned_data", {}).get("die")
        staged = {die for die, _ in before.staged}
        extra = sorted(staged - {die for die, _ in game.state.staged} - {taken})
        if not extra:
            return ""
        return ngettext(
            "Die %(dice)s came back too: it only fitted beside the die you took back.",
            "Dice %(dice)s came back too: they only fitted beside the die you took back.",
            len(extra),
        ) % {"dice": ", ".join(str(die + 1) for die in extra)}

    return move(request, game_id, DieForm, lambda d: rules.Unstage(d["die"]), notice)


@require_POST
def unstage_all(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Take every staged die back in one tap (the way out of a dead end): a sequence of
    M3 take-backs, each a stored move, written in one transaction or not at all."""
    game = player_game(request, game_id, KIND)
    before = game.state

    def act(data: dict[str, Any]) -> None:
        if not game.state.staged:
            raise IllegalMove(gettext_noop("No die is staged: there is nothing to take back."))
        version = data["version"]
        with transaction.atomic():
            while game.state.staged:  # the first staged die: the dice placed beside it follow
                game.apply_action(rules.Unstage(game.state.staged[0][0]), version)
                version += 1

    def render(request: HtmxHttpRequest, game: Game, **answer: Any) -> HttpResponse:
        if answer.get("status", 200) != 200:
            return board_response(request, game, **answer)
        last = rules.Unstage(before.staged[0][0])
        return board_response(request, game, change=display.change(before, game.state, last))

    return answer_move(
        request, game, PlainForm(request.POST), act, render, redirect=game.get_absolute_url
    )


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
