"""The emoji picture of a finished Ishido board for the end screen's SHARE text: one square
per cell in its stone's colour (⬜ white, 🟨 yellow, 🟥 red, 🟩 green, 🟦 blue, ⬛ black), a
dot for an empty cell, and the stones placed and 4-ways below."""

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
