"""MISHIMASH, the CUBIRI push-your-luck dice game: options, actions, state and `apply`.

The binding rules are docs/rules/mishimash.md (X1-X16); scoring lives in
`mishimash_scoring`, the game log in `mishimash_log`. Points are half-points (`*_halves`, ints).

A turn: `Roll` six dice, then, while the roll is not a bust, `SelectAndBank` or
`SelectAndRollAgain` with the positions of the dice to set aside.

At an online table two more actions end the turn of a player who is away (`table_actions`):
`Skip` (the turn ends with nothing banked) and `Remove` (the same, and the seat plays no more
turns). The rule pages do not define them; see their docstrings.

>>> import random
>>> rng = random.Random(7)
>>> state = new_game(Options(("Anna", "Béla"), target=500), rng)
>>> state.phase, state.current_name
('rolling', 'Anna')
>>> apply(state, Roll(player=1), rng)
Traceback (most recent call last):
...
games.rules.errors.IllegalMove: It is Anna's turn, not Béla's.
"""

from __future__ import annotations

import dataclasses
import random
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from games.rules.base import (
    ActionRecord,
    Codec,
    Record,
    expect_keys,
    number,
    numbers,
    optional,
    read_action,
    read_text,
)
from games.rules.dice import roll_dice
from games.rules.errors import CorruptState, IllegalMove, InvalidMove, gettext_noop
from games.rules.mishimash_log import (
    LOG_KEEP,
    LOG_MAX,
    Banked,
    Busted,
    Cleared,
    Event,
    FinalRoundStarted,
    Removed,
    Rolled,
    Selected,
    SelectResult,
    Skipped,
    SuddenDeathStarted,
    Won,
    describe_event,
    event_from_dict,
    event_from_row,
    keep_recent,
    turn_start,
)
from games.rules.mishimash_scoring import (
    DICE,
    Combo,
    best_split,
    clear_bonus,
    clear_bonus_halves,
    describe_selection,
    format_points,
    halves_to_decimal,
    halves_to_fraction,
    is_bust,
    legal_selections,
    scoring_indices,
    selection_halves,
    selection_points,
    selection_problem,
    selection_refusal,
    split_halves,
)

__all__ = [
    "DICE",
    "DEFAULT_TARGET",
    "LOG_KEEP",
    "LOG_MAX",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "NEW_GAME_MAX_TARGET",
    "TARGET_CHOICES",
    "Action",
    "Banked",
    "Busted",
    "Cleared",
    "Combo",
    "Event",
    "FinalRoundStarted",
    "Options",
    "Remove",
    "Removed",
    "Roll",
    "Rolled",
    "SelectAndBank",
    "SelectAndRollAgain",
    "Selected",
    "Skip",
    "Skipped",
    "State",
    "SuddenDeathStarted",
    "Won",
    "action_from_dict",
    "action_from_text",
    "apply",
    "best_split",
    "clear_bonus",
    "describe_event",
    "describe_selection",
    "event_from_dict",
    "event_from_row",
    "format_points",
    "halves_to_decimal",
    "halves_to_fraction",
    "is_bust",
    "legal_actions",
    "legal_selections",
    "new_events",
    "new_game",
    "scoring_indices",
    "selection_halves",
    "selection_points",
    "selection_problem",
    "selection_refusal",
    "split_halves",
    "table_actions",
]

DEFAULT_TARGET = 1000  # X1
TARGET_CHOICES = (500, 1000, 2000)  # X1: offered, plus any custom positive target
MAX_TARGET = 1_000_000
# The largest custom target a new game may choose (X1 asks for "a custom positive value"; the
# site bounds it): a solo game takes about 0.3 actions a point, so about 3,000 actions at most.
# Games stored with a larger target (up to MAX_TARGET) still load and replay.
NEW_GAME_MAX_TARGET = 10_000
MAX_PLAYERS = 8
MAX_NAME_LENGTH = 24


# --- Options -------------------------------------------------------------------------------


def _clean_name(name: object, seat: int) -> str:
    if not isinstance(name, str):
        raise InvalidMove(gettext_noop("Player %(seat)d's name must be text."), {"seat": seat})
    return unicodedata.normalize("NFC", name.strip())


def _read_players(value: object) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise CorruptState(f"players must be a list of names, not {value!r}")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class Options(Record):
    """Who plays, in seating order (1 name = solo, X14), and the target score (X1).

    Names are stripped of surrounding spaces; construction validates (IllegalMove, for the
    player who chose them); `from_dict` refuses stored options that do not validate with
    CorruptState.

    >>> Options(("Anna", "Béla"), 500)
    Options(players=('Anna', 'Béla'), target=500)
    """

    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {
        "players": Codec(_read_players, list),
        "target": Codec(lambda target: target),
    }

    players: tuple[str, ...]
    target: int = DEFAULT_TARGET

    def __post_init__(self) -> None:
        if not isinstance(self.players, Sequence) or isinstance(self.players, str):
            raise InvalidMove(gettext_noop("Players must be a list of names."))
        names = tuple(_clean_name(name, seat) for seat, name in enumerate(self.players, 1))
        object.__setattr__(self, "players", names)
        self.validate()

    def __repr__(self) -> str:
        code = f"Options(players={self.players!r}, target={self.target!r})"
        if len(code) <= 100:
            return code
        return f"<mishimash.Options {len(self.players)} players, target {self.target}>"

    def validate(self) -> None:
        """Raise IllegalMove, with a message for the player, when the options cannot be played."""
        _validate_names(self.players)
        _validate_target(self.target)

    @property
    def is_solo(self) -> bool:
        return len(self.players) == 1


def _validate_names(names: tuple[str, ...]) -> None:
    if not names:
        raise IllegalMove(gettext_noop("Add at least one player."))
    if len(names) > MAX_PLAYERS:
        raise IllegalMove(
            gettext_noop("At most %(max)d players can play, not %(count)d."),
            {"max": MAX_PLAYERS, "count": len(names)},
        )
    seen: set[str] = set()
    for seat, name in enumerate(names, 1):
        if not name:
            raise IllegalMove(gettext_noop("Player %(seat)d needs a name."), {"seat": seat})
        if len(name) > MAX_NAME_LENGTH:
            raise IllegalMove(
                gettext_noop("The name “%(name)s” is longer than %(max)d characters."),
                {"name": name, "max": MAX_NAME_LENGTH},
            )
        if not name.isprintable():
            raise IllegalMove(
                gettext_noop("Player %(seat)d's name contains a character that cannot be shown."),
                {"seat": seat},
            )
        if name.casefold() in seen:
            raise IllegalMove(
                gettext_noop("Two players are called “%(name)s”: give them different names."),
                {"name": name},
            )
        seen.add(name.casefold())


def _validate_target(target: object) -> None:
    if isinstance(target, bool) or not isinstance(target, int):
        raise IllegalMove(gettext_noop("The target must be a whole number of points."))
    if target < 1:
        raise IllegalMove(gettext_noop("The target must be at least 1 point."))
    if target > MAX_TARGET:
        raise IllegalMove(
            gettext_noop("The target can be at most %(max)d points."), {"max": MAX_TARGET}
        )


# --- Actions -------------------------------------------------------------------------------


_PLAYER = number(0, MAX_PLAYERS - 1)
_DICE = numbers(0, DICE - 1, distinct=True)


class _TurnAction(ActionRecord):
    """Text form: the word, then the dice positions; the player's seat index (0-7) goes in
    front with a colon, and is left out for the first seat: "roll", "1:bank 0 2"."""

    __slots__ = ()

    def text(self) -> str:
        player, *dice = self.numbers()
        words = " ".join((self.WORD, *map(str, dice)))
        return f"{player}:{words}" if player else words


@dataclass(frozen=True, slots=True)
class Roll(_TurnAction):
    """X8: start the turn by rolling six dice. `player` is who the page believed was to act.

    >>> Roll(0).text(), Roll(2).text(), action_from_text("2:roll")
    ('roll', '2:roll', Roll(player=2))
    """

    TYPE: ClassVar[str] = "roll"
    WORD: ClassVar[str] = "roll"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"player": _PLAYER}
    player: int


@dataclass(frozen=True, slots=True)
class SelectAndBank(_TurnAction):
    """X6 + X9: set aside the dice at positions `dice` of the current roll, then bank.

    >>> SelectAndBank(0, (0, 2, 5)).text(), action_from_text("1:bank 4")
    ('bank 0 2 5', SelectAndBank(player=1, dice=(4,)))
    """

    TYPE: ClassVar[str] = "select_and_bank"
    WORD: ClassVar[str] = "bank"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"player": _PLAYER, "dice": _DICE}
    player: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SelectAndRollAgain(_TurnAction):
    """X6 + X10: set aside the dice at positions `dice`, then roll the rest (six after a clear).

    >>> SelectAndRollAgain(0, (1, 3)).text(), action_from_text("again 1 3")
    ('again 1 3', SelectAndRollAgain(player=0, dice=(1, 3)))
    """

    TYPE: ClassVar[str] = "select_and_roll_again"
    WORD: ClassVar[str] = "again"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"player": _PLAYER, "dice": _DICE}
    player: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Skip(_TurnAction):
    """Online tables only (the rule pages do not define it): the others end the turn of
    `player`, who is away. The turn counts as played with nothing banked, and its unbanked
    points are lost as after a bust (X7, X12); the dice pass on as after any turn (X15, X16:
    a skipped final-round or sudden-death turn is that player's turn, scoring nothing).

    >>> Skip(1).text(), action_from_text("skip")
    ('1:skip', Skip(player=0))
    """

    TYPE: ClassVar[str] = "skip"
    WORD: ClassVar[str] = "skip"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"player": _PLAYER}
    player: int


@dataclass(frozen=True, slots=True)
class Remove(_TurnAction):
    """Online tables only: the host removes `player`, away for several turns, when their turn
    comes. The turn ends as a `Skip`; from then on the rotation, the final round (X15) and
    sudden death (X16) pass over the seat, and it cannot win. When one seat is left it wins.

    >>> Remove(2).text(), action_from_text("1:remove")
    ('2:remove', Remove(player=1))
    """

    TYPE: ClassVar[str] = "remove"
    WORD: ClassVar[str] = "remove"
    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {"player": _PLAYER}
    player: int


Action = Roll | SelectAndBank | SelectAndRollAgain | Skip | Remove
_KINDS = (Roll, SelectAndBank, SelectAndRollAgain, Skip, Remove)
_ACTION_TYPES: dict[str, type[Action]] = {kind.TYPE: kind for kind in _KINDS}
_ACTION_WORDS: dict[str, type[Action]] = {kind.WORD: kind for kind in _KINDS}


def action_from_dict(data: object) -> Action:
    """Read a stored action dict strictly; CorruptState for anything malformed.

    >>> action_from_dict({"type": "select_and_bank", "player": 0, "dice": [0, 4]})
    SelectAndBank(player=0, dice=(0, 4))
    """
    return read_action(data, _ACTION_TYPES)


def _split_text(text: str) -> tuple[str, list[str]]:
    seat, _, words = text.rpartition(":")
    word, *dice = words.split(" ")
    return word, [seat or "0", *dice]


def action_from_text(text: str) -> Action:
    """The action whose `text()` is exactly `text`; InvalidMove for anything else.

    >>> action_from_text("0:roll")
    Traceback (most recent call last):
    ...
    games.rules.errors.InvalidMove: “0:roll” cannot be read as a move in MISHIMASH.
    """
    return read_text(text, _ACTION_WORDS, "MISHIMASH", _split_text)


# --- State ---------------------------------------------------------------------------------


def _read_log(rows: object) -> tuple[Event, ...]:
    if not isinstance(rows, list | tuple) or len(rows) > LOG_MAX:
        raise CorruptState(f"the log must be a list of at most {LOG_MAX} events")
    return tuple(event_from_row(row) for row in rows)


@dataclass(frozen=True, slots=True)
class State(Record):
    """One moment of a game. Compare with `==`; `to_dict`/`from_dict` round-trip exactly.

    `k` is the number of the roll showing (0 before the turn's first roll), `roll` its faces
    (empty when the player must roll), `dice_in_play` how many dice are showing or will be
    rolled next. `final_round_by` is who banked to the target first (X15); `due` lists who
    still plays in the final round or sudden-death round after the current player;
    `contenders` are the tied leaders in sudden death round `sudden_death_round` (X16).
    `removed` lists the seats an online table's host removed (`Remove`); it is left out of
    the dict form while empty, so games without removals keep their stored form.

    `log` holds only the RECENT events (whole turns, the newest last; see
    `mishimash_log.keep_recent`), so a snapshot stays small however long the game;
    `log_start` counts the older events left out. The whole history is the replay of the
    game's actions (`new_events` collects it).
    """

    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {
        "options": Codec(Options.from_dict, Options.to_dict),
        "banked_halves": numbers(),
        "turns": numbers(),
        "current": number(),
        "k": number(),
        "dice_in_play": number(1, DICE),
        "roll": numbers(1, 6),
        "turn_halves": number(),
        "clears": number(),
        "final_round_by": optional(number()),
        "sudden_death_round": number(),
        "contenders": numbers(),
        "due": numbers(),
        "winner": optional(number()),
        "log": Codec(_read_log, lambda log: [event.to_row() for event in log]),
        "log_start": number(),
        "removed": numbers(distinct=True),
    }

    options: Options
    banked_halves: tuple[int, ...]
    turns: tuple[int, ...]
    current: int = 0
    k: int = 0
    dice_in_play: int = DICE
    roll: tuple[int, ...] = ()
    turn_halves: int = 0
    clears: int = 0
    final_round_by: int | None = None
    sudden_death_round: int = 0
    contenders: tuple[int, ...] = ()
    due: tuple[int, ...] = ()
    winner: int | None = None
    log: tuple[Event, ...] = ()
    log_start: int = 0
    removed: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = Record.to_dict(self)
        if not self.removed:
            del data["removed"]
        return data

    @classmethod
    def from_dict(cls, data: object) -> State:
        """Read `to_dict` output back (with or without `removed`); CorruptState otherwise."""
        if isinstance(data, Mapping) and "removed" not in data:
            data = {**data, "removed": []}
        return cls._from_fields(expect_keys(data, cls.CODECS, cls._what()))

    @property
    def players(self) -> tuple[str, ...]:
        return self.options.players

    @property
    def current_name(self) -> str:
        return self.players[self.current]

    @property
    def is_finished(self) -> bool:
        return self.winner is not None

    @property
    def seated(self) -> tuple[int, ...]:
        """The seats still in the game: all but those removed at an online table."""
        return tuple(seat for seat in range(len(self.players)) if seat not in self.removed)

    @property
    def phase(self) -> str:
        """ "rolling" (the turn starts with Roll), "choosing" (select dice) or "finished"."""
        if self.winner is not None:
            return "finished"
        return "choosing" if self.roll else "rolling"

    @property
    def in_final_round(self) -> bool:
        """X15: someone reached the target and the rotation is being played out."""
        return (
            self.final_round_by is not None and not self.sudden_death_round and self.winner is None
        )

    @property
    def in_sudden_death(self) -> bool:
        """X16: tied leaders are playing sudden-death rounds."""
        return self.sudden_death_round > 0 and self.winner is None

    @property
    def still_to_play(self) -> tuple[int, ...]:
        """In the final round or sudden death: the current player and those due after them."""
        if self.is_finished or self.final_round_by is None:
            return ()
        return (self.current, *self.due)

    @property
    def multiplier(self) -> int:
        """X10: the multiplier of the roll showing (k)."""
        return self.k

    @property
    def next_clear_bonus(self) -> int:
        """X11: points a clear would earn now."""
        return clear_bonus(self.clears + 1)

    @property
    def banked_points(self) -> tuple[Fraction, ...]:
        return tuple(halves_to_fraction(h) for h in self.banked_halves)

    @property
    def turn_points(self) -> Fraction:
        return halves_to_fraction(self.turn_halves)

    @property
    def events_so_far(self) -> int:
        """How many events the game has logged in all (kept or left out)."""
        return self.log_start + len(self.log)

    def legal_selections(self) -> tuple[tuple[int, ...], ...]:
        """Every legal set of dice positions from the roll showing (empty if none showing)."""
        return legal_selections(self.roll) if self.roll else ()

    def selection_error(self, dice: Sequence[int]) -> IllegalMove | None:
        """Why setting aside positions `dice` now would be refused (as `apply` would), or None."""
        try:
            faces = _chosen_faces(self, dice)
        except IllegalMove as error:
            return error
        refusal = selection_refusal(self.roll, faces)
        return None if refusal is None else IllegalMove(*refusal)

    def selection_halves(self, dice: Sequence[int]) -> int | None:
        """What setting aside positions `dice` would add now (x k, plus a clear bonus), or None."""
        try:
            faces = _chosen_faces(self, dice)
        except IllegalMove:
            return None
        halves = selection_halves(self.roll, faces)
        if halves is None:
            return None
        bonus = clear_bonus_halves(self.clears + 1) if len(faces) == self.dice_in_play else 0
        return halves * self.k + bonus

    def turn_log(self) -> tuple[Event, ...]:
        """The events of the turn in progress, or of the last turn when between turns."""
        return self.log[turn_start(self.log) :]

    def __repr__(self) -> str:
        """Short, e.g. `<mishimash.State seat 1 of 2 choosing, roll 2 [1, 5, 5], turn 12.5,
        banked 120 / 90.5>`."""
        n = len(self.players)
        if self.is_finished:
            where = f"won by seat {self.current + 1} of {n}"
        elif self.roll:
            where = f"seat {self.current + 1} of {n} choosing, roll {self.k} {list(self.roll)}"
        else:
            where = f"seat {self.current + 1} of {n} to roll"
        banked = [format_points(h) for h in self.banked_halves]
        shown = " / ".join(banked) if n <= 4 else f"best {max(banked, key=Fraction)}"
        turn = f", turn {format_points(self.turn_halves)}" if self.turn_halves else ""
        return f"<mishimash.State {where}{turn}, banked {shown}>"

    def check(self) -> None:
        """Refuse seats beyond the players, or a roll that does not match the dice in play."""
        n = len(self.players)
        if len(self.banked_halves) != n or len(self.turns) != n:
            raise CorruptState("banked_halves and turns need one entry per player")
        seats = [
            self.current,
            self.final_round_by,
            self.winner,
            *self.contenders,
            *self.due,
            *self.removed,
        ]
        if any(seat is not None and seat >= n for seat in seats):
            raise CorruptState(f"a seat number is beyond the {n} players")
        if self.roll and (len(self.roll) != self.dice_in_play or self.k < 1):
            raise CorruptState("the roll showing does not match the dice in play")


def new_events(before: State, after: State) -> tuple[Event, ...]:
    """The events that led from `before` to `after`, a later state of the same game.

    Chain it over a replay to collect a game's whole log (a state keeps only the recent part).
    """
    first = before.events_so_far - after.log_start
    if first < 0 or after.events_so_far < before.events_so_far:
        raise ValueError("`after` no longer holds every event since `before`.")
    return after.log[first:]


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action `apply` accepts now: `Roll` when a roll is due; otherwise, for each legal
    selection of the roll showing, `SelectAndBank` and `SelectAndRollAgain`; none once over.

    >>> legal_actions(new_game(Options(("Anna",)), random.Random(1)))
    (Roll(player=0),)
    """
    if state.is_finished:
        return ()
    if not state.roll:
        return (Roll(state.current),)
    return tuple(
        kind(state.current, dice)
        for dice in state.legal_selections()
        for kind in (SelectAndBank, SelectAndRollAgain)
    )


def table_actions(state: State) -> tuple[Action, ...]:
    """What the others at an online table may do about the player to act (`Skip`, `Remove`):
    nothing in a solo game or once over. Not in `legal_actions`, which lists a player's own
    moves.

    >>> table_actions(new_game(Options(("Anna", "Béla")), random.Random(1)))
    (Skip(player=0), Remove(player=0))
    """
    if state.is_finished or len(state.players) == 1:
        return ()
    return (Skip(state.current), Remove(state.current))


def new_game(options: Options, rng: random.Random) -> State:
    """A new game, first seat to roll. `rng` is not used yet (kept for a uniform signature)."""
    options.validate()
    zeros = (0,) * len(options.players)
    return State(options=options, banked_halves=zeros, turns=zeros)


# --- apply ---------------------------------------------------------------------------------


def apply(state: State, action: Action, rng: random.Random) -> State:
    """The state after `action`, or IllegalMove with a message for the player.

    `Roll` draws six dice from `rng`, `SelectAndRollAgain` draws the dice in play,
    `SelectAndBank` draws nothing. The log keeps only its recent part (`keep_recent`).
    """
    _check_turn(state, action)
    match action:
        case Roll():
            if state.roll:
                raise IllegalMove(
                    gettext_noop(
                        "%(name)s has already rolled: set dice aside, then bank or roll again."
                    ),
                    {"name": state.current_name},
                )
            start = dataclasses.replace(state, k=0, dice_in_play=DICE, turn_halves=0, clears=0)
            after = _roll(start, rng)
        case SelectAndBank(_, dice):
            after = _bank(_select(state, dice, "bank"))
        case SelectAndRollAgain(_, dice):
            after = _roll(_select(state, dice, "roll_again"), rng)
        case Skip() | Remove():
            after = _skip(state, remove=isinstance(action, Remove))
    log, dropped = keep_recent(after.log)
    if not dropped:
        return after
    return dataclasses.replace(after, log=log, log_start=after.log_start + dropped)


def _check_turn(state: State, action: object) -> None:
    if not isinstance(action, _KINDS):
        raise InvalidMove(gettext_noop("Not a MISHIMASH action: %(action)r."), {"action": action})
    if state.is_finished:
        raise IllegalMove(gettext_noop("The game is over."))
    player = action.player
    if isinstance(player, bool) or not isinstance(player, int):
        raise InvalidMove(
            gettext_noop("The player must be a seat number, not %(player)r."), {"player": player}
        )
    if player == state.current:
        return
    if 0 <= player < len(state.players):
        raise IllegalMove(
            gettext_noop("It is %(current)s's turn, not %(player)s's."),
            {"current": state.current_name, "player": state.players[player]},
        )
    raise IllegalMove(
        gettext_noop("It is %(current)s's turn; there is no player %(number)d in this game."),
        {"current": state.current_name, "number": player + 1},
    )


def _chosen_faces(state: State, dice: Sequence[int]) -> tuple[int, ...]:
    """The faces at positions `dice` of the roll showing; IllegalMove (dice counted from 1)."""
    if not state.roll:
        raise IllegalMove(gettext_noop("Roll the dice first."))
    if not isinstance(dice, Sequence) or isinstance(dice, str):
        raise InvalidMove(gettext_noop("The dice must be a list of positions."))
    for i in dice:
        if isinstance(i, bool) or not isinstance(i, int):
            raise InvalidMove(
                gettext_noop("A die is named by its position, not %(die)r."), {"die": i}
            )
        if not 0 <= i < len(state.roll):
            raise IllegalMove(
                gettext_noop("There is no die %(number)d in this roll: it has %(count)d dice."),
                {"number": i + 1, "count": len(state.roll)},
            )
    if len(set(dice)) != len(dice):
        raise IllegalMove(gettext_noop("Each die can be chosen only once."))
    if not dice:
        raise IllegalMove(gettext_noop("Choose at least one scoring die, then bank or roll again."))
    return tuple(state.roll[i] for i in sorted(dice))


def _select(state: State, dice: Sequence[int], result: SelectResult) -> State:
    """X6, X10, X11: set the chosen dice aside; the state is left between rolls."""
    faces = _chosen_faces(state, dice)
    value = selection_halves(state.roll, faces)
    if value is None:
        refusal = selection_refusal(state.roll, faces)
        raise IllegalMove(*(refusal or (gettext_noop("That selection does not score."),)))
    points = value * state.k
    events: list[Event] = [Selected(state.current, state.k, faces, points, result)]
    left, clears, bonus = state.dice_in_play - len(faces), state.clears, 0
    if left == 0:
        left, clears = DICE, clears + 1
        bonus = clear_bonus_halves(clears)
        events.append(Cleared(state.current, clears, bonus))
    return dataclasses.replace(
        state,
        roll=(),
        dice_in_play=left,
        turn_halves=state.turn_halves + points + bonus,
        clears=clears,
        log=state.log + tuple(events),
    )


def _roll(state: State, rng: random.Random) -> State:
    """X8/X10: roll the dice in play as roll k+1; a bust (X7) ends the turn at once."""
    k = state.k + 1
    faces = roll_dice(rng, state.dice_in_play)
    rolled = Rolled(state.current, k, faces)
    if is_bust(faces):
        lost = Busted(state.current, k, state.turn_halves)
        return _end_turn(dataclasses.replace(state, k=k, log=(*state.log, rolled, lost)), False)
    return dataclasses.replace(state, k=k, roll=faces, log=(*state.log, rolled))


def _skip(state: State, *, remove: bool) -> State:
    """Skip or Remove: the turn ends with nothing banked, its unbanked points lost."""
    if len(state.players) == 1:
        raise IllegalMove(gettext_noop("Only a game with several players can skip a turn."))
    p, lost = state.current, state.turn_halves
    if remove:
        event: Event = Removed(p, lost)
        state = dataclasses.replace(state, removed=(*state.removed, p))
    else:
        event = Skipped(p, lost)
    return _end_turn(dataclasses.replace(state, log=(*state.log, event)), False)


def _bank(state: State) -> State:
    """X9, X13: bank the turn; only now is the target checked."""
    p = state.current
    total = state.banked_halves[p] + state.turn_halves
    banked = state.banked_halves[:p] + (total,) + state.banked_halves[p + 1 :]
    event = Banked(p, state.turn_halves, total)
    moved = dataclasses.replace(state, banked_halves=banked, log=(*state.log, event))
    return _end_turn(moved, total >= 2 * state.options.target)


def _end_turn(state: State, reached_target: bool) -> State:
    """Count the turn, clear the turn fields and pass the dice on (X14-X16)."""
    p = state.current
    turns = state.turns[:p] + (state.turns[p] + 1,) + state.turns[p + 1 :]
    state = dataclasses.replace(
        state, turns=turns, k=0, dice_in_play=DICE, roll=(), turn_halves=0, clears=0
    )
    n = len(state.players)
    if n == 1:
        return _win(state, p) if reached_target else state
    seated = state.seated  # removed seats (online tables) play no more turns
    if len(seated) == 1:
        return _win(state, seated[0])
    if state.final_round_by is None:
        if not reached_target:
            later = [seat for seat in seated if seat > p]
            return dataclasses.replace(state, current=(later or seated)[0])
        # X15: the rest of this rotation, no wrap to the start
        due = tuple(seat for seat in seated if seat > p)
        started = FinalRoundStarted(p, due)
        state = dataclasses.replace(state, final_round_by=p, due=due, log=(*state.log, started))
    due = tuple(seat for seat in state.due if seat not in state.removed)
    if due:
        return dataclasses.replace(state, current=due[0], due=due[1:])
    return _resolve(state)


def _resolve(state: State) -> State:
    """X15/X16: the top banked score wins; tied leaders go to (another) sudden-death round."""
    candidates = state.contenders if state.sudden_death_round else state.seated
    candidates = tuple(seat for seat in candidates if seat not in state.removed) or state.seated
    top = max(state.banked_halves[c] for c in candidates)
    leaders = tuple(c for c in candidates if state.banked_halves[c] == top)
    if len(leaders) == 1:
        return _win(state, leaders[0])
    rnd = state.sudden_death_round + 1
    event = SuddenDeathStarted(rnd, leaders)
    return dataclasses.replace(
        state,
        sudden_death_round=rnd,
        contenders=leaders,
        current=leaders[0],
        due=leaders[1:],
        log=(*state.log, event),
    )


def _win(state: State, player: int) -> State:
    event = Won(player, state.banked_halves[player])
    return dataclasses.replace(
        state, winner=player, current=player, due=(), log=(*state.log, event)
    )
