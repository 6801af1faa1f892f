"""Finished games for the core tests, played through the real rules (Ishido: quick to finish)."""

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido


def finish_ishido(player: Player, seed: str = "core-test") -> Game:
    """Start an Ishido game and play the lowest legal cell until it ends."""
    kind = get_kind("ishido")
    game = Game.start(player, kind, ishido.Options(), seed=seed)
    while game.is_active:
        state = game.state
        game.apply_action(ishido.Place(min(state.legal_cells)), game.version)
    return game
