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

from games.rules.base import (
    ActionRecord,
    Codec,
    Record,
    number,
    numbers,
    one_of,
    read_action,
    read_text,
)
from games.rules.dice import roll_dice
from games.rules.errors import CorruptState, IllegalMove, InvalidMove, gettext_noop
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
    "CELLS",
    "PENALTIES",
    "SIZE",
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
    "action_from_text",
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


def _read_difficulty(name: object) -> Difficulty:
    if not isinstance(name, str) or name not in {d.value for d in Difficulty}:
        raise CorruptState(f"unknown difficulty {name!r}")
    return Difficulty(name)


_DIFFICULTY: Final = Codec(_read_difficulty, lambda difficulty: difficulty.value)


@dataclass(frozen=True)
class Options(Record):
    """The difficulty (M5-M7). Dict form `{"difficulty": "peaceful"}`.

    >>> Options(Difficulty.SURVIVAL), Options.from_dict({"difficulty": "survival"}).difficulty
    (Options(Difficulty.SURVIVAL), <Difficulty.SURVIVAL: 'survival'>)
    """

    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"difficulty": _DIFFICULTY}
    difficulty: Difficulty = Difficulty.PEACEFUL

    def __repr__(self) -> str:
        return f"Options(Difficulty.{self.difficulty.name})"


_CHARS: Final[dict[Cell, str]] = {
    None: ".",
    RUIN: RUIN,
    **{value: str(value) for value in range(1, 7)},
}
_CELL_OF: Final[dict[str, Cell]] = {char: cell for cell, char in _CHARS.items()}


def _write_board(board: Board) -> str:
    return "".join(_CHARS[cell] for cell in board)


def _read_board(text: object) -> Board:
    if not isinstance(text, str) or len(text) != CELLS or not set(text) <= set(_CELL_OF):
        raise CorruptState("a board is 16 characters among '.', '1'-'6' and 'X'")
    return tuple(_CELL_OF[char] for char in text)


def _write_roll(roll: tuple[int, ...]) -> str:
    return "".join(str(value) for value in roll)


def _read_roll(text: object) -> tuple[int, ...]:
    if not isinstance(text, str) or len(text) not in (0, DICE_PER_ROLL):
        raise CorruptState("a roll is empty or four digits 1-6")
    if not set(text) <= set("123456"):
        raise CorruptState("a roll is empty or four digits 1-6")
    return tuple(int(char) for char in text)


def _write_staged(staged: tuple[tuple[int, int], ...]) -> list[list[int]]:
    return [[die, cell] for die, cell in staged]


def _read_staged(items: object) -> tuple[tuple[int, int], ...]:
    if not isinstance(items, list):
        raise CorruptState("staged dice must be a list of [die, cell] pairs")
    staged: list[tuple[int, int]] = []
    for item in items:
        ok = isinstance(item, list) and len(item) == 2 and all(type(n) is int for n in item)
        if not ok or not 0 <= item[0] < DICE_PER_ROLL or not 0 <= item[1] < CELLS:
            raise CorruptState("staged dice must be [die, cell] pairs in range")
        staged.append((item[0], item[1]))
    return tuple(staged)


def _read_powers(items: object) -> tuple[PowerName, ...]:
    if not isinstance(items, list):
        raise CorruptState("power uses must be a list of power names")
    powers: list[PowerName] = []
    for name in items:
        for power in POWERS:
            if name == power:
                powers.append(power)
                break
        else:
            raise CorruptState(f"unknown power name {name!r}")
    return tuple(powers)


@dataclass(frozen=True)
class State(Record):
    """One moment of a game.

    `board` holds confirmed cells only; `roll` is this turn's four dice (empty before ROLL);
    `staged` lists (die index, cell) in staging order; `powers_used` names each power use in
    order; `turns` counts rolls that ended in a CONFIRM or a ruin (M22). The dict form is
    compact: the board is 16 characters (`.` empty, `1`-`6`, `X` ruin), the roll 0 or 4
    digits. `from_dict` refuses anything that no game could reach (CorruptState).
    """

    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {
        "difficulty": _DIFFICULTY,
        "board": Codec(_read_board, _write_board),
        "roll": Codec(_read_roll, _write_roll),
        "staged": Codec(_read_staged, _write_staged),
        "powers_used": Codec(_read_powers, list),
        "turns": number(),
        "phase": one_of(PHASES),
    }

    difficulty: Difficulty
    board: Board = EMPTY_BOARD
    roll: tuple[int, ...] = ()
    staged: tuple[tuple[int, int], ...] = ()
    powers_used: tuple[PowerName, ...] = ()
    turns: int = 0
    phase: Phase = ROLLING

    def __repr__(self) -> str:
        """Short, e.g. `<magdagdon.State peaceful placing, turn 3, board 12.3X..., roll 2513>`."""
        turn = f"{self.turns} turns" if self.is_finished else f"turn {self.turns + 1}"
        parts = [turn, f"board {_write_board(self.board)}"]
        if self.roll:
            parts.append(f"roll {_write_roll(self.roll)}")
        if self.staged:
            parts.append(f"{len(self.staged)} staged")
        if self.powers_used:
            parts.append(f"{len(self.powers_used)} powers used")
        if self.is_finished:
            parts.append(f"score {live_score(self).total}")
        return f"<magdagdon.State {self.difficulty.value} {self.phase}, {', '.join(parts)}>"

    @property
    def is_finished(self) -> bool:
        return self.phase == FINISHED

    def check(self) -> None:
        """Refuse a staging, power count or phase that no game could reach."""
        if any(die >= len(self.roll) for die, _ in self.staged):
            raise CorruptState("staged dice name dice that were not rolled")
        if _still_legal(self.board, self.roll, self.staged) != list(self.staged):
            raise CorruptState("staged dice do not form a legal staging")
        if len(self.powers_used) > len(PENALTIES[self.difficulty]):
            raise CorruptState("too many power uses for this difficulty")
        if self.phase != _phase_of(self) or (self.is_finished and self.roll):
            raise CorruptState("the phase does not match the board and roll")


# ---------------------------------------------------------------------------------------------
# Actions: dict form {"type": TYPE, **fields}; text form WORD and numbers (dice 0-3, cells 0-15)

_DIE: Final = number(0, DICE_PER_ROLL - 1)
_CELL: Final = number(0, CELLS - 1)


@dataclass(frozen=True)
class Roll(ActionRecord):
    """M2: roll the four dice of a new turn.

    >>> Roll().text(), action_from_text("roll")
    ('roll', Roll())
    """

    TYPE: ClassVar[str] = "roll"
    WORD: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Stage(ActionRecord):
    """M3: put available die `die` (index 0–3 into the roll) on `cell`, provisionally.

    >>> Stage(2, 5).text(), action_from_text("stage 2 5")
    ('stage 2 5', Stage(die=2, cell=5))
    """

    TYPE: ClassVar[str] = "stage"
    WORD: ClassVar[str] = "stage"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"die": _DIE, "cell": _CELL}
    die: int
    cell: int


@dataclass(frozen=True)
class Unstage(ActionRecord):
    """M3: take staged die `die` back to the roll.

    >>> Unstage(2).text(), action_from_text("unstage 2")
    ('unstage 2', Unstage(die=2))
    """

    TYPE: ClassVar[str] = "unstage"
    WORD: ClassVar[str] = "unstage"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"die": _DIE}
    die: int


@dataclass(frozen=True)
class Confirm(ActionRecord):
    """M3/M4: make the staged dice permanent and end the turn.

    >>> Confirm().text(), action_from_text("confirm")
    ('confirm', Confirm())
    """

    TYPE: ClassVar[str] = "confirm"
    WORD: ClassVar[str] = "confirm"


@dataclass(frozen=True)
class Decrease(ActionRecord):
    """M12: the DECREASE power, −1 on one available die.

    >>> Decrease(1).text(), action_from_text("dec 1")
    ('dec 1', Decrease(die=1))
    """

    TYPE: ClassVar[str] = "decrease"
    WORD: ClassVar[str] = "dec"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"die": _DIE}
    die: int


@dataclass(frozen=True)
class Increase(ActionRecord):
    """M12: the INCREASE power, +1 on one available die.

    >>> Increase(1).text(), action_from_text("inc 1")
    ('inc 1', Increase(die=1))
    """

    TYPE: ClassVar[str] = "increase"
    WORD: ClassVar[str] = "inc"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"die": _DIE}
    die: int


@dataclass(frozen=True)
class Reroll(ActionRecord):
    """M13: the REROLL power on one or more distinct available dice (in the order given).

    >>> Reroll((0, 2)).text(), action_from_text("reroll 0 2")
    ('reroll 0 2', Reroll(dice=(0, 2)))
    """

    TYPE: ClassVar[str] = "reroll"
    WORD: ClassVar[str] = "reroll"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {
        "dice": numbers(0, DICE_PER_ROLL - 1, distinct=True, least=1)
    }
    dice: tuple[int, ...]


@dataclass(frozen=True)
class AcceptMagdagdon(ActionRecord):
    """M16: accept MAGDAGDON; the empty `cell` becomes a RUIN and the turn ends.

    >>> AcceptMagdagdon(5).text(), action_from_text("accept 5")
    ('accept 5', AcceptMagdagdon(cell=5))
    """

    TYPE: ClassVar[str] = "accept_magdagdon"
    WORD: ClassVar[str] = "accept"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"cell": _CELL}
    cell: int


Action = Roll | Stage | Unstage | Confirm | Decrease | Increase | Reroll | AcceptMagdagdon
_KINDS: Final = (Roll, Stage, Unstage, Confirm, Decrease, Increase, Reroll, AcceptMagdagdon)
ACTION_TYPES: Final[dict[str, type[Action]]] = {kind.TYPE: kind for kind in _KINDS}
ACTION_WORDS: Final[dict[str, type[Action]]] = {kind.WORD: kind for kind in _KINDS}


def action_from_dict(data: object) -> Action:
    """Read a stored action dict strictly; CorruptState for anything malformed.

    >>> action_from_dict({"type": "stage", "die": 2, "cell": 5})
    Stage(die=2, cell=5)
    """
    return read_action(data, ACTION_TYPES)


def action_from_text(text: str) -> Action:
    """The action whose `text()` is exactly `text`; InvalidMove for anything else.

    >>> action_from_text("stage 2 16")
    Traceback (most recent call last):
    ...
    games.rules.errors.InvalidMove: “stage 2 16” cannot be read as a move in MAGDAGDON.
    """
    return read_text(text, ACTION_WORDS, "MAGDAGDON")


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
