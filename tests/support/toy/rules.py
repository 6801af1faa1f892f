"""KEEP TWO, the toy game's rules, through the one rules API (games.rules' contract).

Five rolls of one die; after each the player KEEPs the face (at most two keeps) or PASSes.
The score is the sum of the kept faces. A game ends after the fifth roll or the second keep.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.rules.base import ActionRecord, Codec, Record, number, read_action, read_text
from games.rules.errors import IllegalMove

ROLLS = 5
KEEPS = 2


@dataclass(frozen=True)
class Options(Record):
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {}


@dataclass(frozen=True)
class Keep(ActionRecord):
    TYPE: ClassVar[str] = "keep"
    WORD: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Pass(ActionRecord):
    TYPE: ClassVar[str] = "pass"
    WORD: ClassVar[str] = "pass"


Action = Keep | Pass
_ACTIONS: dict[str, type[Keep] | type[Pass]] = {Keep.TYPE: Keep, Pass.TYPE: Pass}


@dataclass(frozen=True)
class State(Record):
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {
        "rolls_left": number(0, ROLLS),
        "keeps_left": number(0, KEEPS),
        "score": number(0, 6 * KEEPS),
        "face": number(0, 6),
    }
    rolls_left: int  # rolls still to come after the one showing
    keeps_left: int
    score: int
    face: int  # the die showing (0 once the game is over)

    @property
    def is_finished(self) -> bool:
        return self.face == 0

    @property
    def turn(self) -> int:
        return ROLLS - self.rolls_left


def action_from_dict(data: object) -> Action:
    return read_action(data, _ACTIONS)


def action_from_text(text: str) -> Action:
    return read_text(text, _ACTIONS, "KEEP TWO")


def new_game(options: Options, rng: random.Random) -> State:
    return State(ROLLS - 1, KEEPS, 0, rng.randint(1, 6))


def legal_actions(state: State) -> tuple[Action, ...]:
    return () if state.is_finished else (Keep(), Pass())


def apply(state: State, action: Action, rng: random.Random) -> State:
    if state.is_finished:
        raise IllegalMove("The game is over.")  # a test game: never translated
    if not isinstance(action, Keep | Pass):
        raise IllegalMove("That is not a move of this game.")
    kept = isinstance(action, Keep)
    keeps, score = state.keeps_left - kept, state.score + state.face * kept
    if state.rolls_left == 0 or keeps == 0:
        return State(0, keeps, score, 0)
    return State(state.rolls_left - 1, keeps, score, rng.randint(1, 6))
