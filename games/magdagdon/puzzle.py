"""MAGDAGDON's puzzle on the usual board (MagdagdonKind.puzzle_board and puzzle_actions; drawn
by templates/magdagdon/_puzzle.html with the game's own grid and tray, display.board_view).

The staging being built is only the player's proposed answer, never stored: it travels in the
page's address and in the forms' hidden fields as `staged` values ("die-cell", in the order the
dice were staged) and every request replays it through the rules, which refuse what the game
would (a die staged twice, a cell out of range or not touching the field). A tap on a cell is a
GET of the staging with `act=stage`, `die` and `cell`; a tap on a staged die one with
`act=unstage` and `die`; the selected die (`die`) and choosing the RUIN's cell (`ruin=1`) are UI
state, as on the game page (display.ui_choices). The answer is a POST: `answer=confirm` with the
staging, `answer=ruin` with the RUIN's `cell`, or a power (`power`, as the retry's form)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_noop

from games.magdagdon import display, retry
from games.magdagdon.display import MagdagdonBoard
from games.rules import IllegalMove, InvalidMove, magdagdon

UNREADABLE = gettext_noop("That staging cannot be read: stage the dice on the board again.")
NO_RNG: Any = None  # staging, unstaging and CONFIRM draw no dice


@dataclass(frozen=True)
class PuzzleBoard:
    board: MagdagdonBoard
    state: magdagdon.State  # the puzzle's position with the staging so far
    staged: tuple[str, ...]  # the staging as its `staged` values, in order

    @property
    def query(self) -> str:
        """The staging as a query string (for links that keep it)."""
        query = QueryDict(mutable=True)
        query.setlist("staged", list(self.staged))
        return query.urlencode()

    @property
    def choosing(self) -> bool:
        """Dice can still be staged (not a MAGDAGDON, not the RUIN's step)."""
        return self.state.phase == magdagdon.PLACING and not self.board.ruin_mode


def staging(state: magdagdon.State, data: QueryDict) -> magdagdon.State:
    """`state` with the `staged` values of `data` staged in order, through the rules:
    InvalidMove for a value that cannot be read, IllegalMove for a stage the rules refuse."""
    for text in data.getlist("staged")[: magdagdon.DICE_PER_ROLL + 1]:
        die, dash, cell = text.partition("-")
        if not (dash and _whole(die) and _whole(cell)):
            raise InvalidMove(UNREADABLE)
        state = magdagdon.apply(state, magdagdon.Stage(int(die), int(cell)), NO_RNG)
    if len(data.getlist("staged")) > magdagdon.DICE_PER_ROLL:
        raise InvalidMove(UNREADABLE)
    return state


def _whole(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 2


def board(state: magdagdon.State, data: QueryDict) -> tuple[PuzzleBoard, IllegalMove | None]:
    """The board of the puzzle with the staging of `data` and the step it asks (`act`), and
    the refusal of a step the rules refused: then the staging as it was before that step (the
    bare position when the staging itself is refused)."""
    refused: IllegalMove | None = None
    try:
        staged = staging(state, data)
    except IllegalMove as error:
        return _view(state, None, False), error
    after = staged
    try:
        after = _step(staged, data)
    except IllegalMove as error:
        refused = error
    if after is not staged:  # a die just staged or taken back: nothing stays selected
        return _view(after, None, False), None
    ui = display.ui_choices(staged, data.get("die"), data.get("ruin"))
    return _view(staged, ui.die, ui.ruin), refused


def _step(state: magdagdon.State, data: QueryDict) -> magdagdon.State:
    act = data.get("act", "")
    if not act:
        return state
    die = _number(data.get("die", ""), magdagdon.DICE_PER_ROLL)
    if act == "unstage":
        return magdagdon.apply(state, magdagdon.Unstage(die), NO_RNG)
    if act == "stage":
        cell = _number(data.get("cell", ""), magdagdon.CELLS)
        return magdagdon.apply(state, magdagdon.Stage(die, cell), NO_RNG)
    raise InvalidMove(retry.UNREADABLE)


def _number(text: str, below: int) -> int:
    if not (_whole(text) and int(text) < below):
        raise InvalidMove(retry.UNREADABLE)
    return int(text)


def _view(state: magdagdon.State, die: int | None, ruin: bool) -> PuzzleBoard:
    return PuzzleBoard(
        board=display.board_view(state, playable=True, die=die, ruin=ruin),
        state=state,
        staged=tuple(f"{d}-{cell}" for d, cell in state.staged),
    )


def actions(state: magdagdon.State, data: QueryDict) -> list[Any]:
    """The answer posted: the staging then CONFIRM, the RUIN's cell, or a power (read as the
    retry's form reads it). The shared code applies them through the rules."""
    answer = data.get("answer", "")
    if answer == "ruin":
        return [magdagdon.AcceptMagdagdon(_number(data.get("cell", ""), magdagdon.CELLS))]
    if answer == "confirm":
        staged = staging(state, data)
        return [*(magdagdon.Stage(d, cell) for d, cell in staged.staged), magdagdon.Confirm()]
    if data.get("power"):
        return retry.actions(state, data)
    raise InvalidMove(retry.UNREADABLE)
