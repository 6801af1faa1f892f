"""Binds each visitor's session to a Player record, created only when first needed."""

from django.http import HttpRequest

from games.core.models import Player

SESSION_KEY = "player_id"
_CACHE = "_cubiri_player"


def get_player(request: HttpRequest) -> Player | None:
    """The visitor's player, or None when they have not played or named themselves yet."""
    if not hasattr(request, _CACHE):
        player_id = request.session.get(SESSION_KEY)
        player = None if player_id is None else Player.objects.filter(pk=player_id).first()
        setattr(request, _CACHE, player)
    found: Player | None = getattr(request, _CACHE)
    return found


def ensure_player(request: HttpRequest) -> Player:
    """The visitor's player, created (and bound to the session) on first use."""
    player = get_player(request)
    if player is None:
        player = Player.objects.create()
        request.session[SESSION_KEY] = player.pk
        setattr(request, _CACHE, player)
    return player
