"""The dict and text forms that every game's options, states and actions share.

A value is a frozen dataclass that mixes in `Record` and names one `Codec` per field in
`CODECS` (each game keeps its own codecs: a board string, a list of stone codes...). It gets
`to_dict` (the fields in `CODECS` order, each written by its codec) and a strict `from_dict`
that raises `CorruptState`: stored data is read back exactly or refused, never repaired.

Actions mix in `ActionRecord`: the dict form leads with `"type"`, and the text form, like
chess's UCI, is a word and numbers (`"stage 2 5"`) read back by `read_text`, which refuses
anything but the exact text `text()` writes with `InvalidMove`.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Hop(ActionRecord):
...     TYPE: ClassVar[str] = "hop"
...     WORD: ClassVar[str] = "hop"
...     CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"cell": number(0, 15)}
...     cell: int
>>> Hop(3).to_dict(), Hop(3).text()
({'type': 'hop', 'cell': 3}, 'hop 3')
>>> read_action({"type": "hop", "cell": 3}, {"hop": Hop}), read_text("hop 3", {"hop": Hop}, "HOP")
(Hop(cell=3), Hop(cell=3))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Self

from games.rules.errors import CorruptState, InvalidMove, gettext_noop


def _same(value: Any) -> Any:
    return value


class Codec[T]:
    """How one field becomes JSON-ready data (`write`) and is read back strictly (`read`,
    which raises CorruptState or ValueError). `many` marks a tuple of ints, which in an
    action's text takes all the remaining numbers."""

    __slots__ = ("many", "read", "write")

    def __init__(
        self,
        read: Callable[[Any], T],
        write: Callable[[T], Any] = _same,
        *,
        many: bool = False,
    ) -> None:
        self.read = read
        self.write = write
        self.many = many


def read_int(value: object, low: int = 0, high: int | None = None) -> int:
    """`value` as a strict int in [low, high] (bools and floats refused), else CorruptState."""
    if type(value) is not int:
        raise CorruptState(f"expected a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high}"
        raise CorruptState(f"{value} is out of range ({low}{top})")
    return value


def read_ints(
    values: object, low: int = 0, high: int | None = None, *, distinct: bool = False
) -> tuple[int, ...]:
    """A list (or tuple) of strict ints in [low, high], else CorruptState."""
    if not isinstance(values, list | tuple):
        raise CorruptState(f"expected a list of whole numbers, not {values!r}")
    for value in values:
        read_int(value, low, high)
    ints = tuple(values)
    if distinct and len(set(ints)) != len(ints):
        raise CorruptState(f"{list(ints)} names a number twice")
    return ints


def number(low: int = 0, high: int | None = None) -> Codec[int]:
    """An int field in [low, high]."""
    return Codec(lambda value: read_int(value, low, high))


def numbers(
    low: int = 0, high: int | None = None, *, distinct: bool = False, least: int = 0
) -> Codec[tuple[int, ...]]:
    """A tuple-of-ints field, written as a list; at least `least` of them."""

    def read(values: object) -> tuple[int, ...]:
        ints = read_ints(values, low, high, distinct=distinct)
        if len(ints) < least:
            raise CorruptState(f"expected at least {least} numbers, not {len(ints)}")
        return ints

    return Codec(read, list, many=True)


def optional[T](codec: Codec[T]) -> Codec[T | None]:
    """`codec`, or None (JSON null)."""
    return Codec(lambda value: None if value is None else codec.read(value))


def one_of[T](choices: Collection[T]) -> Codec[T]:
    """A field holding one of a few fixed values (strings, or None)."""

    def read(value: Any) -> T:
        if value not in choices:
            raise CorruptState(f"{value!r} is not one of {sorted(map(repr, choices))}")
        result: T = value
        return result

    return Codec(read)


def expect_keys(data: object, keys: Collection[str], what: str) -> Mapping[str, Any]:
    """`data` as a mapping with exactly `keys`, else CorruptState."""
    if not isinstance(data, Mapping):
        raise CorruptState(f"{what} must be a mapping, not {type(data).__name__}")
    if set(data) != set(keys):
        missing = sorted(set(keys) - set(data))
        extra = sorted(map(str, set(data) - set(keys)))
        raise CorruptState(f"{what} has wrong fields: missing {missing}, unknown {extra}")
    return data


class Record:
    """A frozen dataclass with a dict form built from one codec per field (see the module)."""

    __slots__ = ()
    CODECS: ClassVar[Mapping[str, Codec[Any]]]

    @classmethod
    def _what(cls) -> str:
        return f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__qualname__}"

    def to_dict(self) -> dict[str, Any]:
        return {name: codec.write(getattr(self, name)) for name, codec in self.CODECS.items()}

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read `to_dict` output back; CorruptState for anything else."""
        return cls._from_fields(expect_keys(data, cls.CODECS, cls._what()))

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Self:
        values = {}
        for name, codec in cls.CODECS.items():
            try:
                values[name] = codec.read(data[name])
            except (CorruptState, ValueError, TypeError) as error:
                raise CorruptState(f"{cls._what()} field {name!r}: {error}") from error
        try:
            record = cls(**values)
            record.check()
        except CorruptState:
            raise
        except (ValueError, TypeError) as error:  # the constructor's own refusal
            raise CorruptState(f"{cls._what()}: {error}") from error
        return record

    def check(self) -> None:
        """Raise CorruptState (or ValueError) when the fields, each well-formed, disagree."""


class ActionRecord(Record):
    """An action: dict form `{"type": TYPE, **fields}`, text form `WORD` and the numbers."""

    __slots__ = ()
    TYPE: ClassVar[str]
    WORD: ClassVar[str]
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {}

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, **super().to_dict()}

    def numbers(self) -> tuple[int, ...]:
        """The fields' numbers in order, a tuple field spread out."""
        flat: list[int] = []
        for name, codec in self.CODECS.items():
            value = getattr(self, name)
            flat += value if codec.many else [value]
        return tuple(flat)

    def text(self) -> str:
        """The compact text form, read back by the game's `action_from_text`."""
        return " ".join((self.WORD, *map(str, self.numbers())))

    @classmethod
    def from_numbers(cls, values: Sequence[int]) -> Self:
        """The action whose `numbers()` are `values`; CorruptState when they do not fit."""
        fields: dict[str, Any] = {}
        rest = list(values)
        for name, codec in cls.CODECS.items():
            if codec.many:
                fields[name], rest = rest, []
            elif rest:
                fields[name] = rest.pop(0)
            else:
                raise CorruptState(f"{cls.WORD} takes more numbers")
        if rest:
            raise CorruptState(f"{cls.WORD} takes fewer numbers")
        return cls._from_fields(fields)


def read_action[A: ActionRecord](data: object, kinds: Mapping[str, type[A]]) -> A:
    """The action of the dict `data` (`{"type": ..., **fields}`), or CorruptState."""
    if not isinstance(data, Mapping):
        raise CorruptState(f"An action must be a mapping with a type, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        raise CorruptState(f"Unknown action type {kind!r}")
    return kinds[kind].from_dict({key: value for key, value in data.items() if key != "type"})


_NUMBER = re.compile(r"0|[1-9][0-9]{0,5}")


def split_words(text: str) -> tuple[str, list[str]]:
    """The usual text form: a word, then numbers, separated by single spaces."""
    word, *rest = text.split(" ")
    return word, rest


def read_text[A: ActionRecord](
    text: object,
    kinds: Mapping[str, type[A]],
    game: str,
    split: Callable[[str], tuple[str, list[str]]] = split_words,
) -> A:
    """The action whose `text()` is exactly `text`, else InvalidMove (a player's message).

    `kinds` maps each action's word to its class; `split` cuts the text into the word and
    the numbers (in the order of the action's fields).
    """
    refusal = InvalidMove(
        gettext_noop("“%(text)s” cannot be read as a move in %(game)s."),
        {"text": str(text)[:40], "game": game},
    )
    if not isinstance(text, str):
        raise refusal
    word, args = split(text)
    kind = kinds.get(word)
    if kind is None or not all(_NUMBER.fullmatch(arg) for arg in args):
        raise refusal
    try:
        action = kind.from_numbers([int(arg) for arg in args])
    except CorruptState:
        raise refusal from None
    if action.text() != text:  # spacing or order that text() would not write
        raise refusal
    return action
