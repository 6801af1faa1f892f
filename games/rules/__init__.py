"""The pure rules of the CUBIRI games: no Django, no I/O, no global random state.

One module per game (`magdagdon`, `mishimash`, `ishido`) plus what they share: the error family
and the dice drawn from a game's seeded `random.Random`.
"""

from games.rules.errors import IllegalMove, InvalidMove

__all__ = ["IllegalMove", "InvalidMove"]
