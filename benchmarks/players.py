"""Random legal players for the move benchmarks: a rules action chosen from `legal_actions`,
and the form fields the page's forms send for it."""

from __future__ import annotations

import random
from typing import Any

from games.rules import ishido, magdagdon, mishimash


def move_request(game: str, action: Any, state: Any = None) -> tuple[str, list[tuple[str, object]]]:
    """The URL suffix and form fields of a rules action, as the page's forms send them (for
    Ishido, given the `state`, also the stone the page showed and the highlight switch: its
    hidden "0" and the ticked checkbox's "1", as a browser sends them)."""
    if game == "ishido":
        shown = [("stone", ishido.stone_name(state.current_stone))] if state is not None else []
        return "place", [*shown, ("cell", action.cell), ("hints", 0), ("hints", 1)]
    if game == "mishimash":
        name = type(action).__name__
        fields: list[tuple[str, object]] = [("player", action.player)]
        if name == "Roll":
            return "roll", fields
        fields += [("dice", d) for d in action.dice]
        return ("bank" if name == "SelectAndBank" else "roll-again"), fields
    name = type(action).__name__
    if name == "Roll":
        return "roll", []
    if name == "Confirm":
        return "confirm", []
    if name == "Stage":
        return "stage", [("die", action.die), ("cell", action.cell)]
    if name == "Unstage":
        return "unstage", [("die", action.die)]
    if name in ("Decrease", "Increase"):
        return name.lower(), [("die", action.die)]
    if name == "Reroll":
        return "reroll", [("dice", d) for d in action.dice]
    return "accept", [("cell", action.cell)]


RULES = {"ishido": ishido, "magdagdon": magdagdon, "mishimash": mishimash}
OPTIONS = {
    "ishido": ishido.Options(),
    "magdagdon": magdagdon.Options(magdagdon.Difficulty.PEACEFUL),
    "mishimash": mishimash.Options(("Bench",), 1000),
}


def choose(game: str, state: Any, rng: random.Random) -> Any:
    """A random legal action, as a casual player would pick: MAGDAGDON powers and take-backs
    only when nothing else is legal (else random play wanders)."""
    actions = RULES[game].legal_actions(state)
    plain = [
        a for a in actions if type(a).__name__ not in ("Unstage", "Decrease", "Increase", "Reroll")
    ]
    return rng.choice(plain or list(actions))
