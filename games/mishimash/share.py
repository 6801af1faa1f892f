"""The SHARE text of a finished MISHIMASH game: solo, the target and the turns it took; hot-seat,
every player's banked points, the winner first with a 🏆. A daily's picture (`daily_picture`):
one square per turn, banked or bust, never a face rolled."""

from collections.abc import Sequence
from typing import Any

from games.core.kinds import score_text
from games.mishimash.display import shown_name
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
        lines.append(
            f"{mark} {shown_name(options.players[seat])} {points}"
        )  # in the sharer's words
    return "\n".join(lines)


BANKED, BUST = "🟩", "🟥"
PER_LINE = 10
LINES = 5  # drawn; later turns are counted on one more line


def daily_picture(actions: Sequence[dict[str, Any]]) -> str:
    """A solo game's turns from its stored actions: a turn starts with ROLL (X8) and is banked
    when it ends in BANK, else it went bust (X7); the faces stay hidden, as the day's other
    players roll the same dice.

    >>> roll, bank = {"type": "roll"}, {"type": "select_and_bank"}
    >>> again = {"type": "select_and_roll_again"}
    >>> daily_picture([roll, again, bank, roll, roll, again, bank])
    '🟩🟥🟩'
    >>> daily_picture([roll, bank] * 50 + [roll] * 3 + [roll, bank]).splitlines()[-1]
    '+4: 🟩×1 🟥×3'
    """
    turns: list[bool] = []
    for action in actions:
        if action.get("type") == "roll":
            turns.append(False)
        elif action.get("type") == "select_and_bank" and turns:
            turns[-1] = True
    squares = [BANKED if banked else BUST for banked in turns]
    shown, rest = squares[: LINES * PER_LINE], squares[LINES * PER_LINE :]
    lines = ["".join(shown[i : i + PER_LINE]) for i in range(0, len(shown), PER_LINE)]
    if rest:  # a long game's later turns are counted, not drawn: a share stays a few lines
        lines.append(f"+{len(rest)}: {BANKED}×{rest.count(BANKED)} {BUST}×{rest.count(BUST)}")
    return "\n".join(lines)
