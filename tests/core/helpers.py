"""Finished games and leaderboard rows for the core and browser tests (Ishido: quick to finish)."""

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from games.core.kinds import get_kind
from games.core.models import Game, Player, Result
from games.rules import ishido


def finish_ishido(player: Player, seed: str = "core-test") -> Game:
    """Start an Ishido game and play the lowest legal cell until it ends."""
    kind = get_kind("ishido")
    game = Game.start(player, kind, ishido.Options(), seed=seed)
    while game.is_active:
        state = game.state
        game.apply_action(ishido.Place(min(state.legal_cells)), game.version)
    return game


def make_result(
    nickname: str, score: int, stones_left: int = 5, *, hidden: bool = False, days: int = 0
) -> Result:
    """A finished Ishido game's leaderboard row, without playing the game."""
    player = Player.objects.create(nickname=nickname)
    game = Game.objects.create(
        kind_key="ishido",
        player=player,
        status=Game.Status.FINISHED,
        seed="s",
        seed_hash="h",
        leaderboard="classic",
    )
    return Result.objects.create(
        game=game,
        kind_key="ishido",
        leaderboard="classic",
        player=player,
        nickname=nickname,
        score=Decimal(score),
        stones_left=stones_left,
        hidden=hidden,
        finished_at=timezone.now() - timedelta(days=days),
    )
