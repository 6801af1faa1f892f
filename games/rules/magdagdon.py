"""MAGDAGDON: fill a 4×4 board with dice while growing one connected field of numbers.

The binding rules are the project's rule page (M1–M22); rule numbers are cited in comments.
Two layers, both importable from here:

* the board contract — `RUIN`, `legal_cells`, `can_place`, `required_dice`, `score` — pure
  functions over a board (a 16-tuple of `None`, an int 1..6 or `RUIN`, index = row·4 + column),
  written in `magdagdon_board` and re-exported;
* the engine (this module) — `new_game`, `apply`, the immutable `State`, one frozen dataclass
  per action — plus read-only helpers for the pages (`available_dice`, `legal_cells_for_die`...).

Randomness is drawn only by `Roll` (four dice) and `Reroll` (one die per chosen index, in
ascending index order), always from the `rng` handed to `apply`.

>>> state = new_game(Options(Difficulty.PEACEFUL), random.Random(1))
>>> state.phase
'rolling'
>>> state = apply(state, Roll(), random.Random(1))
>>> state.roll, state.phase
((2, 5, 1, 3), 'placing')
"""

# Player messages are gettext_noop templates with named fields: the web layer translates them.

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, ClassVar, Final, Literal

from games.rules.dice import roll_dice
from games.rules.errors import IllegalMove, InvalidMove, gettext_noop
from games.rules.magdagdon_board import (
    CELLS,
    EMPTY_BOARD,
    NEIGHBOURS,
    PENALTIES,
    RUIN,
    SIZE,
    Board,
    Cell,
    Difficulty,
    LineBonus,
    Score,
    as_difficulty,
    can_place,
    combo,
    has_number,
    is_number,
    legal_cells,
    power_penalty,
    required_dice,
    score,
    with_cell,
)

__all__ = [
    "RUIN",
    "AcceptMagdagdon",
    "Action",
    "Board",
    "Cell",
    "Confirm",
    "Decrease",
    "Difficulty",
    "Increase",
    "LineBonus",
    "Options",
    "Reroll",
    "Roll",
    "Score",
    "Stage",
    "State",
    "Unstage",
    "EMPTY_BOARD",
    "action_from_dict",
    "apply",
    "as_difficulty",
    "available_dice",
    "can_confirm",
    "can_place",
    "can_use_power",
    "combo",
    "current_board",
    "is_magdagdon",
    "legal_actions",
    "legal_cells",
    "legal_cells_for_die",
    "live_score",
    "new_game",
    "next_penalty",
    "power_penalty",
    "powers_left",
    "required",
    "required_dice",
    "score",
]

DICE_PER_ROLL: Final = 4

# ---------------------------------------------------------------------------------------------
# Options and state

ROLLING: Final = "rolling"
PLACING: Final = "placing"
MAGDAGDON: Final = "magdagdon"
FINISHED: Final = "finished"
Phase = Literal["rolling", "placing", "magdagdon", "finished"]
PHASES: Final[tuple[Phase, ...]] = (ROLLING, PLACING, MAGDAGDON, FINISHED)

PowerName = Literal["decrease", "increase", "reroll"]
POWERS: Final[tuple[PowerName, ...]] = ("decrease", "increase", "reroll")


@dataclass(frozen=True)
class Options:
    difficulty: Difficulty = Difficulty.PEACEFUL

    def to_dict(self) -> dict[str, Any]:
        return {"difficulty": self.difficulty.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        _expect_keys(data, {"difficulty"}, "Options")
        name = data["difficulty"]
        if not isinstance(name, str) or name not in {d.value for d in Difficulty}:
            raise InvalidMove(gettext_noop("Unknown difficulty."))
        return cls(Difficulty(name))


_CHARS: Final[dict[Cell, str]] = {
    None: ".",
    RUIN: RUIN,
    **{value: str(value) for value in range(1, 7)},
}
_CELL_OF: Final[dict[str, Cell]] = {char: cell for cell, char in _CHARS.items()}


@dataclass(frozen=True)
class State:
    """One moment of a game.

    `board` holds confirmed cells only; `roll` is this turn's four dice (empty before ROLL);
    `staged` lists (die index, cell) in staging order; `powers_used` names each power use in
    order; `turns` counts rolls that ended in a CONFIRM or a ruin (M22).
    """

    difficulty: Difficulty
    board: Board = EMPTY_BOARD
    roll: tuple[int, ...] = ()
    staged: tuple[tuple[int, int], ...] = ()
    powers_used: tuple[PowerName, ...] = ()
    turns: int = 0
    phase: Phase = ROLLING

    @property
    def is_finished(self) -> bool:
        return self.phase == FINISHED

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON form; the board is 16 characters: `.` empty, `1`–`6`, `X` ruin."""
        return {
            "difficulty": self.difficulty.value,
            "board": "".join(_CHARS[cell] for cell in self.board),
            "roll": "".join(str(value) for value in self.roll),
            "staged": [[die, cell] for die, cell in self.staged],
            "powers_used": list(self.powers_used),
            "turns": self.turns,
            "phase": self.phase,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """Read `to_dict` output back, refusing anything that no game could reach."""
        keys = {"difficulty", "board", "roll", "staged", "powers_used", "turns", "phase"}
        _expect_keys(data, keys, "State")
        difficulty = Options.from_dict({"difficulty": data["difficulty"]}).difficulty
        board = _read_board(data["board"])
        roll = _read_roll(data["roll"])
        staged = _read_staged(data["staged"], board, roll)
        powers = _read_powers(data["powers_used"], difficulty)
        turns = data["turns"]
        if type(turns) is not int or turns < 0:
            raise ValueError("State turns must be a non-negative integer.")
        state = cls(difficulty, board, roll, staged, powers, turns, data["phase"])
        if state.phase != _phase_of(state) or (state.is_finished and state.roll):
            raise ValueError("State phase does not match its board and roll.")
        return state


def _expect_keys(data: object, keys: set[str], what: str) -> None:
    if not isinstance(data, Mapping):
        raise InvalidMove(gettext_noop("%(what)s must be an object."), {"what": what})
    missing = sorted(keys - set(data))
    extra = sorted(str(key) for key in set(data) - keys)
    if missing:
        raise InvalidMove(
            gettext_noop("%(what)s is missing %(keys)s."),
            {"what": what, "keys": ", ".join(missing)},
        )
    if extra:
        raise InvalidMove(
            gettext_noop("%(what)s has unknown fields %(keys)s."),
            {"what": what, "keys": ", ".join(extra)},
        )


def _read_board(text: object) -> Board:
    if not isinstance(text, str) or len(text) != CELLS or not set(text) <= set(_CELL_OF):
        raise ValueError("A board is 16 characters among '.', '1'-'6' and 'X'.")
    return tuple(_CELL_OF[char] for char in text)


def _read_roll(text: object) -> tuple[int, ...]:
    if not isinstance(text, str) or len(text) not in (0, DICE_PER_ROLL):
        raise ValueError("A roll is empty or four digits 1-6.")
    if not set(text) <= set("123456"):
        raise ValueError("A roll is empty or four digits 1-6.")
    return tuple(int(char) for char in text)


def _read_staged(items: object, board: Board, roll: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    if not isinstance(items, list):
        raise ValueError("Staged dice must be a list of [die, cell] pairs.")
    staged: list[tuple[int, int]] = []
    for item in items:
        ok = isinstance(item, list) and len(item) == 2 and all(type(n) is int for n in item)
        if not ok or not 0 <= item[0] < len(roll) or not 0 <= item[1] < CELLS:
            raise ValueError("Staged dice must be [die, cell] pairs in range.")
        staged.append((item[0], item[1]))
    if _still_legal(board, roll, staged) != staged:
        raise ValueError("Staged dice do not form a legal staging.")
    return tuple(staged)


def _read_powers(items: object, difficulty: Difficulty) -> tuple[PowerName, ...]:
    if not isinstance(items, list) or len(items) > len(PENALTIES[difficulty]):
        raise ValueError("Too many power uses for this difficulty.")
    powers: list[PowerName] = []
    for name in items:
        for power in POWERS:
            if name == power:
                powers.append(power)
                break
        else:
            raise ValueError("Unknown power name.")
    return tuple(powers)


# ---------------------------------------------------------------------------------------------
# Actions


class _Action:
    """Shared `to_dict` of the frozen action dataclasses: `{"type": ..., **fields}`."""

    TYPE: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        fields = {
            name: list(value) if isinstance(value, tuple) else value
            for name, value in vars(self).items()
        }
        return {"type": self.TYPE, **fields}


@dataclass(frozen=True)
class Roll(_Action):
    """M2: roll the four dice of a new turn."""

    TYPE: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Stage(_Action):
    """M3: put available die `die` (index 0–3 into the roll) on `cell`, provisionally."""

    TYPE: ClassVar[str] = "stage"
    die: int
    cell: int


@dataclass(frozen=True)
class Unstage(_Action):
    """M3: take staged die `die` back to the roll."""

    TYPE: ClassVar[str] = "unstage"
    die: int


@dataclass(frozen=True)
class Confirm(_Action):
    """M3/M4: make the staged dice permanent and end the turn."""

    TYPE: ClassVar[str] = "confirm"


@dataclass(frozen=True)
class Decrease(_Action):
    """M12: the DECREASE power, −1 on one available die."""

    TYPE: ClassVar[str] = "decrease"
    die: int


@dataclass(frozen=True)
class Increase(_Action):
    """M12: the INCREASE power, +1 on one available die."""

    TYPE: ClassVar[str] = "increase"
    die: int


@dataclass(frozen=True)
class Reroll(_Action):
    """M13: the REROLL power on one or more distinct available dice."""

    TYPE: ClassVar[str] = "reroll"
    dice: tuple[int, ...]


@dataclass(frozen=True)
class AcceptMagdagdon(_Action):
    """M16: accept MAGDAGDON; the empty `cell` becomes a RUIN and the turn ends."""

    TYPE: ClassVar[str] = "accept_magdagdon"
    cell: int


Action = Roll | Stage | Unstage | Confirm | Decrease | Increase | Reroll | AcceptMagdagdon
ACTION_TYPES: Final[dict[str, type[Action]]] = {
    kind.TYPE: kind
    for kind in (Roll, Stage, Unstage, Confirm, Decrease, Increase, Reroll, AcceptMagdagdon)
}


def _read_int(data: Mapping[str, Any], name: str, limit: int) -> int:
    value = data[name]
    if type(value) is not int or not 0 <= value < limit:
        raise InvalidMove(
            gettext_noop("Field %(name)s must be an integer from 0 to %(top)d."),
            {"name": name, "top": limit - 1},
        )
    return value


def action_from_dict(data: object) -> Action:
    """Parse an untrusted action dict strictly; raises InvalidMove.

    >>> action_from_dict({"type": "stage", "die": 2, "cell": 5})
    Stage(die=2, cell=5)
    """
    if not isinstance(data, Mapping):
        raise InvalidMove(gettext_noop("An action must be an object with a type."))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise InvalidMove(gettext_noop("Unknown action type."))
    if kind in ("roll", "confirm"):
        _expect_keys(data, {"type"}, "This action")
        return Roll() if kind == "roll" else Confirm()
    if kind in ("stage", "accept_magdagdon"):
        keys = {"type", "cell"} | ({"die"} if kind == "stage" else set())
        _expect_keys(data, keys, "This action")
        cell = _read_int(data, "cell", CELLS)
        if kind == "accept_magdagdon":
            return AcceptMagdagdon(cell)
        return Stage(_read_int(data, "die", DICE_PER_ROLL), cell)
    if kind in ("unstage", "decrease", "increase"):
        _expect_keys(data, {"type", "die"}, "This action")
        die = _read_int(data, "die", DICE_PER_ROLL)
        if kind == "unstage":
            return Unstage(die)
        return Decrease(die) if kind == "decrease" else Increase(die)
    _expect_keys(data, {"type", "dice"}, "This action")
    return Reroll(_read_dice(data["dice"]))


def _read_dice(items: object) -> tuple[int, ...]:
    if not isinstance(items, list | tuple) or not items:
        raise InvalidMove(gettext_noop("Choose at least one die to reroll."))
    if not all(type(die) is int and 0 <= die < DICE_PER_ROLL for die in items):
        raise InvalidMove(gettext_noop("Dice to reroll must be integers from 0 to 3."))
    if len(set(items)) != len(items):
        raise InvalidMove(gettext_noop("Each die can be chosen only once."))
    return tuple(items)


# ---------------------------------------------------------------------------------------------
# Read-only helpers for the engine and the pages


def current_board(state: State) -> Board:
    """The confirmed board with the staged dice written in."""
    board = list(state.board)
    for die, cell in state.staged:
        board[cell] = state.roll[die]
    return tuple(board)


def available_dice(state: State) -> tuple[int, ...]:
    """Indices of this turn's dice that are neither staged nor discarded (M14)."""
    staged = {die for die, _ in state.staged}
    return tuple(die for die in range(len(state.roll)) if die not in staged)


def required(state: State) -> int:
    """M6 for the confirmed board."""
    return required_dice(state.board, state.difficulty)


def can_confirm(state: State) -> bool:
    """M4: CONFIRM is open once the required minimum is staged."""
    return state.phase == PLACING and len(state.staged) >= required(state)


def legal_cells_for_die(state: State, die: int) -> frozenset[int]:
    """Cells where `die` may be staged now (empty when it may not be staged at all)."""
    if state.phase != PLACING or die not in available_dice(state):
        return frozenset()
    return legal_cells(current_board(state), state.roll[die])


def powers_left(state: State) -> int:
    return len(PENALTIES[state.difficulty]) - len(state.powers_used)


def next_penalty(state: State) -> int | None:
    """What the next power use would cost (M5), or None when no use is left."""
    penalties = PENALTIES[state.difficulty]
    used = len(state.powers_used)
    return penalties[used] if used < len(penalties) else None


def can_use_power(state: State) -> bool:
    return state.phase in (PLACING, MAGDAGDON) and powers_left(state) > 0


def is_magdagdon(state: State) -> bool:
    return state.phase == MAGDAGDON


def live_score(state: State) -> Score:
    """The score of the board as it stands, staged dice included (final once finished)."""
    return score(current_board(state), state.difficulty, len(state.powers_used))


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action `apply` accepts now (rerolls as every non-empty set of available dice)."""
    if state.phase == FINISHED:
        return ()
    if state.phase == ROLLING:
        return (Roll(),)
    actions: list[Action] = [Unstage(die) for die, _ in state.staged]
    free = available_dice(state)
    if state.phase == PLACING:
        actions += [Stage(die, cell) for die in free for cell in legal_cells_for_die(state, die)]
        if can_confirm(state):
            actions.append(Confirm())
    else:
        actions += [AcceptMagdagdon(cell) for cell in range(CELLS) if state.board[cell] is None]
    if can_use_power(state):
        actions += [Decrease(die) for die in free if state.roll[die] > 1]
        actions += [Increase(die) for die in free if state.roll[die] < 6]
        for size in range(1, len(free) + 1):
            actions += [Reroll(dice) for dice in combinations(free, size)]
    return tuple(actions)


def _phase_of(state: State) -> Phase:
    if None not in state.board:
        return FINISHED
    if not state.roll:
        return ROLLING
    return _roll_phase(state.board, state.roll, state.difficulty)


def _roll_phase(board: Board, roll: tuple[int, ...], difficulty: Difficulty) -> Phase:
    """M15: decided from the confirmed board and the whole roll, staged dice included."""
    return PLACING if can_place(board, roll, required_dice(board, difficulty)) else MAGDAGDON


def _still_legal(
    board: Board, roll: tuple[int, ...], staged: Iterable[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The staged dice that stay legal when re-checked in staging order (M11)."""
    kept: list[tuple[int, int]] = []
    current = board
    for die, cell in staged:
        if current[cell] is None and cell in legal_cells(current, roll[die]):
            if die not in (kept_die for kept_die, _ in kept):
                kept.append((die, cell))
                current = with_cell(current, cell, roll[die])
    return kept


# ---------------------------------------------------------------------------------------------
# The engine


def new_game(options: Options, rng: random.Random) -> State:
    """An empty board waiting for the first ROLL; `rng` is not drawn from yet."""
    return State(difficulty=options.difficulty)


def apply(state: State, action: Action, rng: random.Random) -> State:
    """Return the state after `action`; raise IllegalMove (never mutate) when it is refused."""
    if state.phase == FINISHED:
        raise IllegalMove(gettext_noop("The game is over."))
    if isinstance(action, Roll):
        return _roll(state, rng)
    if state.phase == ROLLING:
        raise IllegalMove(gettext_noop("Roll the dice first."))
    if isinstance(action, Stage):
        return _stage(state, _die(action.die), _cell(action.cell))
    if isinstance(action, Unstage):
        return _unstage(state, _die(action.die))
    if isinstance(action, Confirm):
        return _confirm(state)
    if isinstance(action, Decrease | Increase):
        return _adjust(state, action)
    if isinstance(action, Reroll):
        return _reroll(state, action, rng)
    if isinstance(action, AcceptMagdagdon):
        return _accept(state, _cell(action.cell))
    raise InvalidMove(gettext_noop("Unknown action."))


def _die(die: object) -> int:
    if type(die) is not int or not 0 <= die < DICE_PER_ROLL:
        raise InvalidMove(gettext_noop("There is no such die: the roll has dice 1 to 4."))
    return die


def _cell(cell: object) -> int:
    if type(cell) is not int or not 0 <= cell < CELLS:
        raise InvalidMove(gettext_noop("There is no such cell: the board has 16 cells."))
    return cell


def _where(cell: int) -> dict[str, int]:
    """Message arguments naming a cell as players see it (1-based row and column)."""
    return {"row": cell // SIZE + 1, "column": cell % SIZE + 1}


def _roll(state: State, rng: random.Random) -> State:
    if state.phase != ROLLING:
        raise IllegalMove(gettext_noop("You have already rolled this turn."))
    roll = roll_dice(rng, DICE_PER_ROLL)
    return replace(state, roll=roll, phase=_roll_phase(state.board, roll, state.difficulty))


def _refuse_magdagdon(state: State) -> None:
    if state.phase == MAGDAGDON:
        raise IllegalMove(
            gettext_noop("This roll is a MAGDAGDON: use a Majda Power or accept MAGDAGDON.")
        )


def _stage(state: State, die: int, cell: int) -> State:
    _refuse_magdagdon(state)
    if die not in available_dice(state):
        raise IllegalMove(gettext_noop("Die %(n)d is already on the board."), {"n": die + 1})
    board = current_board(state)
    value = state.roll[die]
    _check_cell(state, board, cell, value)
    return replace(state, staged=state.staged + ((die, cell),))


def _check_cell(state: State, board: Board, cell: int, value: int) -> None:
    where = _where(cell)
    if board[cell] == RUIN:
        raise IllegalMove(gettext_noop("Row %(row)d, column %(column)d is a RUIN."), where)
    if board[cell] is not None:
        if state.board[cell] is None:
            raise IllegalMove(
                gettext_noop("Row %(row)d, column %(column)d already holds a staged die."), where
            )
        raise IllegalMove(
            gettext_noop("Row %(row)d, column %(column)d already holds a number."), where
        )
    if not has_number(board):
        return  # M8: the first die goes anywhere
    around = [board[n] for n in NEIGHBOURS[cell] if is_number(board[n])]
    if not around:
        raise IllegalMove(
            gettext_noop("Row %(row)d, column %(column)d does not touch any number."), where
        )
    for other in around:
        if type(other) is int and abs(other - value) > 1:
            raise IllegalMove(
                gettext_noop(
                    "A %(value)d cannot go next to a %(other)d (row %(row)d, column %(column)d): "
                    "they differ by more than 1."
                ),
                {**where, "value": value, "other": other},
            )


def _unstage(state: State, die: int) -> State:
    staged = [(d, cell) for d, cell in state.staged if d != die]
    if len(staged) == len(state.staged):
        raise IllegalMove(gettext_noop("Die %(n)d is not staged."), {"n": die + 1})
    # Dice staged later only because of this one go back with it (M11 order).
    return replace(state, staged=tuple(_still_legal(state.board, state.roll, staged)))


def _confirm(state: State) -> State:
    _refuse_magdagdon(state)
    if not can_confirm(state):
        raise IllegalMove(
            gettext_noop(
                "Not enough dice staged to confirm: %(staged)d staged, %(required)d required."
            ),
            {"staged": len(state.staged), "required": required(state)},
        )
    return _end_turn(state, current_board(state))


def _end_turn(state: State, board: Board) -> State:
    phase: Phase = FINISHED if None not in board else ROLLING
    return replace(state, board=board, roll=(), staged=(), turns=state.turns + 1, phase=phase)


def _check_power(state: State, dice: Iterable[int]) -> None:
    if state.difficulty == Difficulty.NIGHTMARE:
        raise IllegalMove(gettext_noop("NIGHTMARE has no Majda Powers."))
    if powers_left(state) <= 0:
        raise IllegalMove(gettext_noop("You have no Majda Power uses left."))
    free = available_dice(state)
    for die in dice:
        if die not in free:
            raise IllegalMove(
                gettext_noop("Die %(n)d is staged; take it back before using a power."),
                {"n": die + 1},
            )


def _use_power(state: State, name: PowerName, roll: tuple[int, ...]) -> State:
    """M15: a power use decides the MAGDAGDON question again."""
    return replace(
        state,
        roll=roll,
        powers_used=state.powers_used + (name,),
        phase=_roll_phase(state.board, roll, state.difficulty),
    )


def _adjust(state: State, action: Decrease | Increase) -> State:
    die = _die(action.die)
    _check_power(state, (die,))
    value = state.roll[die]
    if isinstance(action, Decrease) and value == 1:
        raise IllegalMove(gettext_noop("Die %(n)d shows 1 and cannot go lower."), {"n": die + 1})
    if isinstance(action, Increase) and value == 6:
        raise IllegalMove(gettext_noop("Die %(n)d shows 6 and cannot go higher."), {"n": die + 1})
    step = -1 if isinstance(action, Decrease) else 1
    roll = _put_value(state.roll, die, value + step)
    return _use_power(state, "decrease" if step < 0 else "increase", roll)


def _put_value(roll: tuple[int, ...], die: int, value: int) -> tuple[int, ...]:
    return roll[:die] + (value,) + roll[die + 1 :]


def _reroll(state: State, action: Reroll, rng: random.Random) -> State:
    if not isinstance(action.dice, tuple):
        raise InvalidMove(gettext_noop("Dice to reroll must be a tuple of die indices."))
    dice = tuple(_die(die) for die in action.dice)
    if not dice:
        raise IllegalMove(gettext_noop("Choose at least one die to reroll."))
    if len(set(dice)) != len(dice):
        raise IllegalMove(gettext_noop("Each die can be chosen only once."))
    _check_power(state, dice)
    roll = state.roll
    for die, value in zip(sorted(dice), roll_dice(rng, len(dice)), strict=True):
        roll = _put_value(roll, die, value)
    return _use_power(state, "reroll", roll)


def _accept(state: State, cell: int) -> State:
    if state.phase != MAGDAGDON:
        raise IllegalMove(
            gettext_noop(
                "This roll can still be placed, so MAGDAGDON cannot be accepted: "
                "stage the required dice instead."
            )
        )
    if state.board[cell] is not None:
        raise IllegalMove(
            gettext_noop(
                "Row %(row)d, column %(column)d is not empty; choose an empty cell for the RUIN."
            ),
            _where(cell),
        )
    # M16: staged dice go back, the cell is ruined for good, the turn ends.
    return _end_turn(state, with_cell(state.board, cell, RUIN))
