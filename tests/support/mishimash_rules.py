"""Helpers shared by the MISHIMASH rules, view and browser tests: scripted dice, a simple bot,
a compact notation for recorded games, and the three-player positions of the end-game tests.

Run `python -m tests.support.mishimash_rules` to search seeds for recorded games with a final
round (X15) and sudden death (X16); the hits are hard-coded in
tests/rules/test_mishimash_endgame.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.rules.mishimash import (
    Action,
    Event,
    Options,
    Roll,
    SelectAndBank,
    SelectAndRollAgain,
    State,
    SuddenDeathStarted,
    apply,
    new_events,
    new_game,
)


class ScriptedRng(random.Random):
    """A Random whose randint(1, 6) returns the scripted faces in order (dice.roll_dice uses it)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


def scripted(state: State, *steps: tuple[Action, Iterable[int]]) -> State:
    """Apply each action with the faces it must roll."""
    for action, faces in steps:
        rng = ScriptedRng(faces)
        state = apply(state, action, rng)
        assert rng.faces == [], "every scripted face must be rolled"
    return state


def bot_action(state: State, stop_halves: int) -> Action:
    """Roll; take the most valuable selection; roll again while under `stop_halves` with 3+ dice
    left (always after a clear)."""
    if state.phase == "rolling":
        return Roll(state.current)
    best = max(state.legal_selections(), key=lambda s: (state.selection_halves(s) or 0, -len(s)))
    left = state.dice_in_play - len(best)
    gain = state.selection_halves(best) or 0
    if left == 0 or (state.turn_halves + gain < stop_halves and left >= 3):
        return SelectAndRollAgain(state.current, best)
    return SelectAndBank(state.current, best)


def encode(action: Action) -> str:
    """ "R" roll, "B0,4" select positions 0 and 4 then bank, "A0,4" ... then roll again."""
    if isinstance(action, Roll):
        return "R"
    letter = "B" if isinstance(action, SelectAndBank) else "A"
    return letter + ",".join(map(str, action.dice))


def decode(code: str, player: int) -> Action:
    if code == "R":
        return Roll(player)
    dice = tuple(int(i) for i in code[1:].split(","))
    return SelectAndBank(player, dice) if code[0] == "B" else SelectAndRollAgain(player, dice)


def replay(seed: int, options: Options, codes: Iterable[str]) -> list[State]:
    """Replay a recorded game (seeded dice); return every state, the first included."""
    rng = random.Random(seed)
    states = [new_game(options, rng)]
    for code in codes:
        states.append(apply(states[-1], decode(code, states[-1].current), rng))
    return states


def full_log(states: list[State]) -> tuple[Event, ...]:
    """A game's whole log from its successive states (each keeps only the recent part)."""
    log = list(states[0].log)
    for before, after in zip(states, states[1:], strict=False):
        log.extend(new_events(before, after))
    return tuple(log)


def bot_game(seed: int, options: Options, stop_halves: int) -> tuple[State, list[str]]:
    states, codes = bot_states(seed, options, stop_halves)
    return states[-1], codes


def bot_states(seed: int, options: Options, stop_halves: int) -> tuple[list[State], list[str]]:
    """A whole game played by `bot_action`: every state, the first included, and the moves."""
    rng = random.Random(seed)
    states = [new_game(options, rng)]
    codes = []
    while not states[-1].is_finished:
        action = bot_action(states[-1], stop_halves)
        codes.append(encode(action))
        states.append(apply(states[-1], action, rng))
    return states, codes


# --- end-game positions: three players, target 10 ------------------------------------------

TRIO = Options(("Anna", "Béla", "Cyril"), target=10)  # 20 halves
ONE_POINT = [1, 2, 3, 4, 6, 6]  # a roll whose only selection is the 1 at position 0
HALF_POINT = [5, 2, 3, 4, 6, 6]
BUST = [2, 2, 3, 3, 4, 6]


def bank_one(state: State, player: int, faces: list[int] = ONE_POINT) -> State:
    return scripted(state, (Roll(player), faces), (SelectAndBank(player, (0,)), []))


def bust(state: State, player: int) -> State:
    return scripted(state, (Roll(player), BUST))


def trio(banked: tuple[int, int, int], current: int) -> State:
    turns = tuple(5 if seat < current else 4 for seat in range(3))
    return State(TRIO, banked_halves=banked, turns=turns, current=current)


def _search() -> None:  # pragma: no cover - a tool, not a test
    options = Options(("Anna", "Béla", "Cyril"), target=12)
    best: dict[str, tuple[int, int, list[str]]] = {}
    for seed in range(20_000):
        for stop in (10, 24):
            states, codes = bot_states(seed, options, stop)
            state = states[-1]
            sd = [e for e in full_log(states) if isinstance(e, SuddenDeathStarted)]
            kind = f"sd{len(sd)}" if sd else "final"
            if state.final_round_by is None or state.final_round_by == 2:
                continue
            if kind not in best or len(codes) < len(best[kind][2]):
                best[kind] = (seed, stop, codes)
    for kind, (seed, stop, codes) in sorted(best.items()):
        print(kind, seed, stop, len(codes), " ".join(codes))


if __name__ == "__main__":  # pragma: no cover
    _search()
