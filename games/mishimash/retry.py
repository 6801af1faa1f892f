"""MISHIMASH's "Try again" from a review (MishimashKind.retry_view and retry_actions): the same
roll, the dice to tick and BANK or ROLL AGAIN (templates/mishimash/_retry.html)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_noop

from games.coach import Advice
from games.coach.mishimash.review import choice_key
from games.mishimash import display
from games.rules import InvalidMove, mishimash

UNREADABLE = gettext_noop("Tick the dice to set aside, then choose BANK or ROLL AGAIN.")


@dataclass(frozen=True)
class Position:
    dice: tuple[tuple[int, int], ...]  # (index in the roll, face)
    turn_points: str
    banked: str


def view(state: mishimash.State) -> Position:
    return Position(
        dice=tuple(enumerate(state.roll)),
        turn_points=f"{state.turn_halves / 2:g}",
        banked=f"{state.banked_halves[state.current] / 2:g}",
    )


@dataclass(frozen=True)
class PuzzleDice:
    """A puzzle's roll on the game's own dice row (templates/mishimash/_puzzle.html)."""

    board: display.MishimashBoard
    turn_points: str
    banked: str


def puzzle_dice(state: mishimash.State, ticked: tuple[int, ...]) -> PuzzleDice:
    """The roll with the dice `ticked` (UI state, cleaned by display.board_view)."""
    seen = view(state)
    board = display.board_view(state, playable=True, selection=ticked)
    return PuzzleDice(board, seen.turn_points, seen.banked)


def actions(state: mishimash.State, data: QueryDict) -> list[mishimash.Action]:
    then = data.get("then")
    ticked = data.getlist("dice")
    if then not in ("bank", "roll") or not all(t.isascii() and t.isdigit() for t in ticked):
        raise InvalidMove(UNREADABLE)
    dice = tuple(sorted({int(t) for t in ticked if len(t) < 3}))
    if len(dice) != len(ticked) or any(d >= len(state.roll) for d in dice):
        raise InvalidMove(UNREADABLE)
    if then == "bank":
        return [mishimash.SelectAndBank(state.current, dice)]
    return [mishimash.SelectAndRollAgain(state.current, dice)]


def runner_up(state: mishimash.State, advice: Advice) -> list[Any] | None:
    """The coach's best selection that means something else than its own (other faces set
    aside, or BANK instead of ROLL AGAIN), for a puzzle's second-best choice."""
    best = choice_key(state, advice.action)
    for action, _value in advice.alternatives:
        if choice_key(state, action) != best:
            return [action]
    return None
