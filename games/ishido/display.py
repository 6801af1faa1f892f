"""What the Ishido board shows: translated stone names, cells with their labels, the last
placement's points. Presentation only; the rules decide everything (games.rules.ishido).

The state holds the whole pouch order, which stays secret while the game runs (I4): nothing
here ever reads the pouch beyond its top stone and its length.
"""

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext, pgettext_lazy
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
    return StoneView(
        name=ishido.stone_name(stone),
        colour=stone.colour,
        shape=stone.shape,
        letter=str(COLOUR_LETTERS[stone.colour]),
        label=spoken_name(stone),
        symbol=f"k{stone.shape}",
    )


@dataclass(frozen=True)
class CellView:
    index: int
    stone: StoneView | None
    border: bool
    legal: bool
    last: bool
    label: str
    css: str  # the cell's classes, put together here: cheaper than template ifs × 96
    key: str  # the index as text: a template's int goes through number localisation (slow)


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
    cells: list[CellView]
    current: StoneView | None
    stuck: StoneView | None  # the stone that fitted nowhere (a stuck end)
    last: LastPlacement | None
    end_reason: str


def cells_html(cells: list[CellView], *, buttons: bool) -> SafeString:
    """The 96 cells as HTML: stones as images, empty cells as submit buttons of the move form
    (`buttons`) or plain boxes. Built here because the template loop cost about 6 ms a board."""
    parts = []
    for c in cells:
        if c.stone is not None:
            parts.append(
                format_html(
                    '<span class="{}" data-cell="{}" data-value="{}" role="img" aria-label="{}">'
                    '<svg class="stone"><use href="#{}"/></svg><i aria-hidden="true">{}</i></span>',
                    c.css,
                    c.key,
                    c.stone.name,
                    c.label,
                    c.stone.symbol,
                    c.stone.letter,
                )
            )
        elif buttons:
            parts.append(
                format_html(
                    '<button class="{}" name="cell" value="{}" data-cell="{}" data-value=""{}'
                    ' aria-label="{}"></button>',
                    c.css,
                    c.key,
                    c.key,
                    mark_safe(" data-legal" if c.legal else ""),
                    c.label,
                )
            )
        else:
            parts.append(
                format_html(
                    '<span class="{}" data-cell="{}" data-value="" role="img" aria-label="{}">'
                    "</span>",
                    c.css,
                    c.key,
                    c.label,
                )
            )
    return mark_safe("".join(parts))  # each part escaped by format_html


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
    last_cell = state.placements[-1].cell if state.placements else None
    with_stone, fits, border, empty = cell_labels()
    views: dict[ishido.Stone, StoneView] = {}
    cells = []
    for index, stone in enumerate(state.board):
        row, column = divmod(index, ishido.COLUMNS)
        where = {"row": row + 1, "column": column + 1}
        view = None
        if stone is not None:
            view = views.get(stone) or views.setdefault(stone, stone_view(stone))
            label = with_stone % {**where, "stone": view.label}
        elif index in legal:
            label = fits % where
        elif ishido.is_border(index):
            label = border % where
        else:
            label = empty % where
        is_border = ishido.is_border(index)
        css = "cell" if view is None else f"cell tile c{view.colour}"
        css += " edge" if is_border else ""
        css += " last" if index == last_cell else ""
        cells.append(
            CellView(
                index=index,
                stone=view,
                border=is_border,
                legal=index in legal,
                last=index == last_cell,
                label=label,
                css=css,
                key=str(index),
            )
        )
    current = state.current_stone
    stuck = state.pouch[0] if state.end_reason == "stuck" else None
    return BoardView(
        cells=cells,
        current=None if current is None else stone_view(current),
        stuck=None if stuck is None else stone_view(stuck),
        last=last_placement(state),
        end_reason=str(END_REASONS.get(state.end_reason or "", "")),
    )
