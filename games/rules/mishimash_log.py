"""The MISHIMASH game log: small frozen events, one per thing that happened, for the UI.

Points are half-points (`*_halves`, ints). An event serialises to a readable dict with a
"type" key (`to_dict`) or, inside a stored state, to a compact row `["roll", 0, 1, [1, 5]]`
(`to_row`: the type, then the fields in order); `event_from_dict` / `event_from_row` read
them back strictly (CorruptState).

A state keeps only the recent log (`keep_recent`): whole turns, newest last, about
`LOG_KEEP` events, so that a stored snapshot stays a few KB however long the game runs.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from games.rules.base import expect_keys, read_int, read_ints
from games.rules.errors import CorruptState
from games.rules.mishimash_scoring import format_points as pts

SelectResult = Literal["bank", "roll_again"]

LOG_KEEP = 40  # a state keeps the newest whole turns that fit in this many events...
LOG_MAX = 120  # ...or the whole current turn, when longer, up to this many


class _Event:
    """What every event shares: its serialised forms."""

    __slots__ = ()
    TYPE: ClassVar[str]

    def to_row(self) -> list[Any]:
        values = _GETTERS[self.TYPE](self)
        return [self.TYPE, *[list(v) if type(v) is tuple else v for v in values]]

    def to_dict(self) -> dict[str, Any]:
        row = self.to_row()
        return {"type": row[0], **dict(zip(_NAMES[self.TYPE], row[1:], strict=True))}


@dataclass(frozen=True, slots=True)
class Rolled(_Event):
    """The player's k-th roll of the turn showed `faces`."""

    TYPE: ClassVar[str] = "roll"
    player: int
    k: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Selected(_Event):
    """From roll k the player set aside `faces`, worth `halves` (already x k), then `result`."""

    TYPE: ClassVar[str] = "select"
    player: int
    k: int
    faces: tuple[int, ...]
    halves: int
    result: SelectResult


@dataclass(frozen=True, slots=True)
class Cleared(_Event):
    """MISHIMASH (X11): the n-th clear of the turn earned `halves` (never multiplied)."""

    TYPE: ClassVar[str] = "clear"
    player: int
    n: int
    halves: int


@dataclass(frozen=True, slots=True)
class Banked(_Event):
    """X9: the player banked `halves`, reaching `total_halves`."""

    TYPE: ClassVar[str] = "bank"
    player: int
    halves: int
    total_halves: int


@dataclass(frozen=True, slots=True)
class Busted(_Event):
    """X7: roll k was a bust (SMOLA); the turn's `lost_halves` unbanked points are gone."""

    TYPE: ClassVar[str] = "bust"
    player: int
    k: int
    lost_halves: int


@dataclass(frozen=True, slots=True)
class Skipped(_Event):
    """At an online table the others skipped `player`'s turn (they were away): it ends with
    nothing banked and its `lost_halves` unbanked points are gone, as after a bust (X7)."""

    TYPE: ClassVar[str] = "skip"
    player: int
    lost_halves: int


@dataclass(frozen=True, slots=True)
class Removed(_Event):
    """The table's host removed `player` (away for several turns): their turn ends as a skip,
    they play no more turns and can no longer win."""

    TYPE: ClassVar[str] = "remove"
    player: int
    lost_halves: int


@dataclass(frozen=True, slots=True)
class FinalRoundStarted(_Event):
    """X15: `player` banked to the target; `players` (in order) get one more turn each."""

    TYPE: ClassVar[str] = "final_round"
    player: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SuddenDeathStarted(_Event):
    """X16: round `round` of sudden death between the tied leaders `players`."""

    TYPE: ClassVar[str] = "sudden_death"
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Won(_Event):
    """The game is over and `player` won with `total_halves`."""

    TYPE: ClassVar[str] = "win"
    player: int
    total_halves: int


Event = (
    Rolled
    | Selected
    | Cleared
    | Banked
    | Busted
    | Skipped
    | Removed
    | FinalRoundStarted
    | SuddenDeathStarted
    | Won
)
_CLASSES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (
        Rolled,
        Selected,
        Cleared,
        Banked,
        Busted,
        Skipped,
        Removed,
        FinalRoundStarted,
        SuddenDeathStarted,
        Won,
    )
}
_NAMES = {kind: tuple(f.name for f in dataclasses.fields(cls)) for kind, cls in _CLASSES.items()}


def _read_result(value: object) -> object:
    if value not in ("bank", "roll_again"):
        raise CorruptState(f"unknown selection result {value!r}")
    return value


def _reader(name: str) -> Callable[[object], object]:
    """How one event field is read, strictly: counts >= 0 (k, n, round >= 1), face and seat
    lists, the result of a selection."""
    if name == "result":
        return _read_result
    if name == "faces":
        return lambda value: read_ints(value, 1, 6)
    if name == "players":
        return read_ints
    low = 1 if name in ("k", "n", "round") else 0
    return lambda value: read_int(value, low)


# Precomputed per event type: reading a stored state parses ~40 rows per move.
_GETTERS = {kind: operator.attrgetter(*names) for kind, names in _NAMES.items()}
_READERS = {kind: tuple(_reader(name) for name in names) for kind, names in _NAMES.items()}


# Events already read, by their row's values: a state's log is read back on every move (some
# forty rows, most of them read by the move before), and an event is an immutable value.
_READ: dict[tuple[object, ...], Event] = {}
_READ_MAX = 1 << 16


def _strict_key(row: object) -> tuple[object, ...] | None:
    """`row` as a key when it holds only strings, ints and lists of ints, by type (so that
    `true` or `1.0`, equal to 1 in Python, never finds the event of a 1); else None."""
    if type(row) is not list:
        return None
    key: list[object] = []
    for value in row:
        kind = type(value)
        if kind is int or kind is str:
            key.append(value)
        elif kind is list and all(type(item) is int for item in value):
            key.append(tuple(value))
        else:
            return None
    return tuple(key)


def event_from_row(row: object) -> Event:
    """Read back one event written by `to_row`; CorruptState when malformed. An event read
    before is found again rather than read anew (`_READ`)."""
    key = _strict_key(row)
    event = _READ.get(key) if key is not None else None
    if event is None:
        event = _read_row(row)
        if key is not None:
            if len(_READ) >= _READ_MAX:
                _READ.clear()
            _READ[key] = event
    return event


def _read_row(row: object) -> Event:
    if type(row) is not list or not row or not isinstance(row[0], str) or row[0] not in _CLASSES:
        raise CorruptState(f"not a MISHIMASH log event: {row!r}")
    readers = _READERS[row[0]]
    if len(row) != len(readers) + 1:
        raise CorruptState(f"a {row[0]} event has {len(readers)} fields: {row!r}")
    try:
        values = [read(value) for read, value in zip(readers, row[1:], strict=True)]
    except CorruptState as error:
        raise CorruptState(f"MISHIMASH log event {row!r}: {error}") from None
    return _CLASSES[row[0]](*values)  # type: ignore[arg-type]


def event_from_dict(data: object) -> Event:
    """Read back one event written by `to_dict`; CorruptState when malformed."""
    if not isinstance(data, Mapping) or data.get("type") not in _CLASSES:
        raise CorruptState(f"not a MISHIMASH log event: {data!r}")
    names = _NAMES[data["type"]]
    d = expect_keys(data, {"type", *names}, f"a {data['type']} event")
    return event_from_row([d["type"], *(d[name] for name in names)])


def starts_turn(event: Event) -> bool:
    """A turn starts with its roll number 1, the only roll of a turn with k == 1; a turn
    that was skipped (or ended by a removal) before its first roll is its own one-event turn."""
    return (type(event) is Rolled and event.k == 1) or type(event) in (Skipped, Removed)


def turn_start(log: tuple[Event, ...]) -> int:
    """Where the turn in progress (or the last turn, between turns) starts in `log`; 0 if the
    log holds no turn start."""
    for i in range(len(log) - 1, -1, -1):
        if starts_turn(log[i]):
            return i
    return 0


def keep_recent(log: tuple[Event, ...]) -> tuple[tuple[Event, ...], int]:
    """The recent part of `log` a state keeps, and how many older events it leaves out.

    Whole turns only, newest last: the oldest turn start from which at most LOG_KEEP events
    follow; the current turn is always kept whole, up to LOG_MAX events (a cap no real turn
    reaches). Deterministic, so a replay rebuilds the same states.

    >>> log = (Rolled(0, 1, (2, 2, 3, 3, 4, 6)), Busted(0, 1, 0)) * 30
    >>> kept, dropped = keep_recent(log)
    >>> len(kept), dropped, starts_turn(kept[0])
    (40, 20, True)
    """
    if len(log) <= LOG_KEEP:
        return log, 0
    cut = next(
        (i for i in range(len(log) - LOG_KEEP, len(log)) if starts_turn(log[i])),
        turn_start(log),
    )
    cut = max(cut, len(log) - LOG_MAX)
    return log[cut:], cut


def _faces(faces: tuple[int, ...]) -> str:
    return "-".join(map(str, faces))


def _points(halves: int) -> str:
    return f"{pts(halves)} point" if halves == 2 else f"{pts(halves)} points"


def describe_event(event: Event, names: tuple[str, ...]) -> str:
    """One log line in English, e.g. "Anna set aside 1-5 on roll 2: 3 points (x2)."."""
    match event:
        case Rolled(player, k, faces):
            return f"{names[player]} rolled {_faces(faces)} (roll {k}, x{k})."
        case Selected(player, k, faces, halves, result):
            then = "banked" if result == "bank" else "rolled again"
            return (
                f"{names[player]} set aside {_faces(faces)} on roll {k}: "
                f"{_points(halves)} (x{k}), then {then}."
            )
        case Cleared(player, n, halves):
            return f"MISHIMASH! {names[player]} cleared the dice (clear {n}): +{pts(halves)}."
        case Banked(player, halves, total):
            return f"{names[player]} banked {_points(halves)}: total {pts(total)}."
        case Busted(player, k, lost):
            return f"Bust on roll {k}! {names[player]} loses {_points(lost)} unbanked."
        case Skipped(player, lost):
            return f"{names[player]}'s turn was skipped: {_points(lost)} unbanked lost."
        case Removed(player, lost):
            return f"{names[player]} left the table: {_points(lost)} unbanked lost."
        case FinalRoundStarted(player, players):
            if not players:
                return f"{names[player]} reached the target."
            who = ", ".join(names[p] for p in players)
            return f"{names[player]} reached the target. Final round: {who}."
        case SuddenDeathStarted(rnd, players):
            who = ", ".join(names[p] for p in players)
            return f"Tie for first! Sudden death round {rnd}: {who}."
        case Won(player, total):
            return f"{names[player]} wins with {_points(total)}."
