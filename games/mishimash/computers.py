"""Computer seats of a MISHIMASH game: which seats the site plays, at what strength, and the
one action it plays next.

The rules know only names (`rules.Options`); the stored game's options add the computer seats
(`SeatedOptions`, `"computers": [[seat, strength], ...]`, left out when there are none, so a
game without computers stores exactly what it always did). The rules state never holds them:
`SeatedOptions.rules_options` is what the rules play with. The strengths themselves are the
pure players of `games.coach.mishimash.players`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.coach.mishimash import players
from games.core.html import Html
from games.core.models import Game
from games.mishimash import display
from games.rules import mishimash as rules
from games.rules.base import Codec, expect_keys
from games.rules.errors import CorruptState, IllegalMove, gettext_noop

STRENGTH_LABELS: dict[str, str | Promise] = {
    players.OPTIMAL: _("Optimal"),
    players.BANK_AT_30: _("Banks at 30"),
    players.RECKLESS: _("Reckless"),
}

# The pause before each computer action, so that a person can follow it (milliseconds). With
# the server's answer (about 0.1 s) each action is on show about a second: a computer's turn
# of eight actions takes eight seconds, not twelve.
PAUSE_BEFORE_ROLL_MS = 700  # a turn starts: the last turn's end stays on show a moment
PAUSE_BEFORE_CHOICE_MS = 900  # the roll and the dice it will set aside are shown


def _read_computers(value: object) -> tuple[tuple[int, str], ...]:
    if not isinstance(value, list | tuple):
        raise CorruptState(f"computers must be a list of [seat, strength] pairs, not {value!r}")
    pairs = []
    for pair in value:
        if (
            not isinstance(pair, list | tuple)
            or len(pair) != 2
            or type(pair[0]) is not int
            or pair[1] not in players.PLAYERS
        ):
            raise CorruptState(f"not a [seat, strength] pair: {pair!r}")
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


@dataclass(frozen=True, slots=True)
class SeatedOptions(rules.Options):
    """The rules' options plus the seats the computer plays: (seat, strength) pairs, by seat.

    >>> SeatedOptions(("Anna", "Robo"), 500, ((1, "optimal"),)).to_dict()
    {'players': ['Anna', 'Robo'], 'target': 500, 'computers': [[1, 'optimal']]}
    """

    CODECS: ClassVar[Mapping[str, Codec[Any]]] = {
        **rules.Options.CODECS,
        "computers": Codec(_read_computers, lambda pairs: [list(pair) for pair in pairs]),
    }

    computers: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        rules.Options.__post_init__(self)
        object.__setattr__(self, "computers", tuple(sorted(self.computers)))
        seats = [seat for seat, _strength in self.computers]
        if len(set(seats)) != len(seats) or not all(0 <= s < len(self.players) for s in seats):
            raise IllegalMove(gettext_noop("A computer can only play a seat of the game, once."))
        if any(strength not in players.PLAYERS for _seat, strength in self.computers):
            raise IllegalMove(gettext_noop("Choose one of the computer strengths offered."))
        if self.computers and len(seats) == len(self.players):
            raise IllegalMove(gettext_noop("At least one player must be a person."))

    def __repr__(self) -> str:
        return f"SeatedOptions({self.players!r}, {self.target!r}, computers={self.computers!r})"

    def to_dict(self) -> dict[str, Any]:
        data = rules.Options.to_dict(self)
        if not self.computers:
            del data["computers"]
        return data

    @classmethod
    def from_dict(cls, data: object) -> SeatedOptions:
        """Stored options with or without computer seats; CorruptState otherwise."""
        if isinstance(data, Mapping) and "computers" not in data:
            data = {**data, "computers": []}
        return cls._from_fields(expect_keys(data, cls.CODECS, "mishimash.SeatedOptions"))

    @property
    def rules_options(self) -> rules.Options:
        """What the rules play with: the names and the target."""
        return rules.Options(self.players, self.target)

    def strength(self, seat: int) -> str | None:
        """The strength of the computer at `seat`, or None for a person."""
        return dict(self.computers).get(seat)


def seated(options: rules.Options) -> SeatedOptions:
    """`options` as seated options (a plain rules' Options has no computer)."""
    if isinstance(options, SeatedOptions):
        return options
    return SeatedOptions(options.players, options.target)


def game_options(game: Game) -> SeatedOptions:
    """The stored game's options with its computer seats."""
    return SeatedOptions.from_dict(game.options)


def strength_label(strength: str) -> str:
    return str(STRENGTH_LABELS[strength])


def computer_name(name: str, strength: str) -> str:
    """ "Robo (computer, Optimal)": how a replay and the scores name a computer seat."""
    return gettext("%(name)s (computer, %(strength)s)") % {
        "name": name,
        "strength": strength_label(strength),
    }


def next_action(state: rules.State, options: SeatedOptions) -> rules.Action | None:
    """The action the computer to move plays now, or None when a person is to move (or the
    game is over). Deterministic: the board can show it before it is played."""
    if state.is_finished:
        return None
    strength = options.strength(state.current)
    if strength is None:
        return None
    return players.play(strength, state)


@dataclass(frozen=True)
class ComputerTurn:
    """What the board shows while a computer plays: who, how strong, what it does next."""

    seat: int
    name: str
    strength: str
    action: rules.Action
    version: int
    roll: tuple[int, ...] = ()  # the roll showing, when it is about to set dice aside
    gain_halves: int = 0  # what those dice add to the turn

    @property
    def strength_label(self) -> str:
        return strength_label(self.strength)

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice it is about to set aside (none before a roll)."""
        return getattr(self.action, "dice", ())

    @property
    def dice_html(self) -> Html:
        """The roll showing, the dice it is about to set aside marked."""
        chosen = set(self.dice)
        dice = [display.Die(i, face, i in chosen, True) for i, face in enumerate(self.roll)]
        return display.dice_html(dice, playable=False, moved=False)

    @property
    def words(self) -> str:
        """The dice it sets aside in words: "three 4s + one 5"."""
        return display.selection_words(self.roll, [self.roll[i] for i in self.dice])

    @property
    def gain(self) -> Decimal:
        return display.points(self.gain_halves)

    @property
    def banks(self) -> bool:
        return isinstance(self.action, rules.SelectAndBank)

    @property
    def rolls_again(self) -> bool:
        return isinstance(self.action, rules.SelectAndRollAgain)

    @property
    def pause_ms(self) -> int:
        return (
            PAUSE_BEFORE_ROLL_MS if isinstance(self.action, rules.Roll) else PAUSE_BEFORE_CHOICE_MS
        )


def computer_turn(game: Game, names: tuple[str, ...]) -> ComputerTurn | None:
    """The computer's turn on this game's board (None: a person is to move, or it is over)."""
    if not game.is_active:
        return None
    options = game_options(game)
    state: rules.State = game.state
    action = next_action(state, options)
    strength = options.strength(state.current)
    if action is None or strength is None:
        return None
    dice = getattr(action, "dice", ())
    gain = (state.selection_halves(dice) or 0) if dice else 0
    return ComputerTurn(
        state.current, names[state.current], strength, action, game.version, state.roll, gain
    )


def computer_seats(game: Game, names: tuple[str, ...]) -> list[tuple[int, str, str]]:
    """(seat, shown name, strength label) of every computer seat, for the board's legend."""
    options = game_options(game)
    return [(seat, names[seat], strength_label(s)) for seat, s in options.computers]


def person_move_refusal(game: Game, seat: object) -> str | None:
    """Why a person may not move for `seat` now: it is a computer's (None: they may)."""
    if not isinstance(seat, int):
        return None
    options = game_options(game)
    if options.strength(seat) is None or not 0 <= seat < len(options.players):
        return None
    return gettext("%(name)s is a computer player: it plays its own turns.") % {
        "name": options.players[seat]
    }
