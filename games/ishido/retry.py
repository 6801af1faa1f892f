"""Ishido's "Try again" from a review (IshidoKind.retry_view and retry_actions): the board before
the stone, its stones drawn as in the game, its legal cells as buttons
(templates/ishido/_retry.html). As on the game page, a portrait phone draws the board tall (the
stylesheet transposes the grid) and names cells so."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import QueryDict
from django.utils.translation import gettext, gettext_noop

from games.core.html import Html
from games.ishido.display import StoneSign, all_signs, seen_place, stone_sign
from games.rules import InvalidMove, ishido

UNREADABLE = gettext_noop("Choose one of the cells where the stone fits.")


@dataclass(frozen=True)
class Cell:
    number: int
    stone: StoneSign | None
    legal: bool
    label: Html


@dataclass(frozen=True)
class Position:
    stone: StoneSign
    cells: tuple[Cell, ...]

    @property
    def signs(self) -> list[StoneSign]:
        """Every kind of stone, for the page's symbols: the stones drawn as in the game (shape,
        colour and letter), not as coloured squares."""
        return all_signs()


def view(state: ishido.State) -> Position:
    legal = state.legal_cells
    name = gettext("Row %(row)d, column %(column)d")
    return Position(
        stone=stone_sign(ishido.Stone(*state.pouch[0])),
        cells=tuple(
            Cell(
                cell,
                None if stone is None else stone_sign(ishido.Stone(*stone)),
                cell in legal,
                seen_place(name, cell) if cell in legal else Html(""),
            )
            for cell, stone in enumerate(state.board)
        ),
    )


def actions(state: ishido.State, data: QueryDict) -> list[ishido.Place]:
    cell = data.get("cell", "")
    if not (cell.isascii() and cell.isdigit() and int(cell) < ishido.CELLS):
        raise InvalidMove(UNREADABLE)
    return [ishido.Place(int(cell))]
