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
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import transaction
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_POST

from games.core.kinds import get_kind
from games.core.models import Game, GameOver, StaleVersion
from games.core.play.hint_panel import panel
from games.core.play.moves import MoveForm, answer_move, player_game
from games.core.play.refusals import NO_HINTS_MESSAGE, OVER_HINT_MESSAGE, STALE_HINT_MESSAGE
from games.core.play.response import HtmxHttpRequest, board_response


class HintForm(MoveForm):
    """The board the hint is asked for; `confirm` once the player has read the warning."""

    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


@require_POST
def hint(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Ask (the first time), then mark the game coached and show the coach's move: through
    the one answer of every move-like request (games.core.play.moves), though no move is
    stored and the version stays."""
    kind_key = Game.objects.filter(pk=game_id).values_list("kind_key", flat=True).first()
    if kind_key is None:
        raise Http404("No such game.")
    game = player_game(request, game_id, get_kind(kind_key))
    if not game.kind.offers_hints:
        return board_response(request, game, error=str(NO_HINTS_MESSAGE), status=400)

    def act(data: dict[str, Any]) -> HttpResponse:
        if not game.coached and not data["confirm"]:
            return board_response(request, game, hint_panel=panel(game, asking=True))
        shown = game.kind.hint(game.state)  # from the state at `version`, before the mark
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
