"""What a hint is as the pages show it (games.core.play.hint asks for it and marks the game).

A kind that offers hints (`GameKind.offers_hints`) turns its coach's advice into a `Hint`; its board
marks the hint's cells and dice, and the shared `play/_hint.html` panel (`HintPanel`) draws
the HINT button, the one-time confirmation and the advice in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.formats import number_format
from django.utils.translation import gettext

if TYPE_CHECKING:
    from games.core.models import Game


@dataclass(frozen=True)
class HintLine:
    """One line of the hint's list: a move (or plan) and its value, in words."""

    label: str
    value: str
    best: bool = False


@dataclass(frozen=True)
class Hint:
    """The coach's move as the page shows it.

    `action` is the advised action's text form (one of the rules' legal actions: a test hook);
    `cells` and `dice` are what the board marks (a game's own numbering: cell and die indices).
    """

    action: str
    advice: str
    choices: tuple[HintLine, ...] = ()
    note: str = ""
    cells: frozenset[int] = field(default_factory=frozenset)
    dice: frozenset[int] = field(default_factory=frozenset)
    # What each marked cell is to get (a die's value in MAGDAGDON), keyed by cell.
    labels: tuple[tuple[int, str], ...] = ()
    # The move button the hint names, in the game's own words ("bank", "roll-again"; "": none).
    button: str = ""

    @property
    def cell_labels(self) -> dict[int, str]:
        return dict(self.labels)


@dataclass(frozen=True)
class HintPanel:
    """What the HINT panel of a running game draws."""

    game_id: int
    version: int
    coached: bool
    asking: bool = False  # the first HINT was pressed: confirm it
    hint: Hint | None = None


def panel(game: Game, *, asking: bool = False, hint: Hint | None = None) -> HintPanel | None:
    """The panel of a game's page; None where no hint is offered (an ended game, online
    tables: a hint there would help one friend against the others; a how-to-play, whose guide
    is its help)."""
    if not game.kind.offers_hints or not game.is_active or game.tutorial:
        return None
    return HintPanel(game.pk, game.version, game.coached, asking=asking, hint=hint)


def number(value: float, decimals: int = 1) -> str:
    """63.1 (63,1 …) as the visitor's language writes it."""
    return number_format(round(value, decimals), decimals, use_l10n=True, force_grouping=True)


def percent(chance: float) -> str:
    """A chance as "2.3%" in the visitor's language."""
    # Translators: a percentage, e.g. "2.3%"; write it as your language does ("2,3 %").
    return gettext("%(value)s%%") % {"value": number(100 * chance)}
