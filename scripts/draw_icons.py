"""Draw the installed app's icons (static/img/icon-*.png) from the favicon's picture: three
white pips on the accent square. Run once after changing the picture, and commit the PNGs:

    .venv/bin/python scripts/draw_icons.py

`icon-192.png` and `icon-512.png` are the rounded square on a transparent ground (purpose
"any"); `icon-maskable.png` fills its whole square, the pips inside the central safe circle,
for launchers that cut icons to their own shape."""

from pathlib import Path

from PIL import Image, ImageDraw

ACCENT = "#b4532a"  # site.css --accent, the favicon's square
OUT = Path(__file__).resolve().parents[1] / "static" / "img"
SCALE = 4  # drawn large, then reduced: smooth edges


def pips(draw: ImageDraw.ImageDraw, size: int, spread: float, radius: float) -> None:
    """The die's three pips on a diagonal through the middle of a `size` square."""
    for step in (-1, 0, 1):
        x = y = size / 2 + step * spread * size
        r = radius * size
        draw.ellipse((x - r, y - r, x + r, y + r), fill="white")


def icon(size: int, *, maskable: bool) -> Image.Image:
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:  # full bleed; the pips well inside the 80 % safe circle
        draw.rectangle((0, 0, big, big), fill=ACCENT)
        pips(draw, big, spread=0.125, radius=0.075)
    else:  # the favicon's geometry: a 26/32 square with 6/32 corners, pips 5/32 apart
        inset = big * 3 / 32
        draw.rounded_rectangle((inset, inset, big - inset, big - inset), big * 6 / 32, ACCENT)
        pips(draw, big, spread=5 / 32, radius=3 / 32)
    small = image.resize((size, size), Image.Resampling.LANCZOS)
    return small.quantize(colors=32, method=Image.Quantize.FASTOCTREE)


def main() -> None:
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable.png", 512, True),
    ):
        path = OUT / name
        icon(size, maskable=maskable).save(path, optimize=True)
        print(f"{path.relative_to(OUT.parents[1])}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
