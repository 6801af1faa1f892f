"""Binds each visitor's session to a Player record, created only when first needed."""

from django.http import HttpRequest

from games.core import rows
from games.core.accounts.models import Account
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
        user = getattr(request, "user", None)
        if player_id is None:
            pass
        elif user is None or not user.is_authenticated:
            player = _guest(player_id)
        else:
            player = Player.objects.select_related("account").filter(pk=player_id).first()
            if player is not None and player.is_secured and user.pk != player.account.user_id:
                player = None
        setattr(request, _CACHE, player)
    found: Player | None = getattr(request, _CACHE)
    return found


def _guest(player_id: object) -> Player | None:
    """The player, unless their nickname is secured (then only a signed-in session reaches
    them). A guest's page reads this: one SELECT in plain SQL (games.core.rows), at a fraction
    of the ORM query's cost."""
    if not isinstance(player_id, int):
        return None
    row = rows.fetch_one(rows.statement("players._guest", _guest_sql), [player_id])
    if row is None:
        return None
    player = rows.build(Player, row)
    Player.account.related.set_cached_value(player, None)  # known to have no account
    return player


def _guest_sql() -> str:
    table, accounts = rows.table(Player), rows.table(Account)
    key, owned = rows.column(Player, "id"), rows.column(Account, "player")
    return (
        f"SELECT {rows.columns(Player)} FROM {table} WHERE {table}.{key} = %s AND NOT EXISTS "
        f"(SELECT 1 FROM {accounts} WHERE {accounts}.{owned} = {table}.{key})"
    )


def know_player(request: HttpRequest, player: Player) -> None:
    """`player` is the visitor's, as `get_player` would find it (read with their game by
    Game.find): this request reads it no more."""
    setattr(request, _CACHE, player)


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
