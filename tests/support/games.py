"""Players and stored games for the view, core and browser tests."""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.urls import reverse
from django.utils import timezone

from games.core.kinds import get_kind
from games.core.models import Game, Player, Result, pack_rng
from games.rules import ishido


def bind_player(client, nickname: str = "Tester") -> Player:
    """The client's player, named through the nickname form (which creates it)."""
    client.post(reverse("core:nickname"), {"nickname": nickname})
    return Player.objects.get(pk=client.session["player_id"])


def start_seeded(client, kind_key: str, options: Any, seed: str = "fixed") -> Game:
    """A game of the client's player dealt from a known seed."""
    return Game.start(bind_player(client), get_kind(kind_key), options, seed=seed)


def set_state(game: Game, state: Any, seed: str | None = None) -> Game:
    """Put a game at a chosen position (its later dice come from `seed`, when given)."""
    game.snapshot = state.to_dict()
    fields = ["snapshot"]
    if seed is not None:
        game.rng_state = pack_rng(random.Random(seed))
        fields.append("rng_state")
    game.save(update_fields=fields)
    game._cached_state = None  # Game.state caches the snapshot it read
    return game


def frozen(game: Game) -> tuple[int, dict, int, str, bytes]:
    """What must not change when a move is refused."""
    game.refresh_from_db()
    return game.version, game.snapshot, game.actions.count(), game.status, bytes(game.rng_state)


def finish_ishido(player: Player, seed: str = "core-test") -> Game:
    """Start an Ishido game and play the lowest legal cell until it ends."""
    game = Game.start(player, get_kind("ishido"), ishido.Options(), seed=seed)
    while game.is_active:
        game.apply_action(ishido.Place(min(game.state.legal_cells)), game.version)
    return game


def make_result(
    nickname: str,
    score: int | Decimal,
    *,
    kind_key: str = "ishido",
    leaderboard: str = "classic",
    hidden: bool = False,
    days: int = 0,
    minutes: int = 0,
    player: Player | None = None,
    finished_at=None,
    **fields,
) -> Result:
    """A finished game's leaderboard row, without playing the game (`fields`: turns,
    stones_left, powers_used)."""
    if kind_key == "ishido":
        fields.setdefault("stones_left", 5)
    player = player or Player.objects.create(nickname=nickname)
    game = Game.objects.create(
        kind_key=kind_key,
        player=player,
        status=Game.Status.FINISHED,
        seed="s",
        seed_hash="h",
        leaderboard=leaderboard,
    )
    return Result.objects.create(
        game=game,
        kind_key=kind_key,
        leaderboard=leaderboard,
        player=player,
        nickname=nickname,
        score=Decimal(score),
        hidden=hidden,
        finished_at=finished_at or timezone.now() - timedelta(days=days, minutes=minutes),
        **fields,
    )
