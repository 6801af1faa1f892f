"""HINT: the coach's move for the board on show, and the "coached" mark it leaves on a game.

A game kind that offers hints (`GameKind.offers_hints`) turns the coach's advice into a `Hint`
(`GameKind.hint`); its board draws the hint's cells and dice, and the shared
`play/_hint.html` panel draws the HINT button, the one-time confirmation and the advice
in words. A hint is not a move: nothing is stored as an Action and the version stays, so
replays and `verify_games` never see it. It marks the game `coached` for good, and a coached
game's result is hidden from every leaderboard (Game._record_result) while it stays in the
player's records.

The POST asks first (`confirm` absent): before the first hint of a game the panel says what a
hint costs; the confirmed POST marks the game and shows the hint. A GET never marks anything.

The coach's advice is computed once per game version and kept in Django's cache (shared by
every app server), keyed by game and version: another tab, a reload or the confirmation after
the question costs no coach work. What is kept is the `Advice` (actions and values, in no
language); the kind words it for each visitor. Every hint shown counts against a per-player and
a per-address limit a minute (settings.HINT_LIMITS) and in a burst of a few seconds
(settings.HINT_BURSTS); past any, a 429 with the board and a message, and nothing is marked.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.coach import Advice
from games.core.kinds import get_kind
from games.core.models import Game, GameOver, StaleVersion
from games.core.play.hint_panel import panel
from games.core.play.moves import MoveForm, answer_move, player_game
from games.core.play.refusals import (
    NO_HINTS_MESSAGE,
    OVER_HINT_MESSAGE,
    STALE_HINT_MESSAGE,
    TOO_MANY_HINTS_AT_ONCE_MESSAGE,
    TOO_MANY_HINTS_MESSAGES,
)
from games.core.play.response import HtmxHttpRequest, board_response
from games.core.players import SESSION_KEY
from games.core.security import client_address, count_uses, full_use


class HintForm(MoveForm):
    """The board the hint is asked for; `confirm` once the player has read the warning."""

    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


@require_POST
def hint(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Ask (the first time), then mark the game coached and show the coach's move: through
    the one answer of every move-like request (games.core.play.moves), though no move is
    stored and the version stays."""
    early = refused_at_once(request, game_id)
    if early is not None:
        return early
    kind_key = Game.objects.filter(pk=game_id).values_list("kind_key", flat=True).first()
    if kind_key is None:
        raise Http404("No such game.")
    game = player_game(request, game_id, get_kind(kind_key))
    if not game.kind.offers_hints or game.tutorial:
        return board_response(request, game, error=str(NO_HINTS_MESSAGE), status=400)

    def act(data: dict[str, Any]) -> HttpResponse:
        if not game.coached and not data["confirm"]:
            return board_response(request, game, hint_panel=panel(game, asking=True))
        refused = too_many_hints(request, game)
        if refused is not None:
            return refused
        # From the state at `version`, before the mark.
        shown = game.kind.hint(game.state, kept_advice(game))
        if not game.coached:
            with transaction.atomic():
                marked = Game.objects.filter(
                    pk=game.pk, version=data["version"], status=Game.Status.ACTIVE
                ).update(coached=True)
            if not marked:  # a move in another tab came first: no hint, nothing marked
                status = Game.objects.values_list("status", flat=True).get(pk=game.pk)
                raise StaleVersion if status == Game.Status.ACTIVE else GameOver
            game.coached = True
        return board_response(request, game, hint_panel=panel(game, hint=shown), hint=shown)

    return answer_move(
        request,
        game,
        HintForm(request.POST),
        act,
        stale_message=STALE_HINT_MESSAGE,
        over_message=OVER_HINT_MESSAGE,
    )


def kept_advice(game: Game) -> Advice:
    """The coach's advice for the game at its current version: computed once, then kept."""
    key = f"hint:{game.pk}:{game.version}"
    advice = cache.get(key)
    if not isinstance(advice, Advice):
        advice = game.kind.coach.advise(game.state)
        cache.set(key, advice, settings.HINT_KEEP_SECONDS)
    return advice


def hint_counts(player_id: object, address: str) -> list[tuple[str, str, int, timedelta]]:
    """What a hint counts against: the player and the address, in a burst and in the minute."""
    limits, bursts = settings.HINT_LIMITS, settings.HINT_BURSTS
    minute, burst = timedelta(minutes=1), timedelta(seconds=settings.HINT_BURST_SECONDS)
    player = f"player {player_id}"
    return [
        ("hint-player-burst", player, bursts["player"], burst),
        ("hint-address-burst", address, bursts["address"], burst),
        ("hint-player", player, limits["player"], minute),
        ("hint-address", address, limits["address"], minute),
    ]


def too_many_hints(request: HtmxHttpRequest, game: Game) -> HttpResponse | None:
    """Count this hint for the player and the address, in a short burst window and in the
    minute; past a limit, the 429 answer."""
    scope, retry = count_uses(hint_counts(game.player_id, client_address(request)))
    if not scope:
        return None
    response = board_response(request, game, error=limit_message(scope), status=429)
    response["Retry-After"] = str(retry)
    return response


def refused_at_once(request: HtmxHttpRequest, game_id: int) -> HttpResponse | None:
    """A visitor already past a hint limit is refused before the game is even read: one read
    of the counts and a small answer (htmx: the board's message alone), so that a
    flood of hints costs the site next to nothing. Nothing is counted or marked."""
    player_id = request.session.get(SESSION_KEY)
    if not isinstance(player_id, int):
        return None  # no player yet: the whole path answers (and refuses) as for anyone
    scope, retry = full_use(hint_counts(player_id, client_address(request)))
    if not scope:
        return None
    context = {"message": limit_message(scope), "title": gettext("Please wait")}
    if request.htmx:
        response = render(request, "play/_hint_refused.html", context, status=429)
        response["HX-Retarget"] = "#board-message"
        response["HX-Reswap"] = "outerHTML"
    else:
        response = render(request, "core/refused.html", context, status=429)
    response["Retry-After"] = str(retry)
    return response


def limit_message(scope: str) -> str:
    limits, bursts = settings.HINT_LIMITS, settings.HINT_BURSTS
    if scope.endswith("-burst"):
        which = scope.removeprefix("hint-").removesuffix("-burst")
        values = {"limit": bursts[which], "seconds": settings.HINT_BURST_SECONDS}
        return str(TOO_MANY_HINTS_AT_ONCE_MESSAGE % values)
    which = scope.removeprefix("hint-")
    return str(TOO_MANY_HINTS_MESSAGES[which] % {"limit": limits[which]})
