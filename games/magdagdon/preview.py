"""The final MAGDAGDON board on the link preview's picture (games.core.preview): the 4×4 dice,
a RUIN as a red cross, the lines that scored a bonus on a green ground, as the SHARE picture
marks them."""

from games.core.preview.drawing import BAD, INK, LINE, OK, OK_SOFT, SURFACE, Canvas
from games.rules import magdagdon as rules

# Pip centres on a unit die, by face (the usual Western layout).
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def draw(canvas: Canvas, state: rules.State) -> None:
    board = rules.current_board(state)
    bonuses = rules.live_score(state).bonuses
    rows = {b.number for b in bonuses if b.line == "row"}
    columns = {b.number for b in bonuses if b.line == "column"}
    left, top, right, bottom = canvas.box
    cell = min(right - left, bottom - top) / rules.SIZE
    x0, y0 = canvas.centred(cell * rules.SIZE, cell * rules.SIZE)
    for index, content in enumerate(board):
        row, column = divmod(index, rules.SIZE)
        x, y = x0 + column * cell, y0 + row * cell
        ground = OK_SOFT if (row in rows or column in columns) else SURFACE
        canvas.draw.rectangle((x, y, x + cell, y + cell), fill=ground)
        pad = cell * 0.1
        die = (x + pad, y + pad, x + cell - pad, y + cell - pad)
        if content is None:
            canvas.draw.rounded_rectangle(die, cell * 0.14, outline=LINE, width=3)
        elif content == rules.RUIN:
            canvas.draw.rounded_rectangle(die, cell * 0.14, fill="#f9dedc", outline=BAD, width=4)
            inset = cell * 0.3
            for a, b in (
                ((x + inset, y + inset), (x + cell - inset, y + cell - inset)),
                ((x + cell - inset, y + inset), (x + inset, y + cell - inset)),
            ):
                canvas.draw.line((a, b), fill=BAD, width=int(cell * 0.08))
        else:
            outline = OK if (row in rows or column in columns) else INK
            canvas.draw.rounded_rectangle(die, cell * 0.14, fill="white", outline=outline, width=4)
            size = cell - 2 * pad
            r = size * 0.085
            for px, py in PIPS[int(content)]:
                cx, cy = die[0] + px * size, die[1] + py * size
                canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
