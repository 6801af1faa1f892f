"""Starting a how-to-play: one POST deals the kind's public opening as a tutorial game."""

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from games.core.kinds import get_kind
from games.core.models import Game
from games.core.play.moves import see_other
from games.core.players import ensure_player
from games.core.security import count_creation


@require_POST
def start(request: HttpRequest, kind: str) -> HttpResponse:
    """Deal the kind's how-to-play (again: an earlier one is abandoned) and open it. The
    player's own running game of that kind is left as it is."""
    try:
        game_kind = get_kind(kind)
    except KeyError:
        raise Http404("No such game.") from None
    if not game_kind.tutorial_seed:
        raise Http404("This game has no how-to-play.")
    with transaction.atomic():
        count_creation(request, "game")
        player = ensure_player(request)
        options = game_kind.quick_options(player)
        game = Game.start(player, game_kind, options, game_kind.tutorial_seed, tutorial=True)
    return see_other(game.get_absolute_url())
