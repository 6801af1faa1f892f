"""What the MAGDAGDON board shows: cells, dice, line sums, score parts and the prompts, for the
play page, the htmx swap and the replay page alike. Presentation only: the rules decide
(games.rules.magdagdon); the selected die and the RUIN choice are UI state from the URL."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape  # see the note above FACES

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.magdagdon.kind import where
from games.rules import magdagdon as rules

COMBOS = {
    "straight": pgettext_lazy("MAGDAGDON bonus", "STRAIGHT"),
    "four_of_a_kind": pgettext_lazy("MAGDAGDON bonus", "FOUR OF A KIND"),
    "two_pairs": pgettext_lazy("MAGDAGDON bonus", "TWO PAIRS"),
}
LINE_NAMES = {"row": _("Row %(number)d"), "column": _("Column %(number)d")}


@dataclass(frozen=True)
class CellView:
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
class DieView:
    index: int
    number: int  # 1-based, as players count
    value: int
    staged_cell: int | None
    selected: bool
    fits: bool  # some cell takes it now
    focus: bool  # where keyboard play goes next (see static/magdagdon/board.js)
    label: str


@dataclass(frozen=True)
class LineView:
    name: str  # "Row 2"
    total: int
    combo: str  # translated bonus name, "" when none
    points: int


@dataclass(frozen=True)
class BonusView:
    line: str
    combo: str
    points: int


@dataclass(frozen=True)
class BoardView:
    cells: list[CellView]
    dice: list[DieView]
    rows: list[LineView]
    columns: list[LineView]
    score: rules.Score
    bonuses: list[BonusView]
    required: int
    staged: int
    can_confirm: bool
    powers_total: int
    powers_left: int
    next_penalty: int | None
    can_use_power: bool
    selected: DieView | None
    ruin_mode: bool
    staged_any: bool
    reroll_default: list[int]  # dice ticked in the REROLL form
    can_play: bool  # moves can be made here (not a replay, not an ended game)
    focus_confirm: bool  # keyboard play goes to CONFIRM next: no die fits any more
    difficulty_label: str
    powers_used: int

    @property
    def grid(self) -> list[tuple[list[CellView], LineView]]:
        """The board row by row, each row with its line sum (drawn at the row's end)."""
        return [(self.cells[r * 4 : r * 4 + 4], self.rows[r]) for r in range(4)]


def cell_texts() -> dict[str, str]:
    """The label formats of cells and dice in the visitor's language, looked up once per
    board rather than once per cell (gettext calls add up over 16 cells and 4 dice)."""
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
        "die_selected": gettext("Die %(die)d: %(value)d, selected"),
        "die": gettext("Die %(die)d: %(value)d"),
    }


def _cell_label(
    index: int,
    value: int | None,
    ruin: bool,
    staged_die: int | None,
    legal: bool,
    ruin_target: bool,
    selected: DieView | None,
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


def _die_label(
    number: int, value: int, staged_cell: int | None, selected: bool, texts: dict[str, str]
) -> str:
    if staged_cell is not None:
        return texts["die_staged"] % {"die": number, "value": value, **where(staged_cell)}
    if selected:
        return texts["die_selected"] % {"die": number, "value": value}
    return texts["die"] % {"die": number, "value": value}


def _line(
    kind: str, number: int, board: rules.Board, bonus: rules.LineBonus | None, name: str
) -> LineView:
    """A row's or column's sum; `name` is its translated "Row %(number)d" format."""
    cells = range(number * 4, number * 4 + 4) if kind == "row" else range(number, rules.CELLS, 4)
    total = sum(v for v in (board[c] for c in cells) if type(v) is int)
    return LineView(
        name=name % {"number": number + 1},
        total=total,
        combo=str(COMBOS[bonus.combo]) if bonus else "",
        points=bonus.points if bonus else 0,
    )


def board_view(
    state: rules.State, *, playable: bool, die: int | None = None, ruin: bool = False
) -> BoardView:
    """Everything the board partial draws. `die` and `ruin` are the page's UI choices, already
    validated by `ui_choices`; they only matter when a move can be made."""
    if not playable:
        die, ruin = None, False
    board = rules.current_board(state)
    staged_at = {cell: d for d, cell in state.staged}
    staged_cell = {d: cell for d, cell in state.staged}
    free = rules.available_dice(state)
    texts = cell_texts()
    dice = []
    next_die = die is None and not ruin
    for index, value in enumerate(state.roll):
        fits = index in free and bool(rules.legal_cells_for_die(state, index))
        focus, next_die = next_die and fits, next_die and not fits
        dice.append(
            DieView(
                index=index,
                number=index + 1,
                value=value,
                staged_cell=staged_cell.get(index),
                selected=index == die,
                fits=fits,
                focus=focus,
                label=_die_label(index + 1, value, staged_cell.get(index), index == die, texts),
            )
        )
    selected = dice[die] if die is not None else None
    legal = rules.legal_cells_for_die(state, die) if die is not None else frozenset()
    cells = []
    first_target = True
    for index in range(rules.CELLS):
        value = board[index]
        is_ruin = value == rules.RUIN
        number = value if type(value) is int else None
        # Accepting returns the staged dice, so their cells may take the RUIN too (M16).
        target = ruin and state.board[index] is None
        is_legal = index in legal
        focus = (target or is_legal) and first_target
        first_target = first_target and not focus
        cells.append(
            CellView(
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
    return BoardView(
        cells=cells,
        dice=dice,
        rows=[_line("row", n, board, found.get(("row", n)), names["row"]) for n in range(4)],
        columns=[
            _line("column", n, board, found.get(("column", n)), names["column"]) for n in range(4)
        ],
        score=score,
        bonuses=[
            BonusView(
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
        # REROLL ticks the selected die; in a MAGDAGDON, with none selected, every free die.
        reroll_default=[die]
        if die is not None
        else list(free)
        if rules.is_magdagdon(state)
        else [],
        can_play=playable,
        focus_confirm=die is None and not any(d.fits for d in dice),
        difficulty_label=state.difficulty.value.upper(),
        powers_used=len(state.powers_used),
    )


# --- the board's repetitive parts as HTML ------------------------------------------------
# The grid (16 cells, 8 sums), the dice tray, the REROLL ticks and the hidden unstage forms
# are built here with plain string joins: as template loops and partials they were most of a
# move's server time (hundreds of nodes per board). The markup is exactly what the template
# drew; translations keep the template's msgids and are looked up once per board. Every text
# that is not a constant of this module goes through `escape`: the standard library's, which
# is what django.utils.html.escape runs (same output), minus its lazy-string wrapper that cost
# more than the escaping itself here.

FACES = {
    v: f'<svg class="face" aria-hidden="true" focusable="false"><use href="#mg-f{v}"/></svg>'
    for v in range(1, 7)
}
RUBBLE = '<svg class="face" aria-hidden="true" focusable="false"><use href="#mg-rubble"/></svg>'
UNDO = '<span class="undo" aria-hidden="true">↩</span>'


def _face(value: int | None) -> str:
    return FACES.get(value or 0) or (
        '<svg class="face" aria-hidden="true" focusable="false">'
        f'<use href="#mg-f{escape(str(value))}"/></svg>'
    )


def _staged_attr(die: int | None) -> str:
    return "" if die is None else f' data-staged="{die}"'


def _cell_html(c: CellView, playable: bool, selected: DieView | None) -> str:
    """One cell, as the template's `cell` partial drew it."""
    i, label, hook = c.index, escape(c.label), escape(c.hook)
    focus = " data-focus" if c.focus else ""
    if c.ruin_target:
        css = "cell target staged" if c.staged_die is not None else "cell target"
        face = _face(c.value) if c.value else ""
        return (
            f'<button type="submit" class="{css}" form="mg-ruin" name="cell" value="{i}" '
            f'id="mg-c{i}" data-cell="{i}" data-value="{hook}"{_staged_attr(c.staged_die)} '
            f'aria-label="{label}"{focus}>{face}</button>'
        )
    if c.staged_die is not None and playable:
        return (
            f'<button type="submit" class="cell staged" form="mg-unstage-{c.staged_die}" '
            f'id="mg-c{i}" data-cell="{i}" data-value="{hook}" data-staged="{c.staged_die}" '
            f'aria-label="{label}">{_face(c.value)}{UNDO}</button>'
        )
    if c.legal:
        face = _face(selected.value if selected is not None else None)
        return (
            f'<button type="submit" class="cell legal" form="mg-stage" name="cell" value="{i}" '
            f'id="mg-c{i}" data-cell="{i}" data-value="" data-legal aria-label="{label}"{focus}>'
            f"{face}</button>"
        )
    css = "cell ruin" if c.ruin else "cell full" if c.value else "cell"
    css += " staged" if c.staged_die is not None else ""
    face = RUBBLE if c.ruin else _face(c.value) if c.value else ""
    return (
        f'<span class="{css}" id="mg-c{i}" data-cell="{i}" data-value="{hook}"'
        f'{_staged_attr(c.staged_die)} role="img" aria-label="{label}">{face}</span>'
    )


def _sum_html(line: LineView, with_bonus: str, plain: str) -> str:
    """One line sum; `with_bonus` and `plain` are its two aria-labels, translated and escaped."""
    values = {"name": escape(line.name), "total": line.total}
    if not line.points:
        label = plain % values
        return f'<span class="sum" role="img" aria-label="{label}"><b>{line.total}</b></span>'
    label = with_bonus % {**values, "combo": escape(line.combo), "points": line.points}
    return (
        f'<span class="sum bonus" role="img" aria-label="{label}"><b>{line.total}</b>'
        f"<i>+{line.points}</i></span>"
    )


def grid_html(view: BoardView) -> SafeString:
    """The 4×4 cells row by row, each row ended by its sum and a newline, then the column
    sums and the corner."""
    with_bonus = escape(gettext("%(name)s: %(total)s, %(combo)s +%(points)s"))
    plain = escape(gettext("%(name)s: %(total)s"))
    parts: list[str] = []
    for cells, line in view.grid:
        parts.extend(_cell_html(c, view.can_play, view.selected) for c in cells)
        parts.append(_sum_html(line, with_bonus, plain) + "\n")
    parts.extend(_sum_html(line, with_bonus, plain) for line in view.columns)
    parts.append('<span class="sum corner" aria-hidden="true">Σ</span>')
    return mark_safe("".join(parts))  # every value escaped above


def _tray_die(d: DieView, view: BoardView, play_url: str, texts: tuple[str, str, str]) -> str:
    """One die of the tray: take it back (staged), choose it (a link), or just see it.
    `texts`: "Die %(number)s", "%(label)s; take it back" and "Take back", translated."""
    die_text, take_back, take_back_button = texts
    i, label, face = d.index, escape(d.label), _face(d.value)
    active = view.can_play and not view.ruin_mode
    if d.staged_cell is not None and active:
        return (
            f'<button type="submit" class="die staged" form="mg-unstage-{i}" id="mg-d{i}" '
            f'data-die="{i}" data-value="{d.value}" data-staged="{d.staged_cell}" '
            f'aria-label="{take_back % {"label": label}}">{face}<small>{take_back_button}</small>'
            "</button>"
        )
    number = die_text % {"number": d.number}
    if active and d.staged_cell is None:
        css = "die selected" if d.selected else "die"
        css += "" if d.fits else " nofit"
        href = play_url if d.selected else f"{play_url}?die={i}"
        current = ' aria-current="true"' if d.selected else ""
        focus = " data-focus" if d.focus else ""
        return (
            f'<a class="{css}" id="mg-d{i}" href="{href}" hx-get="{href}" data-die="{i}" '
            f'data-value="{d.value}"{current}{focus} aria-label="{label}">{face}'
            f"<small>{number}</small></a>"
        )
    css = "die staged" if d.staged_cell is not None else "die"
    return (
        f'<span class="{css}" data-die="{i}" data-value="{d.value}"'
        f'{_staged_attr(d.staged_cell)} role="img" aria-label="{label}">{face}'
        f"<small>{number}</small></span>"
    )


def tray_html(view: BoardView, play_url: str) -> SafeString:
    """The dice of the turn as `<li>` items; four blank dice before the first roll.
    `play_url` is the game page (dice are links to it with `?die=K`)."""
    die_text = escape(gettext("Die %(number)s"))
    if not view.dice:
        blank = '<li><span class="die blank" aria-hidden="true"><small>{}</small></span></li>'
        return mark_safe("".join(blank.format(die_text % {"number": n}) for n in range(1, 5)))
    texts = (
        die_text,
        escape(gettext("%(label)s; take it back")),
        escape(gettext("Take back")),
    )
    url = escape(play_url)
    items = (f"<li>{_tray_die(d, view, url, texts)}</li>" for d in view.dice)
    return mark_safe("\n    ".join(items))  # every value escaped above


def reroll_html(view: BoardView) -> SafeString:
    """The REROLL form's ticks, one per die; staged dice cannot be ticked."""
    die_text = escape(gettext("Die %(number)s"))
    staged_text = escape(gettext("Die %(number)s: staged, take it back first"))
    parts: list[str] = []
    for d in view.dice:
        staged = d.staged_cell is not None
        tick = " disabled" if staged else " checked" if d.index in view.reroll_default else ""
        text = (staged_text if staged else die_text) % {"number": d.number}
        parts.append(
            f'<label class="pick{" off" if staged else ""}"><input type="checkbox" name="dice" '
            f'value="{d.index}"{tick}>{_face(d.value)}<span>{text}</span></label>'
        )
    return mark_safe("".join(parts))  # every value escaped above


def unstage_forms_html(
    view: BoardView, unstage_url: str, csrf_input: str, version: int
) -> SafeString:
    """The hidden forms the staged cells and dice submit (`form="mg-unstage-K"`).
    `csrf_input` is the `{% csrf_token %}` field, already HTML."""
    url = escape(unstage_url)
    return mark_safe(  # every value escaped above; csrf_input is HTML already
        "".join(
            f'<form id="mg-unstage-{d.index}" method="post" action="{url}" hx-post="{url}" '
            f'hx-disabled-elt="#board button">{csrf_input}<input type="hidden" name="version" '
            f'value="{version}"><input type="hidden" name="die" value="{d.index}"></form>'
            for d in view.dice
            if d.staged_cell is not None
        )
    )


def ui_choices(state: rules.State, die: str | None, ruin: str | None) -> tuple[int | None, bool]:
    """The page's UI state from untrusted GET values: a die that can be chosen now (it is
    rolled, not staged), and whether the player is choosing the RUIN's cell. Anything else
    is ignored."""
    chosen = None
    if die and die.isascii() and die.isdigit() and int(die) in rules.available_dice(state):
        if state.phase in ("placing", "magdagdon"):
            chosen = int(die)
    choosing_ruin = ruin == "1" and rules.is_magdagdon(state)
    return (None if choosing_ruin else chosen), choosing_ruin
