"""What every page needs: the visitor's player and the list of games."""

from django.http import HttpRequest

from games.core.kinds import all_kinds
from games.core.players import get_player


def site(request: HttpRequest) -> dict[str, object]:
    return {"player": get_player(request), "game_kinds": all_kinds()}
