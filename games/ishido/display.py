"""What the Ishido board shows: its view model (`board`), built from a rules state for the play
page, the htmx swap and the replay page alike. Presentation only; the rules decide everything
(games.rules.ishido).

The state holds the whole pouch order, which stays secret while the game runs (I4): nothing
here ever reads the pouch beyond its top stone and its length.

On a portrait phone the stylesheet draws the board transposed (8 columns × 12 rows, cell 0 still
top left), so that it fits the width. Every text that names a cell is written twice, as the
wide board and as the tall board shows it (`seen_place`), and the stylesheet shows the one that
matches the drawing: the names are right with or without JavaScript, and a screen reader reads
only the one shown.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.core.html import EMPTY, Html, escape, fill, join, markup
from games.rules import IllegalMove, ishido

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

    @property
    def letter_baseline(self) -> int:
        """Where the letter stands in the symbol's box (-3 to 43): Arabic letters (ب ز ص س خ ح)
        reach below their baseline, Latin capitals do not, so Arabic ones stand higher."""
        return 42 if all(ord(c) < 0x0250 for c in self.letter) else 37


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
    label: Html  # where and what, e.g. "red star on row 3, column 7", as the board is drawn


def seen_place(template: str, cell: int, values: dict[str, object] | None = None) -> Html:
    """`template` (with `%(row)d` and `%(column)d`) filled in for `cell` twice: as the wide board
    shows it (8 rows × 12 columns, I2) and as the tall one does (rows and columns swapped); the
    stylesheet shows the one that matches the drawing.

    >>> seen_place("row %(row)d, column %(column)d", 14)
    '<span class="seen-wide">row 2, column 3</span><span class="seen-tall">row 3, column 2</span>'
    """
    row, column = divmod(cell, ishido.COLUMNS)
    wide = template % {**(values or {}), "row": row + 1, "column": column + 1}
    tall = template % {**(values or {}), "row": column + 1, "column": row + 1}
    return fill(
        '<span class="seen-wide">%s</span><span class="seen-tall">%s</span>',
        escape(wide),
        escape(tall),
    )


def seen_refusal(error: IllegalMove) -> Html:
    """A refused move's message, naming its cell as the player sees the board."""
    params = error.params or {}
    template = gettext(error.template)
    if "row" in params and "column" in params:
        cell = (params["row"] - 1) * ishido.COLUMNS + params["column"] - 1
        return seen_place(template, cell, params)
    return escape(template % params if params else template)


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
    announce: str  # what the move just made changed, for the live region ("" on a page load)
    sound: str  # the sound of the move just made: place, fourway or end ("" on a page load)

    @property
    def cell_labels(self) -> dict[str, str]:
        """How the keyboard script names the cells, in the visitor's language; row and column
        are those of the board as drawn."""
        return {
            "stone": gettext("Row %(row)d, column %(column)d: %(stone)s"),
            "fits": gettext("Row %(row)d, column %(column)d: empty, the stone fits here"),
            "border": gettext("Row %(row)d, column %(column)d: empty border cell"),
            "empty": gettext("Row %(row)d, column %(column)d: empty"),
            "wide": gettext("Board, 8 rows by 12 columns"),
            "tall": gettext("Board, 12 rows by 8 columns"),
        }

    @property
    def signs(self) -> list[StoneSign]:
        """Every kind of stone, for the page's symbols (drawn once per page, not per move)."""
        return all_signs()


def cells_html(
    state: ishido.State,
    legal: frozenset[int],
    *,
    buttons: bool,
    last: LastPlacement | None,
    hinted: frozenset[int] = frozenset(),
) -> Html:
    """The 96 cells in row-major order: stones as pictures of their symbol (an `<svg>` each),
    empty cells as submit buttons of the move form (`buttons`) or plain boxes. The last stone
    placed is a `<span class="last">` holding its picture and the points it earned.

    Built here because it runs on every move (as a template loop it cost about 6 ms a board)
    and kept terse because it is most of a move's answer: the grey border and the cell's
    place come from the stylesheet, and the keyboard script names the cells for screen
    readers (`data-label-*` on the page) and groups them into the rows the eye sees.
    `hinted`: the cell a hint advises (`data-hint`, ringed by the stylesheet).
    """
    parts: list[Html] = []
    for index, stone in enumerate(state.board):
        if stone is not None and last is not None and index == last.cell:
            parts.append(last_cell_html(stone_sign(stone), last))
        elif stone is not None:
            parts += (_STONE_AT[index], _STONES[stone])
        elif buttons:
            parts.append(_BUTTONS[index in legal, index in hinted][index])
        else:
            parts.append(_BOXES[index])
    return join(parts)


# The markup of each cell's place and of each stone, written once (the same in every
# language: a stone's test hook name and its symbol): a board is 96 of them on every move.
_STONES = {
    stone: fill(
        '" data-value="%s"><use href=#%s /></svg>',
        escape(ishido.stone_name(stone)),
        escape(f"s{stone.colour}{stone.shape}"),
    )
    for stone in (
        ishido.Stone(colour, shape)
        for colour in range(len(ishido.COLOURS))
        for shape in range(len(ishido.SHAPES))
    )
}
_STONE_AT = tuple(fill('<svg data-cell="%s', index) for index in range(ishido.CELLS))
_BOXES = tuple(fill('<i data-cell="%s" data-value=""></i>', index) for index in range(ishido.CELLS))
_BUTTONS = {
    (legal, hinted): tuple(
        fill(
            '<button name=cell value=%s data-cell="%s" data-value%s%s></button>',
            index,
            index,
            markup(" data-legal") if legal else EMPTY,
            markup(" data-hint") if hinted else EMPTY,
        )
        for index in range(ishido.CELLS)
    )
    for legal in (False, True)
    for hinted in (False, True)
}


def last_cell_html(sign: StoneSign, last: LastPlacement) -> Html:
    """The last stone: marked (a ring, also on the grey border), with the points it earned."""
    gain = EMPTY
    if last.points:
        gain = fill(
            '<b class="gain%s" aria-hidden="true">+%s</b>',
            FOUR_WAY if last.bonus else EMPTY,
            escape(grouped(last.points)),
        )
    return fill(
        '<span class="last" data-cell="%s" data-value="%s"><svg><use href=#%s /></svg>%s</span>',
        last.cell,
        escape(sign.name),
        escape(sign.symbol),
        gain,
    )


LEGAL = markup(" data-legal")
HINTED = markup(" data-hint")
FOUR_WAY = markup(" four-way")


def last_placement(state: ishido.State) -> LastPlacement | None:
    if not state.placements:
        return None
    placement = state.placements[-1]
    # Stones never leave the board, so the last stone made a 4-way iff it has four neighbours.
    neighbours = ishido.NEIGHBOURS[placement.cell]
    is_four_way = len(neighbours) == 4 and all(state.board[n] is not None for n in neighbours)
    bonus = ishido.four_way_bonus(state.four_ways - 1) if is_four_way else 0
    label = seen_place(
        gettext("%(stone)s on row %(row)d, column %(column)d"),
        placement.cell,
        {"stone": spoken_name(placement.stone)},
    )
    return LastPlacement(
        cell=placement.cell,
        points=placement.points,
        base=placement.points - bonus,
        bonus=bonus,
        four_way_number=state.four_ways if is_four_way else 0,
        border=ishido.is_border(placement.cell),
        label=label,
    )


def board_view(
    state: ishido.State,
    *,
    playable: bool,
    hints: bool = True,
    moved: bool = False,
    hinted: frozenset[int] = frozenset(),
) -> IshidoBoard:
    """The view model; legal cells only matter when a move can be made. `moved`: the board
    answers the move just made, so it says what changed (announce) and how it sounds.
    `hinted`: the cell the coach's hint advises."""
    legal = state.legal_cells if playable else frozenset()
    current = state.current_stone
    stuck = state.pouch[0] if state.end_reason == "stuck" else None
    last = last_placement(state)
    return IshidoBoard(
        cells=cells_html(state, legal, buttons=playable, last=last, hinted=hinted),
        playable=playable,
        hints=hints,
        current=None if current is None else stone_sign(current),
        stuck=None if stuck is None else stone_sign(stuck),
        last=last,
        end_reason=str(END_REASONS.get(state.end_reason or "", "")),
        announce=announcement(state, last) if moved and last else "",
        sound=sound(state, last) if moved and last else "",
    )


def announcement(state: ishido.State, last: LastPlacement) -> str:
    """What a screen reader hears after a placement: its points (a 4-way first), then the
    stones left and the next stone, or the end. The cell is where the player's cursor is, so
    it is not repeated (and no text here depends on how the board is drawn)."""
    parts = []
    if last.bonus:
        parts.append(gettext("4-way number %(number)d!") % {"number": last.four_way_number})
    if last.border:
        parts.append(gettext("On the border: no points."))
    else:
        parts.append(
            ngettext("+%(points)s point.", "+%(points)s points.", last.points)
            % {"points": grouped(last.points)}
        )
    if state.is_finished:
        parts.append(
            gettext("Game over. Final score: %(score)s.")
            % {"score": grouped(state.final_score or 0)}
        )
    else:
        left = state.stones_left
        parts.append(
            ngettext("%(count)d stone left.", "%(count)d stones left.", left) % {"count": left}
        )
        if state.current_stone is not None:
            parts.append(gettext("Next: %(stone)s.") % {"stone": spoken_name(state.current_stone)})
    return " ".join(parts)


def grouped(number: int) -> str:
    """1,000 (1 000, 1.000…) as the visitor's language writes it."""
    return number_format(number, force_grouping=True)


def sound(state: ishido.State, last: LastPlacement) -> str:
    if state.is_finished:
        return "end"
    return "fourway" if last.bonus else "place"
