"""Reference games for all three rules modules, like chess's perft files: read and replay them.

Each `tests/rules/reference/<game>.txt` holds a few hundred seeded random-legal games written by
`python -m tests.rules.reference.make`; this module reads them. One game per line, four
tab-separated fields:

    seed <TAB> options JSON <TAB> action texts joined by "; " <TAB> result JSON

A game replays exactly as the site plays it: `rng = random.Random(seed)` (the seed string as
it is), `state = new_game(Options.from_dict(options), rng)`, then `state = apply(state,
action_from_text(text), rng)` for each action, with the same `rng`. The result is `result(game,
final_state)`: the score and how the game ended (for MISHIMASH the winner and every banked
total, in half-points), and `state_sha`, the start of the SHA-256 of the final state's dict
form as JSON, which pins the stored format. Lines starting with "#" are comments.

Pure Python, no Django: the web layer can drive its own checks (verify_games) from `load`.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

GAMES = ("ishido", "magdagdon", "mishimash")
HERE = Path(__file__).resolve().parents[1] / "rules" / "reference"  # the recorded files


@dataclass(frozen=True)
class ReferenceGame:
    """One recorded game: replay `actions` (texts) from `random.Random(seed)`."""

    game: str
    seed: str
    options: dict[str, Any]
    actions: tuple[str, ...]
    result: dict[str, Any]

    @property
    def rules(self) -> ModuleType:
        """The game's rules module, `games.rules.<game>`."""
        return rules(self.game)

    def replay(self) -> Iterator[tuple[Any, Any, Any]]:
        """(state before, action, state after) for every action, as the site would play it."""
        rules = self.rules
        rng = random.Random(self.seed)
        state = rules.new_game(rules.Options.from_dict(self.options), rng)
        for text in self.actions:
            action = rules.action_from_text(text)
            after = rules.apply(state, action, rng)
            yield state, action, after
            state = after

    def final_state(self) -> Any:
        """The state after the last action."""
        rules = self.rules
        state = rules.new_game(rules.Options.from_dict(self.options), random.Random(self.seed))
        for _, _, after in self.replay():
            state = after
        return state


def rules(game: str) -> ModuleType:
    if game not in GAMES:
        raise ValueError(f"Unknown game {game!r}: one of {', '.join(GAMES)}.")
    return import_module(f"games.rules.{game}")


def path(game: str) -> Path:
    return HERE / f"{game}.txt"


def state_sha(state: Any) -> str:
    """The first 16 hex digits of the SHA-256 of the state's dict form as compact JSON."""
    text = json.dumps(state.to_dict(), ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def result(game: str, state: Any) -> dict[str, Any]:
    """What a reference line records about a finished game."""
    if game == "ishido":
        ending = {"score": state.final_score, "end": state.end_reason, "left": state.stones_left}
    elif game == "magdagdon":
        ending = {"score": rules(game).live_score(state).total, "turns": state.turns}
    else:
        ending = {"winner": state.winner, "banked_halves": list(state.banked_halves)}
    return {**ending, "state_sha": state_sha(state)}


def format_line(ref: ReferenceGame) -> str:
    options = json.dumps(ref.options, ensure_ascii=False, separators=(",", ":"))
    outcome = json.dumps(ref.result, ensure_ascii=False, separators=(",", ":"))
    return "\t".join((ref.seed, options, "; ".join(ref.actions), outcome))


def parse_line(game: str, line: str) -> ReferenceGame:
    seed, options, actions, outcome = line.rstrip("\n").split("\t")
    texts = tuple(actions.split("; ")) if actions else ()
    return ReferenceGame(game, seed, json.loads(options), texts, json.loads(outcome))


def load(game: str) -> list[ReferenceGame]:
    """Every reference game of `game` ("ishido", "magdagdon" or "mishimash"), in file order."""
    rules(game)  # refuses an unknown game
    lines = path(game).read_text(encoding="utf-8").splitlines()
    return [parse_line(game, line) for line in lines if line and not line.startswith("#")]
