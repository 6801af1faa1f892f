"""The emoji picture of a finished Ishido board for the end screen's SHARE text: one square
per cell in its stone's colour (⬜ white, 🟨 yellow, 🟥 red, 🟩 green, 🟦 blue, ⬛ black), a
dot for an empty cell, and the stones placed and 4-ways below. A daily's picture
(`daily_picture`) draws none of the cells: one square per placement, in order, for the
neighbours it matched."""

from games.rules import ishido as rules

SQUARES = ("⬜", "🟨", "🟥", "🟩", "🟦", "⬛")
EMPTY = "▫️"
STONES = 72  # I1: 6 colours × 6 shapes × 2


def picture(state: rules.State) -> str:
    rows = []
    for row in range(rules.ROWS):
        cells = state.board[row * rules.COLUMNS : (row + 1) * rules.COLUMNS]
        rows.append("".join(EMPTY if s is None else SQUARES[s.colour] for s in cells))
    placed = sum(s is not None for s in state.board)
    rows.append(f"{placed}/{STONES} · 4×{state.four_ways}")
    return "\n".join(rows)


# One square per placement for the neighbours it matched (I7): 1, 2, 3, 4 (a 4-way).
WAYS = ("⬜", "🟨", "🟧", "🟩")
PER_LINE = 12


def daily_picture(state: rules.State) -> str:
    """The placements in the order they were made, each as the neighbours it matched: where a
    stone went and which stone it was stay hidden (the day's other players meet the same
    pouch), as do the six opening stones.

    >>> state = rules.State(board=(None,) * rules.CELLS, pouch=())
    >>> daily_picture(state)
    '0/72 · 4×0'
    """
    placed = {p.cell for p in state.placements}
    occupied = {cell for cell, s in enumerate(state.board) if s is not None} - placed
    squares = []
    for placement in state.placements:
        ways = sum(other in occupied for other in rules.NEIGHBOURS[placement.cell])
        squares.append(WAYS[max(ways, 1) - 1])
        occupied.add(placement.cell)
    lines = ["".join(squares[i : i + PER_LINE]) for i in range(0, len(squares), PER_LINE)]
    stones = sum(s is not None for s in state.board)
    lines.append(f"{stones}/{STONES} · 4×{state.four_ways}")
    return "\n".join(lines)
