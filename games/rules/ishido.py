"""Ishido, the way of stones: the rules as pure functions over immutable values.

The binding reference is the project's rule page (rules I1–I10); comments cite its numbers.
A game is a `State`; `apply(state, Place(cell), rng)` returns the next one. Randomness is
only used by `new_game`, drawn from the `random.Random` it is given, always in the same order.

>>> import random
>>> state = new_game(Options(), random.Random(7))
>>> state.stones_left, len(state.placements), state.phase
(66, 0, 'placing')
>>> after = place(state, min(state.legal_cells))
>>> after.stones_left
65
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Literal, NamedTuple

from games.rules.base import (
    ActionRecord,
    Codec,
    Record,
    number,
    one_of,
    read_action,
    read_text,
)
from games.rules.errors import CorruptState, IllegalMove, InvalidMove, gettext_noop

__all__ = [
    "BONUSES",
    "CELLS",
    "COLOURS",
    "COLUMNS",
    "NEIGHBOURS",
    "OPENING_CELLS",
    "ROWS",
    "SHAPES",
    "Action",
    "Options",
    "Place",
    "Placement",
    "State",
    "Stone",
    "action_from_dict",
    "action_from_text",
    "apply",
    "end_bonus",
    "four_way_bonus",
    "is_border",
    "legal_actions",
    "legal_cells",
    "new_game",
    "place",
    "placement_points",
    "start_from",
    "stone_name",
]

# I1: index 0–5 in this order, for colours and shapes alike.
COLOURS = ("white", "yellow", "red", "green", "blue", "black")
SHAPES = ("circle", "square", "triangle", "rhombus", "star", "kite")

# I2: 8 rows × 12 columns, row-major.
ROWS = 8
COLUMNS = 12
CELLS = ROWS * COLUMNS

# I3: the four corners, then (row 3, col 5) and (row 4, col 6).
OPENING_CELLS = (0, 11, 84, 95, 41, 54)

# I9: the 4-way bonus for the 1st to 12th 4-way; every later one earns the last entry.
BONUSES = (25, 50, 100, 200, 400, 600, 800, 1000, 5000, 10000, 25000, 50000)

# I10: stones left at the end -> bonus.
_END_BONUSES = {2: 100, 1: 500, 0: 1000}

# I5: with n neighbours, the allowed range (inclusive) of neighbours matched by colour; the
# rest are matched by shape.
_COLOUR_ROLES = {1: (0, 1), 2: (1, 1), 3: (1, 2), 4: (2, 2)}

# I5: why a cell with n neighbours refuses the current stone; whole sentences, so that each
# can be translated on its own (the web layer translates the template, then fills it in).
_REFUSALS = {
    0: gettext_noop(
        "The current stone cannot go on row %(row)d, column %(column)d: "
        "it must touch at least one stone."
    ),
    1: gettext_noop(
        "The current stone cannot go on row %(row)d, column %(column)d: "
        "it must match its neighbour's colour or shape."
    ),
    2: gettext_noop(
        "The current stone cannot go on row %(row)d, column %(column)d: "
        "it must match one neighbour by colour and the other by shape."
    ),
    3: gettext_noop(
        "The current stone cannot go on row %(row)d, column %(column)d: "
        "it must match one neighbour by colour and the other two by shape, "
        "or two by colour and one by shape."
    ),
    4: gettext_noop(
        "The current stone cannot go on row %(row)d, column %(column)d: "
        "it must match two neighbours by colour and the other two by shape."
    ),
}

Phase = Literal["placing", "finished"]
EndReason = Literal["pouch_empty", "stuck"]


class Stone(NamedTuple):
    """A stone: colour and shape indices 0–5 (I1). Plain `(colour, shape)` tuples work too."""

    colour: int
    shape: int


StoneLike = tuple[int, int]
Board = Sequence[StoneLike | None]


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, COLUMNS)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return tuple(r * COLUMNS + c for r, c in steps if 0 <= r < ROWS and 0 <= c < COLUMNS)


# Orthogonal neighbours of every cell, computed once so that a move costs microseconds.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(cell) for cell in range(CELLS))

_BORDER = frozenset(
    cell
    for cell in range(CELLS)
    if cell // COLUMNS in (0, ROWS - 1) or cell % COLUMNS in (0, COLUMNS - 1)
)


def is_border(cell: int) -> bool:
    """Whether `cell` lies on the grey outer ring (I2).

    >>> is_border(0), is_border(13), is_border(95)
    (True, False, True)
    """
    return cell in _BORDER


def stone_name(stone: StoneLike) -> str:
    """The stone's name as used in the page's test hooks.

    >>> stone_name(Stone(2, 4))
    'red-star'
    """
    colour, shape = stone
    return f"{COLOURS[colour]}-{SHAPES[shape]}"


def _row_column(cell: int) -> dict[str, int]:
    """A cell as players count it: row and column from 1."""
    row, column = divmod(cell, COLUMNS)
    return {"row": row + 1, "column": column + 1}


def _count_neighbours(board: Board, cell: int) -> int:
    return sum(1 for other in NEIGHBOURS[cell] if board[other] is not None)


def _fits(board: Board, cell: int, stone: StoneLike) -> bool:
    """Whether `stone` may go on the empty `cell` (I5)."""
    colour, shape = stone
    n = colour_only = both = 0
    for other_cell in NEIGHBOURS[cell]:
        other = board[other_cell]
        if other is None:
            continue
        n += 1
        same_colour = other[0] == colour
        same_shape = other[1] == shape
        if same_colour and same_shape:
            both += 1  # the twin: it may take either role
        elif same_colour:
            colour_only += 1
        elif not same_shape:
            return False  # matches neither way
    if n == 0:
        return False
    low, high = _COLOUR_ROLES[n]
    return max(low, colour_only) <= min(high, colour_only + both)


def legal_cells(board: Board, stone: StoneLike) -> frozenset[int]:
    """The empty cells where `stone` may be placed (I5).

    >>> board = [None] * CELLS
    >>> board[0] = Stone(2, 4)
    >>> sorted(legal_cells(board, Stone(2, 0)))
    [1, 12]
    >>> legal_cells(board, Stone(3, 0))
    frozenset()
    """
    return frozenset(
        cell for cell in range(CELLS) if board[cell] is None and _fits(board, cell, stone)
    )


def _has_legal_cell(board: Board, stone: StoneLike) -> bool:
    return any(board[cell] is None and _fits(board, cell, stone) for cell in range(CELLS))


def four_way_bonus(four_ways: int) -> int:
    """The bonus of a 4-way when `four_ways` 4-ways were made before it (I9).

    >>> four_way_bonus(0), four_way_bonus(11), four_way_bonus(30)
    (25, 50000, 50000)
    """
    return BONUSES[min(four_ways, len(BONUSES) - 1)]


def placement_points(board: Board, cell: int, four_ways: int) -> int:
    """What placing a stone on `cell` earns, `four_ways` 4-ways having been made earlier (I7–I9).

    The border scores nothing; elsewhere 1, 2, 4 or 8 for one to four neighbours, doubled for
    every earlier 4-way; a 4-way adds its bonus, which is not doubled.

    >>> board = [None] * CELLS
    >>> for other in NEIGHBOURS[30]:
    ...     board[other] = Stone(0, 0)
    >>> placement_points(board, 30, 0), placement_points(board, 30, 2)
    (33, 132)
    """
    if is_border(cell):
        return 0
    n = _count_neighbours(board, cell)
    if n == 0:
        return 0  # never a legal placement; nothing to earn
    points = (1 << (n - 1)) << four_ways
    if n == 4:
        points += four_way_bonus(four_ways)
    return points


def end_bonus(stones_left: int) -> int:
    """The bonus at the end for the stones left over (I10).

    >>> end_bonus(0), end_bonus(1), end_bonus(2), end_bonus(3)
    (1000, 500, 100, 0)
    """
    return _END_BONUSES.get(stones_left, 0)


def _stone_code(stone: StoneLike) -> str:
    return _CODES_BY_STONE.get(stone) or f"{stone[0]}{stone[1]}"


# The 36 codes and their stones: a stored game reads and writes up to 168 codes at each move.
_STONES_BY_CODE = {f"{c}{s}": Stone(c, s) for c in range(len(COLOURS)) for s in range(len(SHAPES))}
_CODES_BY_STONE: dict[StoneLike, str] = {stone: code for code, stone in _STONES_BY_CODE.items()}


def _stone_from_code(code: object) -> Stone:
    stone = _STONES_BY_CODE.get(code) if isinstance(code, str) else None
    if stone is None:
        raise CorruptState(f"not a stone code: {code!r}")
    return stone


_EMPTY_CODE = "--"


@dataclass(frozen=True)
class Options(Record):
    """Game options; Ishido has none yet, but the storage layer keeps them with every game.

    >>> Options.from_dict({})
    Options()
    """

    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {}


@dataclass(frozen=True)
class Place(ActionRecord):
    """The one action: put the current stone on `cell`. Text form `p<cell>`.

    >>> Place(13).text(), action_from_text("p13"), Place(13).to_dict()
    ('p13', Place(cell=13), {'type': 'place', 'cell': 13})
    """

    TYPE: ClassVar[str] = "place"
    WORD: ClassVar[str] = "p"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"cell": number(0, CELLS - 1)}
    cell: int

    def text(self) -> str:
        return f"{self.WORD}{self.cell}"


Action = Place
_ACTIONS: dict[str, type[Place]] = {Place.TYPE: Place}


def action_from_dict(data: object) -> Place:
    """Read a stored action back, refusing anything but `{"type": "place", "cell": N}`
    with CorruptState.

    >>> action_from_dict({"type": "place", "cell": 13})
    Place(cell=13)
    """
    return read_action(data, _ACTIONS)


def _split_text(text: str) -> tuple[str, list[str]]:
    return text[:1], [text[1:]]


def action_from_text(text: str) -> Place:
    """The action written by `Place.text()`, e.g. "p13"; InvalidMove for anything else.

    >>> action_from_text("p 13")
    Traceback (most recent call last):
    ...
    games.rules.errors.InvalidMove: “p 13” cannot be read as a move in Ishido.
    """
    return read_text(text, {Place.WORD: Place}, "Ishido", _split_text)


def _check_cell(cell: int) -> None:
    if not 0 <= cell < CELLS:
        raise InvalidMove(
            gettext_noop("There is no cell %(cell)d: cells are numbered 0 to %(last)d."),
            {"cell": cell, "last": CELLS - 1},
        )


class Placement(NamedTuple):
    """One stone placed during play, with the points it earned."""

    cell: int
    stone: Stone
    points: int


def _codes(text: object) -> list[str]:
    if not isinstance(text, str) or len(text) % 2:
        raise CorruptState("expected a string of two-digit stone codes")
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _write_board(board: tuple[Stone | None, ...]) -> str:
    return "".join(_EMPTY_CODE if s is None else _stone_code(s) for s in board)


def _read_board(text: object) -> tuple[Stone | None, ...]:
    codes = _codes(text)
    if len(codes) != CELLS:
        raise CorruptState(f"the board must have {CELLS} cells, not {len(codes)}")
    return tuple(None if c == _EMPTY_CODE else _stone_from_code(c) for c in codes)


def _write_pouch(pouch: tuple[Stone, ...]) -> str:
    return "".join(_stone_code(s) for s in pouch)


def _read_pouch(text: object) -> tuple[Stone, ...]:
    return tuple(_stone_from_code(c) for c in _codes(text))


def _write_placements(placements: tuple[Placement, ...]) -> list[list[Any]]:
    return [[p.cell, _stone_code(p.stone), p.points] for p in placements]


def _read_placement(item: object) -> Placement:
    if not (isinstance(item, list) and len(item) == 3):
        raise CorruptState(f"not a placement: {item!r}")
    cell, code, points = item
    if type(cell) is not int or not 0 <= cell < CELLS or type(points) is not int:
        raise CorruptState(f"not a placement: {item!r}")
    return Placement(cell, _stone_from_code(code), points)


def _read_placements(items: object) -> tuple[Placement, ...]:
    if not isinstance(items, list):
        raise CorruptState("expected a list of placements")
    return tuple(_read_placement(item) for item in items)


_ENDINGS = {("placing", None), ("finished", "pouch_empty"), ("finished", "stuck")}


@dataclass(frozen=True)
class State(Record):
    """A game of Ishido at one moment. Immutable; compare with `==`.

    `pouch[0]` is the current stone (I4); `score` sums the placements only, and `final_score`
    adds the end bonus once the game is finished (I10). The dict form writes stones as
    two-digit colour-shape codes, "--" for an empty cell.
    """

    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {
        "board": Codec(_read_board, _write_board),
        "pouch": Codec(_read_pouch, _write_pouch),
        "four_ways": number(),
        "score": number(),
        "placements": Codec(_read_placements, _write_placements),
        "phase": one_of(("placing", "finished")),
        "end_reason": one_of((None, "pouch_empty", "stuck")),
    }

    board: tuple[Stone | None, ...]
    pouch: tuple[Stone, ...]
    four_ways: int = 0
    score: int = 0
    placements: tuple[Placement, ...] = ()
    phase: Phase = "placing"
    end_reason: EndReason | None = None

    def __repr__(self) -> str:
        """Short, e.g. `<ishido.State 14 placed, 58 left, score 37>`."""
        placed, left = len(self.placements), self.stones_left
        if self.is_finished:
            ending = f"finished ({self.end_reason}), final score {self.final_score}"
            return f"<ishido.State {placed} placed, {left} left, {ending}>"
        return f"<ishido.State {placed} placed, {left} left, score {self.score}>"

    @property
    def is_finished(self) -> bool:
        return self.phase == "finished"

    @property
    def current_stone(self) -> Stone | None:
        """The stone to place now, or None when the game is over."""
        return None if self.is_finished else self.pouch[0]

    @property
    def stones_left(self) -> int:
        """Stones in the pouch, the current one included; after a stuck end, the stone that
        could not be placed counts as left over (I4, I6)."""
        return len(self.pouch)

    @property
    def doubling_factor(self) -> int:
        """What placements are multiplied by now: 2 to the number of 4-ways so far (I8)."""
        return 1 << self.four_ways

    @property
    def end_bonus(self) -> int:
        """The end bonus (I10): 0 until the game is finished."""
        return end_bonus(self.stones_left) if self.is_finished else 0

    @property
    def final_score(self) -> int | None:
        """The placements' score plus the end bonus, once the game is finished."""
        return self.score + self.end_bonus if self.is_finished else None

    @cached_property
    def legal_cells(self) -> frozenset[int]:
        """Where the current stone may go; empty when the game is over."""
        stone = self.current_stone
        return frozenset() if stone is None else legal_cells(self.board, stone)

    def check(self) -> None:
        """Refuse a phase and end reason that do not go together, or an empty pouch in play."""
        if (self.phase, self.end_reason) not in _ENDINGS:
            raise CorruptState(
                f"phase {self.phase!r} with end reason {self.end_reason!r} is not a game state"
            )
        if self.phase == "placing" and not self.pouch:
            raise CorruptState("a game still placing needs a stone in the pouch")


def _settle(state: State) -> State:
    """Finish the game if the pouch is empty or its top stone fits nowhere (I6)."""
    if not state.pouch:
        return _finish(state, "pouch_empty")
    if not _has_legal_cell(state.board, state.pouch[0]):
        return _finish(state, "stuck")
    return state


def _finish(state: State, reason: EndReason) -> State:
    return State(
        state.board,
        state.pouch,
        state.four_ways,
        state.score,
        state.placements,
        "finished",
        reason,
    )


def start_from(board: Board, pouch: Sequence[StoneLike]) -> State:
    """A game beginning from a set-up position (the opening, or a position for tests)."""
    if len(board) != CELLS:
        raise ValueError(f"The board must have {CELLS} cells.")
    return _settle(
        State(
            board=tuple(None if s is None else Stone(*s) for s in board),
            pouch=tuple(Stone(*s) for s in pouch),
        )
    )


def new_game(options: Options, rng: random.Random) -> State:
    """Set up a game (I3). Draws from `rng` in a fixed order: the colour-to-shape pairing of the
    opening stones, which opening cell each one takes, then the pouch's shuffle."""
    shapes = list(range(len(SHAPES)))
    rng.shuffle(shapes)
    opening = [Stone(colour, shape) for colour, shape in enumerate(shapes)]
    rng.shuffle(opening)
    board: list[Stone | None] = [None] * CELLS
    for cell, stone in zip(OPENING_CELLS, opening, strict=True):
        board[cell] = stone
    pouch = [Stone(c, s) for c in range(len(COLOURS)) for s in range(len(SHAPES)) for _ in "ab"]
    for stone in opening:
        pouch.remove(stone)
    rng.shuffle(pouch)
    return start_from(board, pouch)


def _refuse(state: State, cell: int) -> None:
    """Raise IllegalMove unless the current stone may go on `cell`."""
    if state.is_finished:
        raise IllegalMove(gettext_noop("The game is over: no more stones can be placed."))
    _check_cell(cell)
    if state.board[cell] is not None:
        raise IllegalMove(
            gettext_noop("Row %(row)d, column %(column)d is not empty."),
            _row_column(cell),
        )
    if not _fits(state.board, cell, state.pouch[0]):
        refusal = _REFUSALS[_count_neighbours(state.board, cell)]
        raise IllegalMove(refusal, _row_column(cell))


def apply(state: State, action: Place, rng: random.Random | None = None) -> State:
    """The state after `action`; IllegalMove (or InvalidMove) with a player-facing reason if not.

    Ishido draws nothing after the opening, so `rng` is accepted for the common engine
    signature and left untouched.
    """
    if not isinstance(action, Place) or type(action.cell) is not int:
        raise InvalidMove(gettext_noop("Ishido has one action: place the current stone on a cell."))
    cell = action.cell
    _refuse(state, cell)
    stone = state.pouch[0]
    points = placement_points(state.board, cell, state.four_ways)
    is_four_way = _count_neighbours(state.board, cell) == 4
    board = state.board[:cell] + (stone,) + state.board[cell + 1 :]
    return _settle(
        State(
            board=board,
            pouch=state.pouch[1:],
            four_ways=state.four_ways + (1 if is_four_way else 0),
            score=state.score + points,
            placements=(*state.placements, Placement(cell, stone, points)),
        )
    )


def legal_actions(state: State) -> tuple[Place, ...]:
    """Every action `apply` accepts now: one `Place` per legal cell, in cell order.

    >>> import random
    >>> legal_actions(new_game(Options(), random.Random(7)))[:2]
    (Place(cell=72), Place(cell=83))
    """
    return tuple(Place(cell) for cell in sorted(state.legal_cells))


def place(state: State, cell: int) -> State:
    """Shorthand for `apply(state, Place(cell))`."""
    return apply(state, Place(cell))
