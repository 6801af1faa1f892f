"""The final Ishido board on the link preview's picture (games.core.preview): the 12×8 cells,
each stone in its colour (the board's Okabe–Ito inks) and shape, the border cells shaded as on
the board."""

from games.core.preview.drawing import INK, LINE, SURFACE, Canvas
from games.ishido.display import COLOUR_INKS
from games.rules import ishido as rules

# The shapes of the board's SVG symbols (templates/ishido/play.html), on a 40-unit square.
SHAPES: tuple[tuple[tuple[float, float], ...], ...] = (
    (),  # a circle, drawn as one
    ((8, 8), (32, 8), (32, 32), (8, 32)),
    ((20, 5.5), (35, 32.5), (5, 32.5)),
    ((3.5, 20), (20, 9), (36.5, 20), (20, 31)),
    (
        (20, 5),
        (24, 15.5),
        (35.2, 16.1),
        (26.5, 23.1),
        (29.4, 33.9),
        (20, 27.8),
        (10.6, 33.9),
        (13.5, 23.1),
        (4.8, 16.1),
        (16, 15.5),
    ),
    ((20, 3.5), (30.5, 14), (20, 36.5), (9.5, 14)),
)
BORDER = "#efe8dc"


def draw(canvas: Canvas, state: rules.State) -> None:
    left, top, right, bottom = canvas.box
    cell = min((right - left) / rules.COLUMNS, (bottom - top) / rules.ROWS)
    x0, y0 = canvas.centred(cell * rules.COLUMNS, cell * rules.ROWS)
    for index, stone in enumerate(state.board):
        row, column = divmod(index, rules.COLUMNS)
        x, y = x0 + column * cell, y0 + row * cell
        edge = row in (0, rules.ROWS - 1) or column in (0, rules.COLUMNS - 1)
        canvas.draw.rectangle(
            (x, y, x + cell, y + cell), fill=BORDER if edge else SURFACE, outline=LINE, width=1
        )
        if stone is None:
            continue
        colour, shape = stone
        scale = cell / 40

        def at(point: tuple[float, float]) -> tuple[float, float]:
            return x + point[0] * scale, y + point[1] * scale  # noqa: B023 (used at once)

        ink = COLOUR_INKS[colour]
        if SHAPES[shape]:
            canvas.draw.polygon([at(p) for p in SHAPES[shape]], fill=ink, outline=INK, width=2)
        else:
            r = 13.5 * scale
            canvas.draw.ellipse(
                (x + 20 * scale - r, y + 20 * scale - r, x + 20 * scale + r, y + 20 * scale + r),
                fill=ink,
                outline=INK,
                width=2,
            )
