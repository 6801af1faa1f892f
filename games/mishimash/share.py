"""The SHARE text of a finished MISHIMASH game: solo, the target and the turns it took; hot-seat,
every player's banked points, the winner first with a 🏆."""

from games.core.kinds import score_text
from games.rules import mishimash as rules


def title(state: rules.State) -> str:
    options = state.options
    if options.is_solo:
        return f"MISHIMASH · {options.target} · 🎲×{state.turns[0]}"
    return f"MISHIMASH · {options.target} · {len(options.players)}👥"


def picture(state: rules.State) -> str:
    options = state.options
    if options.is_solo:
        return ""
    seats = sorted(range(len(options.players)), key=lambda seat: (seat != state.winner, seat))
    lines = []
    for seat in seats:
        points = score_text(rules.halves_to_decimal(state.banked_halves[seat]))
        mark = "🏆" if seat == state.winner else "▫️"
        lines.append(f"{mark} {options.players[seat]} {points}")
    return "\n".join(lines)
