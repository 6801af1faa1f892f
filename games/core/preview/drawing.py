"""The preview card: a 1200×630 canvas, its colours and fonts, and the shared half of the
picture (the game's name, its board's label and the final score). Language-neutral: drawn in
English for every visitor (game names and scores are written alike in every language).

Fonts are Pillow's own scalable font (no system font is needed); it writes Latin script only,
so the card writes nothing that a player typed.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from decimal import Decimal

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
# site.css's light colours
BACKGROUND = "#f7f4ef"
SURFACE = "#fffdf9"
INK = "#1f1b16"
MUTED = "#6a6259"
LINE = "#ddd4c8"
ACCENT = "#b4532a"
ACCENT_SOFT = "#f6e1d6"
OK_SOFT = "#dcefe2"
OK = "#2f7d4a"
BAD = "#b3261e"
TEXT_WIDTH = 430  # the card's text column; the board gets the rest
MARGIN = 48

Box = tuple[int, int, int, int]  # left, top, right, bottom


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size)  # type: ignore[return-value]


@dataclass
class Canvas:
    """Where a kind draws its final board: `box`, on `draw`."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    box: Box

    def font(self, size: int) -> ImageFont.FreeTypeFont:
        return font(size)

    def centred(self, width: float, height: float) -> tuple[float, float]:
        """The top-left corner of a `width` × `height` drawing centred in the box."""
        left, top, right, bottom = self.box
        return left + (right - left - width) / 2, top + (bottom - top - height) / 2


def canvas() -> Canvas:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    board = (MARGIN + TEXT_WIDTH + 24, MARGIN, WIDTH - MARGIN, HEIGHT - MARGIN)
    draw.rounded_rectangle(board, 18, fill=SURFACE, outline=LINE, width=2)
    inner = (board[0] + 20, board[1] + 20, board[2] - 20, board[3] - 20)
    return Canvas(image, draw, inner)


def card(on: Canvas, name: str, label: str, score: Decimal | None, footer: str) -> None:
    """The text column: the brand, the game's name, its board's label, the score."""
    draw, x = on.draw, MARGIN
    draw.text((x, MARGIN), "CUBIRI", font=font(34), fill=ACCENT)
    y = MARGIN + 70
    y = _fitted(draw, (x, y), name, 76, INK) + 18
    if label:
        y = _fitted(draw, (x, y), label, 40, MUTED) + 40
    if score is not None:
        draw.text((x, y), "SCORE", font=font(28), fill=MUTED)
        _fitted(draw, (x, y + 36), _number(score), 120, INK)
    draw.text((x, HEIGHT - MARGIN - 30), footer, font=font(26), fill=MUTED)


def png(on: Canvas) -> bytes:
    out = io.BytesIO()
    on.image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _fitted(draw: ImageDraw.ImageDraw, at: tuple[int, int], text: str, size: int, fill: str) -> int:
    """Write `text` as large as `size` allows within the text column; its bottom."""
    while size > 16 and draw.textlength(text, font=font(size)) > TEXT_WIDTH:
        size -= 4
    draw.text(at, text, font=font(size), fill=fill)
    return at[1] + size


def _number(score: Decimal) -> str:
    return f"{score.normalize():f}" if score != score.to_integral() else f"{int(score)}"
