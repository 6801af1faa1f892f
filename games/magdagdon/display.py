"""What the MAGDAGDON board shows: cells, dice, line sums, score parts and the prompts, for the
play page, the htmx swap and the replay page alike. Presentation only: the rules decide
(games.rules.magdagdon); the selected die and the RUIN choice are UI state from the URL."""

from __future__ import annotations

from dataclasses import dataclass

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


def _cell_label(
    index: int,
    value: int | None,
    ruin: bool,
    staged_die: int | None,
    legal: bool,
    ruin_target: bool,
    selected: DieView | None,
) -> str:
    at = where(index)
    if ruin:
        return gettext("Row %(row)d, column %(column)d: RUIN") % at
    if staged_die is not None:
        return gettext(
            "Row %(row)d, column %(column)d: %(value)d, die %(die)d staged here; "
            "activate to take it back"
        ) % {**at, "value": value, "die": staged_die + 1}
    if value is not None:
        return gettext("Row %(row)d, column %(column)d: %(value)d") % {**at, "value": value}
    if ruin_target:
        return gettext("Row %(row)d, column %(column)d: empty; make it the RUIN") % at
    if legal and selected is not None:
        return gettext(
            "Row %(row)d, column %(column)d: empty; stage die %(die)d (%(value)d) here"
        ) % {**at, "die": selected.number, "value": selected.value}
    return gettext("Row %(row)d, column %(column)d: empty") % at


def _die_label(number: int, value: int, staged_cell: int | None, selected: bool) -> str:
    if staged_cell is not None:
        return gettext("Die %(die)d: %(value)d, staged on row %(row)d, column %(column)d") % {
            "die": number,
            "value": value,
            **where(staged_cell),
        }
    if selected:
        return gettext("Die %(die)d: %(value)d, selected") % {"die": number, "value": value}
    return gettext("Die %(die)d: %(value)d") % {"die": number, "value": value}


def _line(kind: str, number: int, board: rules.Board, bonus: rules.LineBonus | None) -> LineView:
    cells = range(number * 4, number * 4 + 4) if kind == "row" else range(number, rules.CELLS, 4)
    total = sum(v for v in (board[c] for c in cells) if type(v) is int)
    return LineView(
        name=LINE_NAMES[kind] % {"number": number + 1},
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
                label=_die_label(index + 1, value, staged_cell.get(index), index == die),
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
                    index, number, is_ruin, staged_at.get(index), is_legal, target, selected
                ),
            )
        )
    score = rules.live_score(state)
    found = {(b.line, b.number): b for b in score.bonuses}
    penalties = rules.PENALTIES[state.difficulty]
    return BoardView(
        cells=cells,
        dice=dice,
        rows=[_line("row", n, board, found.get(("row", n))) for n in range(4)],
        columns=[_line("column", n, board, found.get(("column", n))) for n in range(4)],
        score=score,
        bonuses=[
            BonusView(
                line=LINE_NAMES[b.line] % {"number": b.number + 1},
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
