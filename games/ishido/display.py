"""What the Ishido board shows: translated stone names, cells with their labels, the last
placement's points. Presentation only; the rules decide everything (games.rules.ishido).

The state holds the whole pouch order, which stays secret while the game runs (I4): nothing
here ever reads the pouch beyond its top stone and its length.
"""

import functools
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

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
class StoneView:
    name: str  # the test hook: "red-star"
    colour: int
    shape: int
    letter: str
    label: str
    symbol: str  # "k4": the <symbol> of its shape


def stone_view(stone: ishido.Stone) -> StoneView:
    """The stone as drawn and spoken in the active language (36 stones × 4 languages, cached:
    a board names up to 37 stones on every move)."""
    return _stone_view(stone, get_language())


@functools.lru_cache(maxsize=512)
def _stone_view(stone: ishido.Stone, language: str | None) -> StoneView:
    return StoneView(
        name=ishido.stone_name(stone),
        colour=stone.colour,
        shape=stone.shape,
        letter=str(COLOUR_LETTERS[stone.colour]),
        label=spoken_name(stone),
        symbol=f"k{stone.shape}",
    )


@dataclass(frozen=True)
class LastPlacement:
    points: int
    base: int  # the placement's points without a 4-way bonus
    bonus: int  # the 4-way bonus, 0 when it was not a 4-way
    four_way_number: int  # 1 for the first 4-way...; 0 when it was not one
    border: bool
    label: str  # where and what, e.g. "red star on row 3, column 7"


@dataclass(frozen=True)
class BoardView:
    cells_html: SafeString  # the 96 cells, see cells_html()
    current: StoneView | None
    stuck: StoneView | None  # the stone that fitted nowhere (a stuck end)
    last: LastPlacement | None
    end_reason: str


def cells_html(state: ishido.State, legal: frozenset[int], *, buttons: bool) -> SafeString:
    """The 96 cells as HTML: stones as images, empty cells as submit buttons of the move form
    (`buttons`) or plain boxes, each with its spoken label.

    Built here with plain string joins because it runs on every move: as a template loop it
    cost about 6 ms a board, with format_html about 3 ms. Every piece of text is escaped once
    (the four label patterns and each stone's name); cell numbers are integers.
    """
    last_cell = state.placements[-1].cell if state.placements else None
    with_stone, fits, border, empty = (escape(label) for label in cell_labels())
    stones: dict[ishido.Stone, tuple[str, str, str, str]] = {}
    parts = []
    for index, stone in enumerate(state.board):
        row, column = divmod(index, ishido.COLUMNS)
        where = {"row": row + 1, "column": column + 1}
        edge = " edge" if ishido.is_border(index) else ""
        last = " last" if index == last_cell else ""
        if stone is not None:
            if stone not in stones:
                view = stone_view(stone)
                stones[stone] = (
                    f'<span class="cell tile c{view.colour}',
                    f'data-value="{view.name}" role="img" aria-label="',
                    escape(view.label),
                    f'"><svg class="stone"><use href="#{view.symbol}"/></svg>'
                    f'<i aria-hidden="true">{escape(view.letter)}</i></span>',
                )
            opening, value, name, closing = stones[stone]
            label = with_stone % {**where, "stone": name}
            parts.append(f'{opening}{edge}{last}" data-cell="{index}" {value}{label}{closing}')
            continue
        fit = index in legal
        label = (fits if fit else border if edge else empty) % where
        if buttons:
            parts.append(
                f'<button class="cell{edge}{last}" name="cell" value="{index}" data-cell="{index}"'
                f' data-value=""{" data-legal" if fit else ""} aria-label="{label}"></button>'
            )
        else:
            parts.append(
                f'<span class="cell{edge}{last}" data-cell="{index}" data-value="" role="img"'
                f' aria-label="{label}"></span>'
            )
    return mark_safe("".join(parts))  # every piece of text escaped above


def cell_labels() -> tuple[str, str, str, str]:
    """The four kinds of cell label, translated once per board (96 gettext calls add up)."""
    return (
        gettext("Row %(row)d, column %(column)d: %(stone)s"),
        gettext("Row %(row)d, column %(column)d: empty, the stone fits here"),
        gettext("Row %(row)d, column %(column)d: empty border cell"),
        gettext("Row %(row)d, column %(column)d: empty"),
    )


def last_placement(state: ishido.State) -> LastPlacement | None:
    if not state.placements:
        return None
    placement = state.placements[-1]
    # Stones never leave the board, so the last stone made a 4-way iff it has four neighbours.
    is_four_way = all(state.board[n] is not None for n in ishido.NEIGHBOURS[placement.cell])
    is_four_way = is_four_way and len(ishido.NEIGHBOURS[placement.cell]) == 4
    bonus = ishido.four_way_bonus(state.four_ways - 1) if is_four_way else 0
    row, column = divmod(placement.cell, ishido.COLUMNS)
    label = gettext("%(stone)s on row %(row)d, column %(column)d") % {
        "stone": spoken_name(placement.stone),
        "row": row + 1,
        "column": column + 1,
    }
    return LastPlacement(
        points=placement.points,
        base=placement.points - bonus,
        bonus=bonus,
        four_way_number=state.four_ways if is_four_way else 0,
        border=ishido.is_border(placement.cell),
        label=label,
    )


def board_view(state: ishido.State, *, playable: bool) -> BoardView:
    """Everything the board partial draws; legal cells only matter when a move can be made."""
    legal = state.legal_cells if playable else frozenset()
    current = state.current_stone
    stuck = state.pouch[0] if state.end_reason == "stuck" else None
    return BoardView(
        cells_html=cells_html(state, legal, buttons=playable),
        current=None if current is None else stone_view(current),
        stuck=None if stuck is None else stone_view(stuck),
        last=last_placement(state),
        end_reason=str(END_REASONS.get(state.end_reason or "", "")),
    )
