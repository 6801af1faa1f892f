"""The MISHIMASH game log: small frozen events, one per thing that happened, for the UI.

Points are half-points (`*_halves`, ints). An event serialises to a readable dict with a
"type" key (`to_dict`) or, inside a stored state, to a compact row `["roll", 0, 1, [1, 5]]`
(`to_row`: the type, then the fields in order); `event_from_dict` / `event_from_row` read
them back strictly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from games.rules.errors import InvalidMove
from games.rules.mishimash_scoring import format_points as pts

SelectResult = Literal["bank", "roll_again"]


class _Event:
    """What every event shares: its serialised forms."""

    __slots__ = ()
    TYPE: ClassVar[str]

    def to_row(self) -> list[Any]:
        values = (getattr(self, name) for name in _NAMES[self.TYPE])
        return [self.TYPE, *(list(v) if isinstance(v, tuple) else v for v in values)]

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


Event = Rolled | Selected | Cleared | Banked | Busted | FinalRoundStarted | SuddenDeathStarted | Won
_CLASSES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (
        Rolled,
        Selected,
        Cleared,
        Banked,
        Busted,
        FinalRoundStarted,
        SuddenDeathStarted,
        Won,
    )
}
_NAMES = {kind: tuple(f.name for f in dataclasses.fields(cls)) for kind, cls in _CLASSES.items()}


def _read_field(name: str, value: object) -> object:
    """One event field, strictly: counts >= 0 (k, n, round >= 1), face and seat lists."""
    if name == "result":
        if value not in ("bank", "roll_again"):
            raise InvalidMove(f"Unknown selection result {value!r}.")
        return value
    if name == "faces":
        return read_ints({name: value}, name, 1, 6)
    if name == "players":
        return read_ints({name: value}, name)
    return read_int({name: value}, name, 1 if name in ("k", "n", "round") else 0)


def event_from_row(row: object) -> Event:
    """Read back one event written by `to_row`; InvalidMove when malformed."""
    if type(row) is not list or not row or not isinstance(row[0], str) or row[0] not in _CLASSES:
        raise InvalidMove(f"Not a MISHIMASH log event: {row!r}.")
    names = _NAMES[row[0]]
    if len(row) != len(names) + 1:
        raise InvalidMove(f"A {row[0]} event has {len(names)} fields: {row!r}.")
    values = [_read_field(name, value) for name, value in zip(names, row[1:], strict=True)]
    return _CLASSES[row[0]](*values)  # type: ignore[arg-type]


def event_from_dict(data: object) -> Event:
    """Read back one event written by `to_dict`; InvalidMove when malformed."""
    if not isinstance(data, Mapping) or data.get("type") not in _CLASSES:
        raise InvalidMove(f"Not a MISHIMASH log event: {data!r}.")
    names = _NAMES[data["type"]]
    d = check_keys(data, {"type", *names})
    return event_from_row([d["type"], *(d[name] for name in names)])


def read_int(data: Mapping[str, Any], key: str, low: int = 0, high: int | None = None) -> int:
    """`data[key]` as a strict int in [low, high] (bools refused), else InvalidMove."""
    value = data[key]
    if type(value) is not int:
        raise InvalidMove(f"{key} must be a whole number, not {value!r}.")
    if value < low or (high is not None and value > high):
        raise InvalidMove(f"{key} is out of range: {value}.")
    return value


def read_ints(
    data: Mapping[str, Any], key: str, low: int = 0, high: int | None = None
) -> tuple[int, ...]:
    """`data[key]` as a list of strict ints in [low, high], else InvalidMove."""
    values = data[key]
    if not isinstance(values, list | tuple):
        raise InvalidMove(f"{key} must be a list, not {values!r}.")
    return tuple(read_int({key: value}, key, low, high) for value in values)


def check_keys(data: object, expected: set[str]) -> Mapping[str, Any]:
    """`data` as a mapping with exactly the `expected` keys, else InvalidMove."""
    if not isinstance(data, Mapping):
        raise InvalidMove(f"Expected an object, not {type(data).__name__}.")
    keys = set(data)
    if keys != expected:
        missing, extra = sorted(expected - keys), sorted(map(str, keys - expected))
        raise InvalidMove(f"Wrong fields: missing {missing}, unexpected {extra}.")
    return data


def _faces(faces: tuple[int, ...]) -> str:
    return "-".join(map(str, faces))


def describe_event(event: Event, names: tuple[str, ...]) -> str:
    """One log line in English, e.g. "Anna set aside 1-5 on roll 2: 3 points (x2)."."""
    match event:
        case Rolled(player, k, faces):
            return f"{names[player]} rolled {_faces(faces)} (roll {k}, x{k})."
        case Selected(player, k, faces, halves, result):
            then = "banked" if result == "bank" else "rolled again"
            return (
                f"{names[player]} set aside {_faces(faces)} on roll {k}: "
                f"{pts(halves)} points (x{k}), then {then}."
            )
        case Cleared(player, n, halves):
            return f"MISHIMASH! {names[player]} cleared the dice (clear {n}): +{pts(halves)}."
        case Banked(player, halves, total):
            return f"{names[player]} banked {pts(halves)} points: total {pts(total)}."
        case Busted(player, k, lost):
            return f"Bust on roll {k}! {names[player]} loses {pts(lost)} unbanked points."
        case FinalRoundStarted(player, players):
            if not players:
                return f"{names[player]} reached the target."
            who = ", ".join(names[p] for p in players)
            return f"{names[player]} reached the target. Final round: {who}."
        case SuddenDeathStarted(rnd, players):
            who = ", ".join(names[p] for p in players)
            return f"Tie for first! Sudden death round {rnd}: {who}."
        case Won(player, total):
            return f"{names[player]} wins with {pts(total)} points."
