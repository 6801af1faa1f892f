"""Ishido's picture of a reviewed decision (IshidoKind.review_position and review_picture): the
board before the placement, the cell played (a cross) and the coach's (a ring), drawn by
templates/ishido/_review_picture.html. The board is drawn twice, wide and tall, as the replay's
board is (games.ishido.display.seen_place names cells both ways); the stylesheet shows one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.ishido.display import COLOUR_INKS, COLOUR_LETTERS, StoneSign, stone_sign
from games.rules import ishido

# Stone colours whose letter reads better light (red, blue, black).
DARK = frozenset({2, 4, 5})


def position(state: ishido.State) -> dict[str, Any]:
    """The board as 96 two-digit colour-shape codes ("--" empty): what the picture needs
    beyond the analysis's context (the stone to place)."""
    return {"board": "".join("--" if s is None else f"{s[0]}{s[1]}" for s in state.board)}


@dataclass(frozen=True)
class Tile:
    x: int
    y: int
    ink: str
    letter: str
    dark: bool


@dataclass(frozen=True)
class Drawing:
    """One orientation: `wide` (12 columns × 8 rows) or `tall` (8 × 12, rows and columns
    swapped), in cells of 10 units."""

    name: str
    width: int
    height: int
    grid: str  # the SVG path of the cells' lines
    tiles: tuple[Tile, ...]
    played: tuple[int, int]  # the top left corner of the cell played
    coach: tuple[int, int] | None  # the coach's cell (None: the same as played)


@dataclass(frozen=True)
class Picture:
    stone: StoneSign
    drawings: tuple[Drawing, Drawing]
    same: bool


def picture(decision: dict[str, Any]) -> Picture | None:
    """The decision's picture from its stored position (None: stored without one)."""
    board = decision.get("position", {}).get("board")
    if not isinstance(board, str) or len(board) != 2 * ishido.CELLS:
        return None
    stone = ishido.Stone(*decision["context"]["stone"])
    played = int(decision["player"][0]["cell"])
    coach = int(decision["coach"][0]["cell"])
    stones = [
        (cell, int(board[2 * cell]))
        for cell in range(ishido.CELLS)
        if board[2 * cell : 2 * cell + 2] != "--"
    ]
    drawings = tuple(
        _drawing(name, stones, played, None if coach == played else coach)
        for name in ("wide", "tall")
    )
    assert len(drawings) == 2
    return Picture(stone=stone_sign(stone), drawings=drawings, same=coach == played)


def _drawing(name: str, stones: list[tuple[int, int]], played: int, coach: int | None) -> Drawing:
    def at(cell: int) -> tuple[int, int]:
        row, column = divmod(cell, ishido.COLUMNS)
        return (column * 10, row * 10) if name == "wide" else (row * 10, column * 10)

    tiles = tuple(
        Tile(*at(cell), COLOUR_INKS[colour], str(COLOUR_LETTERS[colour]), colour in DARK)
        for cell, colour in stones
    )
    wide = name == "wide"
    width = 10 * (ishido.COLUMNS if wide else ishido.ROWS)
    height = 10 * (ishido.ROWS if wide else ishido.COLUMNS)
    lines = [f"M{x} 0v{height}" for x in range(10, width, 10)]
    lines += [f"M0 {y}h{width}" for y in range(10, height, 10)]
    return Drawing(
        name=name,
        width=width,
        height=height,
        grid="".join(lines),
        tiles=tiles,
        played=at(played),
        coach=None if coach is None else at(coach),
    )
