"""What the MAGDAGDON board shows: cells, dice, line sums, score parts and the prompts, for the
play page, the htmx swap and the replay page alike. Presentation only: the rules decide
(games.rules.magdagdon); the selected die and the RUIN choice are UI state from the URL."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.core.forms import whole_number
from games.core.html import EMPTY, Html, escape, fill, join, markup
from games.rules import magdagdon as rules


def points_text(value: int) -> str:
    """A score as the locale writes it, with a true minus sign: −15, 1 234."""
    text = number_format(abs(int(value)), force_grouping=True)
    return f"−{text}" if int(value) < 0 else text


def where(cell: int) -> dict[str, int]:
    """A cell as players name it: 1-based row and column."""
    row, column = divmod(cell, rules.SIZE)
    return {"row": row + 1, "column": column + 1}


COMBOS = {
    "straight": pgettext_lazy("MAGDAGDON bonus", "STRAIGHT"),
    "four_of_a_kind": pgettext_lazy("MAGDAGDON bonus", "FOUR OF A KIND"),
    "two_pairs": pgettext_lazy("MAGDAGDON bonus", "TWO PAIRS"),
}
LINE_NAMES = {"row": _("Row %(number)d"), "column": _("Column %(number)d")}


@dataclass(frozen=True)
class Cell:
    index: int
    value: int | None  # the number shown, confirmed or staged
    ruin: bool
    staged_die: int | None  # index of the die staged here
    legal: bool  # the selected die may be staged here
    ruin_target: bool  # may become the RUIN (choosing the cell after ACCEPT MAGDAGDON)
    focus: bool  # the first target of the current choice (keyboard play)
    label: str

    @property
    def hook(self) -> str:
        """The test hook data-value: "" empty, "1"-"6", "X" a RUIN."""
        return rules.RUIN if self.ruin else "" if self.value is None else str(self.value)


@dataclass(frozen=True)
class Die:
    index: int
    number: int  # 1-based, as players count
    value: int
    staged_cell: int | None
    selected: bool
    fits: bool  # some cell takes it now
    focus: bool  # where keyboard play goes next (see static/magdagdon/board.js)
    label: str
    legal: tuple[int, ...] = ()  # cells that take it now (the page's script looks them up)
    prompt: str = ""  # what the prompt says while it is selected

    @property
    def face(self) -> Html:
        return _face(self.value)


@dataclass(frozen=True)
class Line:
    name: str  # "Row 2"
    total: int
    combo: str  # translated bonus name, "" when none
    points: int


@dataclass(frozen=True)
class Bonus:
    line: str
    combo: str
    points: int


@dataclass(frozen=True)
class MagdagdonBoard:
    cells: list[Cell]
    dice: list[Die]
    rows: list[Line]
    columns: list[Line]
    score: rules.Score
    bonuses: list[Bonus]
    required: int
    staged: int
    can_confirm: bool
    powers_total: int
    powers_left: int
    next_penalty: int | None
    can_use_power: bool
    selected: Die | None
    ruin_mode: bool
    staged_any: bool
    can_play: bool  # moves can be made here (not a replay, not an ended game)
    focus_confirm: bool  # keyboard play goes to CONFIRM next: no die fits any more
    difficulty_label: str
    powers_used: int
    dead_end: bool = False  # the staged dice leave the minimum out of reach (the roll could)
    last_cell: int | None = None  # the cell of the die staged last
    label_legal: str = ""  # the cell label formats the page's script fills in
    label_empty: str = ""
    # In a MAGDAGDON, the board of the RUIN-choosing step that ACCEPT MAGDAGDON shows: the
    # page swaps it in without a request (it is UI state, not a move; see board.js).
    ruin_board: MagdagdonBoard | None = None
    # A hint's marks: what each cell of the coach's plan gets ("4", or "X" for the RUIN), and
    # the dice it stages or a power changes.
    hint_cells: dict[int, str] = field(default_factory=dict)
    hint_dice: frozenset[int] = frozenset()

    @property
    def free(self) -> list[Die]:
        """The dice a power can change now (rolled, not staged)."""
        return [d for d in self.dice if d.staged_cell is None]

    @property
    def grid(self) -> list[tuple[list[Cell], Line]]:
        """The board row by row, each row with its line sum (drawn at the row's end)."""
        return [(self.cells[r * 4 : r * 4 + 4], self.rows[r]) for r in range(4)]

    @property
    def grid_html(self) -> Html:
        return grid_html(self)

    @property
    def tray_html(self) -> Html:
        return tray_html(self)

    @property
    def free_dice(self) -> bool:
        """Some die of the roll is not staged, so a power has something to change."""
        return any(d.staged_cell is None for d in self.dice)

    @property
    def staged_dice(self) -> list[Die]:
        return [d for d in self.dice if d.staged_cell is not None]


def cell_texts() -> dict[str, str]:
    """The label formats of cells and dice in the visitor's language, looked up once per
    language rather than once per cell (gettext calls add up over 16 cells and 4 dice, and
    over a board's dozen formats). Read only: every board shares it."""
    return _cell_texts(get_language())


@functools.lru_cache(maxsize=16)
def _cell_texts(language: str | None) -> dict[str, str]:
    """`cell_texts` in `language`, the active one."""
    return {
        "ruin": gettext("Row %(row)d, column %(column)d: RUIN"),
        "staged": gettext(
            "Row %(row)d, column %(column)d: %(value)d, die %(die)d staged here; "
            "activate to take it back"
        ),
        "full": gettext("Row %(row)d, column %(column)d: %(value)d"),
        "target": gettext("Row %(row)d, column %(column)d: empty; make it the RUIN"),
        "legal": gettext(
            "Row %(row)d, column %(column)d: empty; stage die %(die)d (%(value)d) here"
        ),
        "empty": gettext("Row %(row)d, column %(column)d: empty"),
        "die_staged": gettext("Die %(die)d: %(value)d, staged on row %(row)d, column %(column)d"),
        "die": gettext("Die %(die)d: %(value)d"),
        "fits": gettext("Die %(die)s (%(value)s): choose a highlighted cell."),
        "nofit": gettext(
            "Die %(die)s (%(value)s) fits nowhere now: choose another die, or take a staged "
            "die back."
        ),
    }


def _cell_label(
    index: int,
    value: int | None,
    ruin: bool,
    staged_die: int | None,
    legal: bool,
    ruin_target: bool,
    selected: Die | None,
    texts: dict[str, str],
) -> str:
    at = where(index)
    if ruin:
        return texts["ruin"] % at
    if staged_die is not None:
        return texts["staged"] % {**at, "value": value, "die": staged_die + 1}
    if value is not None:
        return texts["full"] % {**at, "value": value}
    if ruin_target:
        return texts["target"] % at
    if legal and selected is not None:
        return texts["legal"] % {**at, "die": selected.number, "value": selected.value}
    return texts["empty"] % at


def _die_label(number: int, value: int, staged_cell: int | None, texts: dict[str, str]) -> str:
    """A die's name; whether it is selected is its aria-pressed."""
    if staged_cell is not None:
        return texts["die_staged"] % {"die": number, "value": value, **where(staged_cell)}
    return texts["die"] % {"die": number, "value": value}


def is_dead_end(state: rules.State) -> bool:
    """M11/M15: the roll can place the minimum (not a MAGDAGDON), but not from this staging:
    no order of the free dice completes it beside the dice staged so far."""
    if state.phase != "placing" or not state.staged or rules.can_confirm(state):
        return False
    free = [state.roll[d] for d in rules.available_dice(state)]
    need = rules.required(state) - len(state.staged)
    return not rules.can_place(rules.current_board(state), free, need)


def _line(
    kind: str, number: int, board: rules.Board, bonus: rules.LineBonus | None, name: str
) -> Line:
    """A row's or column's sum; `name` is its translated "Row %(number)d" format."""
    cells = range(number * 4, number * 4 + 4) if kind == "row" else range(number, rules.CELLS, 4)
    total = sum(v for v in (board[c] for c in cells) if type(v) is int)
    return Line(
        name=name % {"number": number + 1},
        total=total,
        combo=str(COMBOS[bonus.combo]) if bonus else "",
        points=bonus.points if bonus else 0,
    )


def board_view(
    state: rules.State,
    *,
    playable: bool,
    die: int | None = None,
    ruin: bool = False,
    hint_cells: dict[int, str] | None = None,
    hint_dice: frozenset[int] = frozenset(),
) -> MagdagdonBoard:
    """Everything the board partial draws. `die` and `ruin` are the page's UI choices, already
    validated by `ui_choices`; they only matter when a move can be made. `hint_cells` and
    `hint_dice`: a hint's marks (see MagdagdonBoard)."""
    if not playable:
        die, ruin = None, False
    if ruin:  # M16: accepting returns the staged dice; the page shows them back in the tray
        state = replace(state, staged=())
    board = rules.current_board(state)
    staged_at = {cell: d for d, cell in state.staged}
    staged_cell = {d: cell for d, cell in state.staged}
    free = rules.available_dice(state)
    texts = cell_texts()
    dice = []
    next_die = die is None and not ruin
    for index, value in enumerate(state.roll):
        legal_here = tuple(sorted(rules.legal_cells_for_die(state, index)))
        fits = index in free and bool(legal_here)
        focus, next_die = next_die and fits, next_die and not fits
        dice.append(
            Die(
                index=index,
                number=index + 1,
                value=value,
                staged_cell=staged_cell.get(index),
                selected=index == die,
                fits=fits,
                focus=focus,
                label=_die_label(index + 1, value, staged_cell.get(index), texts),
                legal=legal_here,
                prompt=texts["fits" if fits else "nofit"] % {"die": index + 1, "value": value},
            )
        )
    selected = dice[die] if die is not None else None
    legal = rules.legal_cells_for_die(state, die) if die is not None else frozenset()
    cells = []
    first_target = True
    for index in range(rules.CELLS):
        content = board[index]
        is_ruin = content == rules.RUIN
        number = content if type(content) is int else None
        # Accepting returns the staged dice, so their cells may take the RUIN too (M16).
        target = ruin and state.board[index] is None
        is_legal = index in legal
        focus = (target or is_legal) and first_target
        first_target = first_target and not focus
        cells.append(
            Cell(
                index=index,
                value=number,
                ruin=is_ruin,
                staged_die=staged_at.get(index),
                legal=is_legal,
                ruin_target=target,
                focus=focus,
                label=_cell_label(
                    index, number, is_ruin, staged_at.get(index), is_legal, target, selected, texts
                ),
            )
        )
    score = rules.live_score(state)
    found = {(b.line, b.number): b for b in score.bonuses}
    penalties = rules.PENALTIES[state.difficulty]
    names = {kind: str(name) for kind, name in LINE_NAMES.items()}
    return MagdagdonBoard(
        cells=cells,
        dice=dice,
        rows=[_line("row", n, board, found.get(("row", n)), names["row"]) for n in range(4)],
        columns=[
            _line("column", n, board, found.get(("column", n)), names["column"]) for n in range(4)
        ],
        score=score,
        bonuses=[
            Bonus(
                line=names[b.line] % {"number": b.number + 1},
                combo=str(COMBOS[b.combo]),
                points=b.points,
            )
            for b in score.bonuses
        ],
        required=rules.required(state),
        staged=len(state.staged),
        can_confirm=rules.can_confirm(state),
        powers_total=len(penalties),
        powers_left=rules.powers_left(state),
        next_penalty=rules.next_penalty(state),
        can_use_power=playable and rules.can_use_power(state),
        selected=selected,
        ruin_mode=ruin,
        staged_any=bool(state.staged),
        can_play=playable,
        focus_confirm=die is None and not any(d.fits for d in dice),
        difficulty_label=state.difficulty.value.upper(),
        powers_used=len(state.powers_used),
        dead_end=playable and is_dead_end(state),
        last_cell=state.staged[-1][1] if state.staged else None,
        label_legal=texts["legal"],
        label_empty=texts["empty"],
        ruin_board=ruin_view(state)
        if playable and not ruin and rules.is_magdagdon(state)
        else None,
        hint_cells=hint_cells or {},
        hint_dice=hint_dice,
    )


def ruin_view(state: rules.State) -> MagdagdonBoard:
    """The board of the RUIN-choosing step after ACCEPT MAGDAGDON (M16)."""
    return board_view(state, playable=True, ruin=True)


# --- the board's hot loops as HTML ----------------------------------------------------------
# The grid (16 cells, 8 sums) and the dice tray are built here through games.core.html: as
# template loops they were most of a move's server time. Translations keep the template's
# msgids and are looked up once per board; every text is escaped by `escape`.

FACES = {
    v: fill("<svg class=face aria-hidden=true><use href=#mg-f%s /></svg>", v) for v in range(1, 7)
}
RUBBLE = markup("<svg class=face aria-hidden=true><use href=#mg-rubble /></svg>")
UNDO = markup('<span class="undo" aria-hidden="true">↩</span>')
FOCUS = markup(" data-focus")
NEWLINE = markup("\n")


def _face(value: int | None) -> Html:
    return FACES.get(value or 0, EMPTY)


GHOSTS = {
    str(v): fill("<svg class='face ghost' aria-hidden=true><use href=#mg-f%s /></svg>", v)
    for v in range(1, 7)
} | {rules.RUIN: markup("<svg class='face ghost' aria-hidden=true><use href=#mg-rubble /></svg>")}


def _ghost(planned: str | None) -> Html:
    """What a hint plans for an empty cell, drawn faintly in it (nothing without a hint)."""
    return GHOSTS.get(planned or "", EMPTY)


def _staged_attr(die: int | None) -> Html:
    return EMPTY if die is None else fill(' data-staged="%s"', die)


# Buttons say type="submit", the default: htmx sends a submitter's name and value (the cell, the
# die) only when the attribute says so.
def _cell_html(c: Cell, board: MagdagdonBoard, staging: bool) -> Html:
    """One cell: a RUIN target, a staged die to take back, a cell a die may be staged on
    (every empty cell while staging: the page's script enables those of the die it selects),
    or a picture."""
    i, label, hook = c.index, escape(c.label), escape(c.hook)
    focus = FOCUS if c.focus else EMPTY
    planned = board.hint_cells.get(i) if c.value is None and not c.ruin else None
    if planned is not None:  # a hint's cell: marked, with what it gets drawn faintly
        focus = fill('%s data-hint="%s"', focus, escape(planned))
    if c.ruin_target:
        css = markup("cell target staged") if c.staged_die is not None else markup("cell target")
        return fill(
            '<button type="submit" class="%s" form="mg-ruin" name="cell" value="%s" '
            'data-cell="%s" data-value="%s"%s aria-label="%s"%s>%s</button>',
            css, i, i, hook, _staged_attr(c.staged_die), label, focus,
            _face(c.value) if c.value else _ghost(planned),
        )  # fmt: skip
    if c.staged_die is not None and board.can_play:
        css = markup("cell staged last") if i == board.last_cell else markup("cell staged")
        return fill(
            '<button type="submit" class="%s" form="mg-unstage" name="die" value="%s" '
            'data-cell="%s" data-value="%s" data-staged="%s" aria-label="%s">%s%s'
            "</button>",
            css, c.staged_die, i, hook, c.staged_die, label, _face(c.value), UNDO,
        )  # fmt: skip
    if c.legal:
        face = _face(board.selected.value if board.selected is not None else None)
        face = face or _ghost(planned)
        return fill(
            '<button type="submit" class="cell legal" form="mg-stage" name="cell" value="%s" '
            'data-cell="%s" data-value="" data-legal aria-label="%s"%s>%s</button>',
            i, i, label, focus, face,
        )  # fmt: skip
    if staging and c.value is None and not c.ruin:
        return fill(
            '<button type="submit" class="cell" form="mg-stage" name="cell" value="%s" '
            'data-cell="%s" data-value="" aria-label="%s"%s disabled>%s</button>',
            i, i, label, focus, _ghost(planned),
        )  # fmt: skip
    css = markup("cell ruin") if c.ruin else markup("cell full") if c.value else markup("cell")
    if c.staged_die is not None:
        css = fill("%s staged", css)
    face = RUBBLE if c.ruin else _face(c.value) if c.value else _ghost(planned)
    hint = fill(' data-hint="%s"', escape(planned)) if planned is not None else EMPTY
    return fill(
        '<span class="%s" data-cell="%s" data-value="%s"%s%s role="img" '
        'aria-label="%s">%s</span>',
        css, i, hook, _staged_attr(c.staged_die), hint, label, face,
    )  # fmt: skip


ROW_HOOKS = [fill("r%s", n) for n in range(4)]
COLUMN_HOOKS = [fill("c%s", n) for n in range(4)]


def _sum_html(line: Line, with_bonus: str, plain: str, hook: Html) -> Html:
    """One line sum; `with_bonus` and `plain` are its two aria-label formats, translated;
    `hook` names the line ("r0", "c3") for marking the points just earned."""
    values = {"name": line.name, "total": line.total}
    if not line.points:
        label = escape(plain % values)
        return fill(
            '<span class="sum" data-line="%s" role="img" aria-label="%s"><b>%s</b></span>',
            hook, label, line.total,
        )  # fmt: skip
    label = escape(with_bonus % {**values, "combo": line.combo, "points": line.points})
    return fill(
        '<span class="sum bonus" data-line="%s" role="img" aria-label="%s"><b>%s</b>'
        "<i>+%s</i></span>",
        hook, label, line.total, line.points,
    )  # fmt: skip


def grid_html(board: MagdagdonBoard) -> Html:
    """The 4×4 cells row by row, each row ended by its sum and a newline, then the column
    sums and the corner."""
    with_bonus = gettext("%(name)s: %(total)s, %(combo)s +%(points)s")
    plain = gettext("%(name)s: %(total)s")
    staging = board.can_play and any(d.fits for d in board.dice) and not board.ruin_mode
    parts: list[Html] = []
    for row, (cells, line) in enumerate(board.grid):
        parts.extend(_cell_html(c, board, staging) for c in cells)
        parts.append(_sum_html(line, with_bonus, plain, ROW_HOOKS[row]))
        parts.append(NEWLINE)
    parts.extend(
        _sum_html(line, with_bonus, plain, COLUMN_HOOKS[n]) for n, line in enumerate(board.columns)
    )
    parts.append(markup('<span class="sum corner" aria-hidden="true">Σ</span>'))
    return join(parts)


def _cells_attr(cells: tuple[int, ...]) -> Html:
    return join((fill("%s", c) for c in cells), markup(" "))


def _tray_die(d: Die, board: MagdagdonBoard, texts: tuple[str, str, Html]) -> Html:
    """One die of the tray: take it back (staged), a toggle button that selects it (it
    submits the GET form `mg-pick` without JavaScript; with it, the page's script selects it
    on the spot from `data-legal-cells`), or just a picture.
    `texts`: "Die %(number)s", "%(label)s; take it back" (translated) and "Take back"."""
    die_text, take_back, take_back_button = texts
    i, face = d.index, _face(d.value)
    active = board.can_play and not board.ruin_mode
    if d.staged_cell is not None and active:
        return fill(
            '<button type="submit" class="die staged" form="mg-unstage" name="die" value="%s" '
            'data-die="%s" data-value="%s" data-staged="%s" aria-label="%s">%s'
            "<small>%s</small></button>",
            i, i, d.value, d.staged_cell, escape(take_back % {"label": d.label}), face,
            take_back_button,
        )  # fmt: skip
    number = escape(die_text % {"number": d.number})
    label = escape(d.label)
    if active:  # a free die
        css = markup("die selected") if d.selected else markup("die")
        if not d.fits:
            css = fill("%s nofit", css)
        if i in board.hint_dice:  # the hint's die: ringed (the class ends the attribute)
            css = fill('%s hint" data-hint="', css)
        # Pressing the selected die again unselects it: its GET carries an empty die.
        value = EMPTY if d.selected else fill("%s", i)
        pressed = markup("true") if d.selected else markup("false")
        return fill(
            '<button type="submit" class="%s" form="mg-pick" name="die" value="%s" '
            'aria-pressed="%s" data-die="%s" data-value="%s" data-legal-cells="%s" '
            'data-prompt="%s"%s aria-label="%s">%s<small>%s</small></button>',
            css, value, pressed, i, d.value, _cells_attr(d.legal), escape(d.prompt),
            FOCUS if d.focus else EMPTY, label, face, number,
        )  # fmt: skip
    css = markup("die staged") if d.staged_cell is not None else markup("die")
    if i in board.hint_dice:
        css = fill('%s hint" data-hint="', css)
    return fill(
        '<span class="%s" data-die="%s" data-value="%s"%s role="img" aria-label="%s">%s'
        "<small>%s</small></span>",
        css, i, d.value, _staged_attr(d.staged_cell), label, face, number,
    )  # fmt: skip


def tray_html(board: MagdagdonBoard) -> Html:
    """The dice of the turn as `<li>` items; four blank dice before the first roll."""
    die_text = gettext("Die %(number)s")
    if not board.dice:
        return join(
            fill(
                '<li><span class="die blank" aria-hidden="true"><small>%s</small></span></li>',
                escape(die_text % {"number": n}),
            )
            for n in range(1, 5)
        )
    texts = (die_text, gettext("%(label)s; take it back"), escape(gettext("Take back")))
    items = (fill("<li>%s</li>", _tray_die(d, board, texts)) for d in board.dice)
    return join(items, markup("\n    "))


@dataclass(frozen=True)
class MagdagdonUi:
    """The page's UI state: the selected die, and whether the RUIN's cell is being chosen."""

    die: int | None = None
    ruin: bool = False


def ui_choices(state: rules.State, die: str | None, ruin: str | None) -> MagdagdonUi:
    """The page's UI state from untrusted GET values: a die that can be chosen now (it is
    rolled, not staged), and whether the player is choosing the RUIN's cell. Anything else
    is ignored."""
    chosen = None
    number = whole_number(die) if die else None
    if number is not None and number in rules.available_dice(state):
        if state.phase in ("placing", "magdagdon"):
            chosen = number
    choosing_ruin = ruin == "1" and rules.is_magdagdon(state)
    return MagdagdonUi(None if choosing_ruin else chosen, choosing_ruin)


# --- what a move changed -----------------------------------------------------------------------
# Isolated left-to-right (U+2066 … U+2069) so "3→6" and "−20" read the same in Arabic.
LTR, END = "\u2066", "\u2069"
BIG_COMBOS = ("straight", "four_of_a_kind")


@dataclass(frozen=True)
class Change:
    """What the move just made changed, for the page to show and say: `announce` (the live
    region), `sound` (a name of static/sound/), `did` (a power: what it did and what it cost),
    `rolled` (new dice to roll in), `earned` (line hooks "r0 c2" whose bonus is new) and
    `celebrate` (the big bonus just made, translated)."""

    announce: str = ""
    sound: str = ""
    did: str = ""
    rolled: bool = False
    earned: str = ""
    celebrate: str = ""


def _dice_text(dice: list[int]) -> str:
    numbers = [str(d + 1) for d in dice]
    return (
        numbers[0]
        if len(numbers) == 1
        else gettext("%(some)s and %(last)s")
        % {
            "some": ", ".join(numbers[:-1]),
            "last": numbers[-1],
        }
    )


def power_text(before: rules.State, after: rules.State, action: rules.Action) -> str:
    """ "REROLL dice 2 and 4: 3→6, 1→5 · −20": the dice a power changed, from what to what,
    and the points the use cost (M5)."""
    dice = list(action.dice) if isinstance(action, rules.Reroll) else [getattr(action, "die", 0)]
    dice.sort()
    names = {
        rules.Decrease: gettext("DECREASE die %(dice)s"),
        rules.Increase: gettext("INCREASE die %(dice)s"),
    }
    if isinstance(action, rules.Reroll):
        what = ngettext("REROLL die %(dice)s", "REROLL dice %(dice)s", len(dice))
    else:
        what = names[type(action)]
    values = ", ".join(f"{before.roll[d]}→{after.roll[d]}" for d in dice)
    cost = rules.PENALTIES[before.difficulty][len(before.powers_used)]
    return gettext("%(power)s: %(values)s · %(cost)s") % {
        "power": what % {"dice": _dice_text(dice)},
        "values": f"{LTR}{values}{END}",
        "cost": f"{LTR}−{cost}{END}",
    }


def _new_bonuses(before: rules.State, after: rules.State) -> list[rules.LineBonus]:
    old = {(b.line, b.number, b.combo) for b in rules.live_score(before).bonuses}
    return [b for b in rules.live_score(after).bonuses if (b.line, b.number, b.combo) not in old]


def change(before: rules.State, after: rules.State, action: rules.Action) -> Change:
    """What `action` changed from `before` to `after`, as the page shows and says it."""
    total = rules.live_score(after).total
    score_text = gettext("Score %(score)s.") % {"score": f"{LTR}{total}{END}"}
    if after.is_finished:
        text = gettext("Game over: final score %(score)s.") % {"score": f"{LTR}{total}{END}"}
        return Change(announce=text, sound="end")
    if isinstance(action, rules.Roll):
        text = gettext("Rolled %(dice)s.") % {"dice": ", ".join(map(str, after.roll))}
        if rules.is_magdagdon(after):
            return Change(announce=f"{text} MAGDAGDON!", sound="bust", rolled=True)
        return Change(announce=text, sound="roll", rolled=True)
    if isinstance(action, rules.Decrease | rules.Increase | rules.Reroll):
        did = power_text(before, after, action)
        if rules.is_magdagdon(before) and not rules.is_magdagdon(after):
            did = f"{did} {gettext('The roll can be placed now.')}"
        return Change(announce=did, sound="power", did=did, rolled=isinstance(action, rules.Reroll))
    if isinstance(action, rules.AcceptMagdagdon):
        text = gettext("RUIN on row %(row)d, column %(column)d: −15.") % where(action.cell)
        return Change(announce=f"{text} {score_text}", sound="ruin")
    if isinstance(action, rules.Confirm):
        return Change(announce=f"{gettext('Turn confirmed.')} {score_text}", sound="bank")
    if isinstance(action, rules.Stage):
        text = gettext("Die %(die)d staged on row %(row)d, column %(column)d") % {
            "die": action.die + 1,
            **where(action.cell),
        }
        earned = _new_bonuses(before, after)
        names = {kind: str(name) for kind, name in LINE_NAMES.items()}
        said = [
            f"{names[b.line] % {'number': b.number + 1}}: {COMBOS[b.combo]} +{b.points}"
            for b in earned
        ]
        big = [b for b in earned if b.combo in BIG_COMBOS]
        return Change(
            announce=" ".join([f"{text}.", *(f"{s}!" for s in said), score_text]),
            sound="fourway" if big else "place",
            earned=" ".join(f"{b.line[0]}{b.number}" for b in earned),
            celebrate=str(COMBOS[big[0].combo]) if big else "",
        )
    # Dice taken back (one or all).
    back = sorted({d for d, _ in before.staged} - {d for d, _ in after.staged})
    text = ngettext("Die %(dice)s taken back.", "Dice %(dice)s taken back.", len(back)) % {
        "dice": _dice_text(back)
    }
    return Change(announce=f"{text} {score_text}")
