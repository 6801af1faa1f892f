"""The pure rules of the CUBIRI games: no Django, no I/O, no global random state.

One module per game (`magdagdon`, `mishimash`, `ishido`), each with the same API: `new_game`,
`apply`, `legal_actions`, `action_from_text` / `Action.text()`, `action_from_dict` /
`to_dict()`, `State.from_dict`. Shared: the errors, the dict and text forms (`base`) and the
dice drawn from a game's seeded `random.Random`.
"""

from games.rules.errors import CorruptState, IllegalMove, InvalidMove

__all__ = ["CorruptState", "IllegalMove", "InvalidMove"]
