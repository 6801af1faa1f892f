"""Binds each visitor's session to a Player record, created only when first needed."""

from django.http import HttpRequest

from games.core.models import Player
from games.core.security import count_creation

SESSION_KEY = "player_id"
_CACHE = "_cubiri_player"


def get_player(request: HttpRequest) -> Player | None:
    """The visitor's player, or None when they have not played or named themselves yet.

    A secured player belongs only to a session signed in as its account: a guest cookie kept
    from before the nickname was secured (or copied) no longer reaches it.
    """
    if not hasattr(request, _CACHE):
        player_id = request.session.get(SESSION_KEY)
        player = None
        if player_id is not None:
            player = Player.objects.select_related("account").filter(pk=player_id).first()
        if player is not None and player.is_secured:
            user = getattr(request, "user", None)
            if user is None or user.pk != player.account.user_id:
                player = None
        setattr(request, _CACHE, player)
    found: Player | None = getattr(request, _CACHE)
    return found


def ensure_player(request: HttpRequest) -> Player:
    """The visitor's player, created (and bound to the session) on first use.

    Creating one counts against the address's hourly limit (RateLimited past it); call it
    inside the transaction of the request's other writes.
    """
    player = get_player(request)
    if player is None:
        count_creation(request, "player")
        player = Player.objects.create()
        bind_player(request, player)
    return player


def bind_player(request: HttpRequest, player: Player) -> None:
    """From now on this session plays as `player`."""
    request.session[SESSION_KEY] = player.pk
    setattr(request, _CACHE, player)
