"""The MISHIMASH game log: small frozen events, one per thing that happened, for the UI.

Points are half-points (`*_halves`, ints). Every event serialises to a dict with a "type" key
and reads back with `event_from_dict`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from games.rules.errors import InvalidMove
from games.rules.mishimash_scoring import format_points as pts

SelectResult = Literal["bank", "roll_again"]


@dataclass(frozen=True, slots=True)
class Rolled:
    """The player's k-th roll of the turn showed `faces`."""

    player: int
    k: int
    faces: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "roll", "player": self.player, "k": self.k, "faces": list(self.faces)}


@dataclass(frozen=True, slots=True)
class Selected:
    """From roll k the player set aside `faces`, worth `halves` (already x k), then `result`."""

    player: int
    k: int
    faces: tuple[int, ...]
    halves: int
    result: SelectResult

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "select",
            "player": self.player,
            "k": self.k,
            "faces": list(self.faces),
            "halves": self.halves,
            "result": self.result,
        }


@dataclass(frozen=True, slots=True)
class Cleared:
    """MISHIMASH (X11): the n-th clear of the turn earned `halves` (never multiplied)."""

    player: int
    n: int
    halves: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "clear", "player": self.player, "n": self.n, "halves": self.halves}


@dataclass(frozen=True, slots=True)
class Banked:
    """X9: the player banked `halves`, reaching `total_halves`."""

    player: int
    halves: int
    total_halves: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "bank",
            "player": self.player,
            "halves": self.halves,
            "total_halves": self.total_halves,
        }


@dataclass(frozen=True, slots=True)
class Busted:
    """X7: roll k was a bust (SMOLA); the turn's `lost_halves` unbanked points are gone."""

    player: int
    k: int
    lost_halves: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "bust", "player": self.player, "k": self.k, "lost_halves": self.lost_halves}


@dataclass(frozen=True, slots=True)
class FinalRoundStarted:
    """X15: `player` banked to the target; `players` (in order) get one more turn each."""

    player: int
    players: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "final_round", "player": self.player, "players": list(self.players)}


@dataclass(frozen=True, slots=True)
class SuddenDeathStarted:
    """X16: round `round` of sudden death between the tied leaders `players`."""

    round: int
    players: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "sudden_death", "round": self.round, "players": list(self.players)}


@dataclass(frozen=True, slots=True)
class Won:
    """The game is over and `player` won with `total_halves`."""

    player: int
    total_halves: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "win", "player": self.player, "total_halves": self.total_halves}


Event = Rolled | Selected | Cleared | Banked | Busted | FinalRoundStarted | SuddenDeathStarted | Won

_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": ("player", "k", "faces"),
    "select": ("player", "k", "faces", "halves", "result"),
    "clear": ("player", "n", "halves"),
    "bank": ("player", "halves", "total_halves"),
    "bust": ("player", "k", "lost_halves"),
    "final_round": ("player", "players"),
    "sudden_death": ("round", "players"),
    "win": ("player", "total_halves"),
}


def read_int(data: Mapping[str, Any], key: str, low: int = 0, high: int | None = None) -> int:
    """`data[key]` as a strict int in [low, high] (bools refused), else InvalidMove."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
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


def event_from_dict(data: object) -> Event:
    """Read back one event written by its `to_dict`; InvalidMove when malformed."""
    if not isinstance(data, Mapping) or data.get("type") not in _FIELDS:
        raise InvalidMove(f"Not a MISHIMASH log event: {data!r}.")
    kind = data["type"]
    d = check_keys(data, {"type", *_FIELDS[kind]})
    match kind:
        case "roll":
            return Rolled(read_int(d, "player"), read_int(d, "k", 1), read_ints(d, "faces", 1, 6))
        case "select":
            if d["result"] not in ("bank", "roll_again"):
                raise InvalidMove(f"Unknown selection result {d['result']!r}.")
            return Selected(
                read_int(d, "player"),
                read_int(d, "k", 1),
                read_ints(d, "faces", 1, 6),
                read_int(d, "halves"),
                d["result"],
            )
        case "clear":
            return Cleared(read_int(d, "player"), read_int(d, "n", 1), read_int(d, "halves"))
        case "bank":
            return Banked(read_int(d, "player"), read_int(d, "halves"), read_int(d, "total_halves"))
        case "bust":
            return Busted(read_int(d, "player"), read_int(d, "k", 1), read_int(d, "lost_halves"))
        case "final_round":
            return FinalRoundStarted(read_int(d, "player"), read_ints(d, "players"))
        case "sudden_death":
            return SuddenDeathStarted(read_int(d, "round", 1), read_ints(d, "players"))
        case _:
            return Won(read_int(d, "player"), read_int(d, "total_halves"))


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
