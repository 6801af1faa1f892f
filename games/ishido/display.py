"""What the Ishido board shows: its view model (`board`), built from a rules state for the play
page, the htmx swap and the replay page alike. Presentation only; the rules decide everything
(games.rules.ishido).

The state holds the whole pouch order, which stays secret while the game runs (I4): nothing
here ever reads the pouch beyond its top stone and its length.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.core.html import EMPTY, Html, escape, fill, join, markup
from games.rules import ishido

COLOUR_NAMES = (
    pgettext_lazy("stone colour", "white"),
    pgettext_lazy("stone colour", "yellow"),
    pgettext_lazy("stone colour", "red"),
    pgettext_lazy("stone colour", "green"),
    pgettext_lazy("stone colour", "blue"),
    pgettext_lazy("stone colour", "black"),
)
# One letter per colour, printed on every stone so that colour is never the only cue.
# Translators: the six letters must differ from each other (English uses K for black).
COLOUR_LETTERS = (
    pgettext_lazy("stone colour letter (white)", "W"),
    pgettext_lazy("stone colour letter (yellow)", "Y"),
    pgettext_lazy("stone colour letter (red)", "R"),
    pgettext_lazy("stone colour letter (green)", "G"),
    pgettext_lazy("stone colour letter (blue)", "B"),
    pgettext_lazy("stone colour letter (black)", "K"),
)
SHAPE_NAMES = (
    pgettext_lazy("stone shape", "circle"),
    pgettext_lazy("stone shape", "square"),
    pgettext_lazy("stone shape", "triangle"),
    pgettext_lazy("stone shape", "rhombus"),
    pgettext_lazy("stone shape", "star"),
    pgettext_lazy("stone shape", "kite"),
)
# The stone colours (Okabe–Ito, safe for colour-blind players), drawn into each stone's symbol.
COLOUR_INKS = ("#ffffff", "#f0e442", "#d55e00", "#009e73", "#0072b2", "#111111")
END_REASONS = {
    "pouch_empty": _("Every stone is on the board: the pouch is empty."),
    "stuck": _("This stone fits nowhere on the board."),
}


def spoken_name(stone: ishido.Stone) -> str:
    """'red star' in the visitor's language."""
    # Translators: a stone's name, e.g. "red star". Where adjectives must agree with the noun,
    # a form like "%(shape)s, %(colour)s" reads better.
    return pgettext("stone name", "%(colour)s %(shape)s") % {
        "colour": COLOUR_NAMES[stone.colour],
        "shape": SHAPE_NAMES[stone.shape],
    }


@dataclass(frozen=True)
class StoneSign:
    """A stone as drawn and spoken: its test hook name ("red-star"), its SVG symbol ("s24":
    shape, colour and letter) and its name in the visitor's language."""

    name: str
    colour: int
    shape: int
    symbol: str
    letter: str
    label: str

    @property
    def ink(self) -> str:
        return COLOUR_INKS[self.colour]


def stone_sign(stone: ishido.Stone) -> StoneSign:
    """36 stones × 4 languages, cached: a board names up to 73 stones on every move."""
    return _stone_sign(stone, get_language())


@functools.lru_cache(maxsize=512)
def _stone_sign(stone: ishido.Stone, language: str | None) -> StoneSign:
    return StoneSign(
        name=ishido.stone_name(stone),
        colour=stone.colour,
        shape=stone.shape,
        symbol=f"s{stone.colour}{stone.shape}",
        letter=str(COLOUR_LETTERS[stone.colour]),
        label=spoken_name(stone),
    )


def all_signs() -> list[StoneSign]:
    """Every kind of stone (the pouch's contents are public, I1; never its order): the page
    defines their symbols once, outside the board that every move swaps."""
    return _all_signs(get_language())


@functools.lru_cache(maxsize=8)
def _all_signs(language: str | None) -> list[StoneSign]:
    return [
        stone_sign(ishido.Stone(colour, shape))
        for colour in range(len(ishido.COLOURS))
        for shape in range(len(ishido.SHAPES))
    ]


@dataclass(frozen=True)
class LastPlacement:
    cell: int
    points: int
    base: int  # the placement's points without a 4-way bonus
    bonus: int  # the 4-way bonus, 0 when it was not a 4-way
    four_way_number: int  # 1 for the first 4-way...; 0 when it was not one
    border: bool
    label: str  # where and what, e.g. "red star on row 3, column 7"


@dataclass(frozen=True)
class IshidoBoard:
    """Everything the `#board` partial draws."""

    cells: Html  # the 96 cells, see cells_html()
    playable: bool
    hints: bool  # the legal-cell highlight (UI state only)
    current: StoneSign | None
    stuck: StoneSign | None  # the stone that fitted nowhere (a stuck end)
    last: LastPlacement | None
    end_reason: str

    @property
    def cell_labels(self) -> dict[str, str]:
        """How the keyboard script names the cell under the cursor, in the visitor's language."""
        return {
            "stone": gettext("Row %(row)d, column %(column)d: %(stone)s"),
            "fits": gettext("Row %(row)d, column %(column)d: empty, the stone fits here"),
            "border": gettext("Row %(row)d, column %(column)d: empty border cell"),
            "empty": gettext("Row %(row)d, column %(column)d: empty"),
        }

    @property
    def signs(self) -> list[StoneSign]:
        """Every kind of stone, for the page's symbols (drawn once per page, not per move)."""
        return all_signs()


def cells_html(state: ishido.State, legal: frozenset[int], *, buttons: bool) -> Html:
    """The 96 cells in row-major order: stones as pictures of their symbol (an `<svg>` each),
    empty cells as submit buttons of the move form (`buttons`) or plain boxes.

    Built here because it runs on every move (as a template loop it cost about 6 ms a board)
    and kept terse because it is most of a move's answer: the grey border and the cell's
    place come from the stylesheet, and the keyboard script names the cell under the cursor
    for screen readers (`data-label-*` on the board).
    """
    last = state.placements[-1].cell if state.placements else -1
    stones: dict[ishido.Stone, Html] = {}
    parts = []
    for index, stone in enumerate(state.board):
        mark = LAST if index == last else EMPTY
        if stone is not None:
            drawn = stones.get(stone)
            if drawn is None:
                sign = stone_sign(stone)
                drawn = stones[stone] = fill(
                    '" data-value="%s"><use href=#%s /></svg>',
                    escape(sign.name),
                    escape(sign.symbol),
                )
            parts.append(fill('<svg%s data-cell="%s%s', mark, index, drawn))
        elif buttons:
            hint = LEGAL if index in legal else EMPTY
            parts.append(
                fill(
                    '<button%s name=cell value=%s data-cell="%s" data-value%s></button>',
                    mark,
                    index,
                    index,
                    hint,
                )
            )
        else:
            parts.append(fill('<i data-cell="%s" data-value=""></i>', index))
    return join(parts)


LAST = markup(' class="last"')
LEGAL = markup(" data-legal")


def last_placement(state: ishido.State) -> LastPlacement | None:
    if not state.placements:
        return None
    placement = state.placements[-1]
    # Stones never leave the board, so the last stone made a 4-way iff it has four neighbours.
    neighbours = ishido.NEIGHBOURS[placement.cell]
    is_four_way = len(neighbours) == 4 and all(state.board[n] is not None for n in neighbours)
    bonus = ishido.four_way_bonus(state.four_ways - 1) if is_four_way else 0
    row, column = divmod(placement.cell, ishido.COLUMNS)
    label = gettext("%(stone)s on row %(row)d, column %(column)d") % {
        "stone": spoken_name(placement.stone),
        "row": row + 1,
        "column": column + 1,
    }
    return LastPlacement(
        cell=placement.cell,
        points=placement.points,
        base=placement.points - bonus,
        bonus=bonus,
        four_way_number=state.four_ways if is_four_way else 0,
        border=ishido.is_border(placement.cell),
        label=label,
    )


def board(state: ishido.State, *, playable: bool, hints: bool = True) -> IshidoBoard:
    """The view model; legal cells only matter when a move can be made."""
    legal = state.legal_cells if playable else frozenset()
    current = state.current_stone
    stuck = state.pouch[0] if state.end_reason == "stuck" else None
    return IshidoBoard(
        cells=cells_html(state, legal, buttons=playable),
        playable=playable,
        hints=hints,
        current=None if current is None else stone_sign(current),
        stuck=None if stuck is None else stone_sign(stuck),
        last=last_placement(state),
        end_reason=str(END_REASONS.get(state.end_reason or "", "")),
    )
