"""The end of a MISHIMASH game on the link preview's picture (games.core.preview): each
player's banked points as a bar up to the target (the winner's in the accent colour), and a
solo game's turns as dice, one per turn."""

from games.core.kinds import score_text
from games.core.preview.drawing import ACCENT, ACCENT_SOFT, INK, LINE, MUTED, Canvas
from games.rules import mishimash as rules


def draw(canvas: Canvas, state: rules.State) -> None:
    options = state.options
    left, top, right, bottom = canvas.box
    seats = sorted(range(len(options.players)), key=lambda seat: (seat != state.winner, seat))
    row = min(120.0, (bottom - top - 130) / max(1, len(seats)))
    number_font = canvas.font(int(min(44, row * 0.45)))
    top_points = max(rules.halves_to_decimal(h) for h in state.banked_halves)
    scale = max(float(options.target), float(top_points))
    canvas.draw.text((left, top), f"TARGET {options.target}", font=canvas.font(30), fill=MUTED)
    y = top + 60.0
    for seat in seats:
        points = rules.halves_to_decimal(state.banked_halves[seat])
        canvas.draw.text((left, y), score_text(points), font=number_font, fill=INK)
        bar = (left, y + row * 0.45, right, y + row * 0.8)
        canvas.draw.rounded_rectangle(bar, 10, fill=ACCENT_SOFT, outline=LINE)
        width = (right - left) * float(points) / scale
        if width > 20:
            colour = ACCENT if seat == state.winner else MUTED
            canvas.draw.rounded_rectangle((left, bar[1], left + width, bar[3]), 10, fill=colour)
        y += row
    turns = sum(state.turns) if options.is_solo else max(state.turns)
    canvas.draw.text((left, bottom - 50), f"{turns} TURNS", font=canvas.font(40), fill=INK)
