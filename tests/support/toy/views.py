"""KEEP TWO's pages: start, play, and its two moves, through games.core.play alone."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET, require_POST

from games.core.play.moves import MoveForm, player_game, start_game, submit_move
from games.core.play.response import HtmxHttpRequest, board_response
from tests.support.toy import rules
from tests.support.toy.kind import KIND


@require_POST
def new(request: HtmxHttpRequest) -> HttpResponse:
    return start_game(request, KIND, rules.Options())


@require_GET
def play(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return board_response(request, player_game(request, game_id, KIND))


MOVES = {"keep": rules.Keep(), "pass": rules.Pass()}


@require_POST
def move(request: HtmxHttpRequest, game_id: int, action: str) -> HttpResponse:
    """KEEP or PASS (the URL names which): the form only carries the version."""
    game = player_game(request, game_id, KIND)
    return submit_move(request, game, MoveForm(request.POST), lambda data: MOVES[action])
