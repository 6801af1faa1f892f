"""The emoji picture of a finished MAGDAGDON board for the end screen's SHARE text: the 4×4
cells (🟩 in a line that scored a bonus, 🟥 a RUIN, ⬜ the rest), a ⭐ after each bonus row
and under each bonus column. It is also a daily's picture: it tells where lines scored and
where a RUIN fell, both the player's own choices, never a die's value (the day's other
players roll the same dice)."""

from games.rules import magdagdon as rules

BONUS, RUIN, PLAIN, STAR, NONE = "🟩", "🟥", "⬜", "⭐", "▫️"


def picture(state: rules.State) -> str:
    board = rules.current_board(state)
    bonuses = rules.live_score(state).bonuses
    rows = {b.number for b in bonuses if b.line == "row"}
    columns = {b.number for b in bonuses if b.line == "column"}
    lines = []
    for row in range(rules.SIZE):
        cells = []
        for column in range(rules.SIZE):
            content = board[row * rules.SIZE + column]
            if content == rules.RUIN:
                cells.append(RUIN)
            elif row in rows or column in columns:
                cells.append(BONUS)
            else:
                cells.append(PLAIN)
        lines.append("".join(cells) + (STAR if row in rows else ""))
    if columns:
        lines.append("".join(STAR if c in columns else NONE for c in range(rules.SIZE)))
    return "\n".join(lines)
