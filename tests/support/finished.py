"""Finished games of every kind, played through the stored-game path (Game.apply_action) by
simple players, for the review's tests: each decision a person could make, some of them bad."""

from __future__ import annotations

import random
from typing import Any

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido, magdagdon, mishimash


def magdagdon_move(state: magdagdon.State, pick: random.Random) -> Any:
    """Stage random legal dice, CONFIRM as soon as allowed half of the time; never a power."""
    moves = [
        a
        for a in magdagdon.legal_actions(state)
        if not isinstance(a, magdagdon.Decrease | magdagdon.Increase | magdagdon.Reroll)
    ]
    stages = [a for a in moves if isinstance(a, magdagdon.Stage)]
    if magdagdon.Confirm() in moves and (not stages or pick.random() < 0.5):
        return magdagdon.Confirm()
    return pick.choice(stages or moves)


def mishimash_move(state: mishimash.State, pick: random.Random) -> Any:
    """Set aside every scoring die showing; bank at 30 turn points or more."""
    moves = mishimash.legal_actions(state)
    if len(moves) == 1:
        return moves[0]
    selections = [a for a in moves if isinstance(a, mishimash.SelectAndBank)]
    best = max(selections, key=lambda a: (len(a.dice), a.dice))
    gain = state.selection_halves(best.dice) or 0
    if state.turn_halves + gain >= 60:
        return best
    return mishimash.SelectAndRollAgain(best.player, best.dice)


def ishido_move(state: ishido.State, pick: random.Random) -> Any:
    return ishido.Place(pick.choice(sorted(state.legal_cells)))


MOVES = {"magdagdon": magdagdon_move, "mishimash": mishimash_move, "ishido": ishido_move}


def finish(player: Player, kind_key: str, options: Any, seed: str = "review") -> Game:
    """A game of `kind_key` dealt from `seed` and played to its end."""
    game = Game.start(player, get_kind(kind_key), options, seed=seed)
    move = MOVES[kind_key.removesuffix("_online")]
    pick = random.Random(seed)
    while game.is_active:
        game.apply_action(move(game.state, pick), game.version)
    return game
