"""MISHIMASH computer players: one function per strength, `State -> Action` legal in the state.

They see only what a person at the table sees (the rules' `State` holds no random stream) and
are deterministic, so the action a board shows as planned is the one the server then plays.

- OPTIMAL: the coach's move (`games.coach.mishimash.policies.advise`): the fewest expected
  turns to the target before anyone reached it, the best chance to beat the leader in the
  final round or sudden death (X15-X16), the most expected points for a custom target.
- BANK_AT_30 ("Banks at 30"), the simple rule of the coach's figures: set aside the dice worth
  the most points now (ties: the most dice left to roll), then bank once the turn holds at
  least 30 points, or once banking reaches the target.
- RECKLESS: the same greedy dice, but rolls again while 3 or more dice would be rolled and
  the turn is under 100 points; it banks otherwise (or on reaching the target).

In the final round and sudden death (X15-X16), where the highest banked score wins, the two
simple players never bank a turn that leaves them at or below the best rival: they roll on
until they are ahead (a bank that loses is no bank at all).
"""

from __future__ import annotations

from collections.abc import Callable

from games.coach.mishimash.policies import advise
from games.rules.mishimash import (
    DICE,
    Action,
    Roll,
    SelectAndBank,
    SelectAndRollAgain,
    State,
)

OPTIMAL, BANK_AT_30, RECKLESS = "optimal", "bank30", "reckless"
BANK_AT_HALVES = 60  # "Banks at 30": 30 points
RECKLESS_LIMIT_HALVES = 200  # Reckless rolls on below 100 points...
RECKLESS_MIN_DICE = 3  # ...while this many dice or more would be rolled

Player = Callable[[State], Action]


def optimal(state: State) -> Action:
    """The coach's move."""
    return advise(state)


def greedy_selection(state: State) -> tuple[int, ...]:
    """The legal selection worth the most points now (x k and a clear bonus included); ties go
    to the one leaving the most dice to roll, then to the rules' order."""
    selections = state.legal_selections()
    if not selections:
        raise ValueError("No roll is showing: there is nothing to set aside.")
    return max(
        selections, key=lambda dice: (state.selection_halves(dice) or 0, dice_left(state, dice))
    )


def dice_left(state: State, dice: tuple[int, ...]) -> int:
    """How many dice the next roll would use after setting `dice` aside (6 after a clear)."""
    return state.dice_in_play - len(dice) or DICE


def _reaches_target(state: State, total: int) -> bool:
    return state.banked_halves[state.current] + total >= 2 * state.options.target


def _behind(state: State, total: int) -> bool:
    """In the final round or sudden death: banking `total` would not put the player ahead."""
    if state.final_round_by is None or len(state.players) == 1:
        return False
    rivals = [h for seat, h in enumerate(state.banked_halves) if seat != state.current]
    return state.banked_halves[state.current] + total <= max(rivals)


def _simple(state: State, roll_on: Callable[[State, int, int], bool]) -> Action:
    """A greedy player: `roll_on(state, turn total after the selection, dice left)` says
    whether to roll again, unless banking reaches the target or the endgame decides."""
    if state.is_finished:
        raise ValueError("The game is over: there is nothing to play.")
    if not state.roll:
        return Roll(state.current)
    dice = greedy_selection(state)
    total = state.turn_halves + (state.selection_halves(dice) or 0)
    if _behind(state, total):
        return SelectAndRollAgain(state.current, dice)
    if _reaches_target(state, total) or not roll_on(state, total, dice_left(state, dice)):
        return SelectAndBank(state.current, dice)
    return SelectAndRollAgain(state.current, dice)


def bank_at_30(state: State) -> Action:
    """ "Banks at 30": greedy dice, bank from 30 turn points on."""
    return _simple(state, lambda _state, total, _left: total < BANK_AT_HALVES)


def reckless(state: State) -> Action:
    """Reckless: greedy dice, roll again with 3+ dice while the turn is under 100 points."""
    return _simple(
        state,
        lambda _state, total, left: left >= RECKLESS_MIN_DICE and total < RECKLESS_LIMIT_HALVES,
    )


PLAYERS: dict[str, Player] = {OPTIMAL: optimal, BANK_AT_30: bank_at_30, RECKLESS: reckless}
STRENGTHS = tuple(PLAYERS)  # in the order a game's setup offers them


def play(strength: str, state: State) -> Action:
    """The action of the computer player `strength` (KeyError for an unknown one)."""
    return PLAYERS[strength](state)
