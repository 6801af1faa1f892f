"""The MISHIMASH coach: the best move from what the player sees (banked scores, turn, roll).

`action_values(state)` values every legal action in the unit of `policy(state)`, best first;
`advise(state)` is the first of them. The coach reads only the visible state (the rules'
`State` holds no random stream) and is deterministic.

Which question is answered (`policy(state)`):
- fewest turns: solo, or a hot-seat turn before anyone reached the target, with a shipped
  table for the target (500, 1000, 2000): expected turns until the player to move banks the
  target, the current turn included (lower is better). In hot-seat this is the player's own
  race; the rivals' scores are not modelled.
- beat the leader: in the final round (X15) or sudden death (X16): the chance to end this turn
  with more than every rival's banked score (a tie counts half), higher is better.
- most points: any other target: expected points this turn, banking at the target at once
  (higher is better).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from games.coach import Advice, NoDecision
from games.coach.mishimash.odds import bust_probability
from games.coach.mishimash.solver import (
    FACE_DICE,
    MAX_SELECTION_HALVES,
    Array,
    TurnProblem,
    after_selection,
    bust_rate,
    roll_groups,
    solve,
    width,
)
from games.coach.mishimash.tables import TARGETS, load_expected_turns
from games.rules.errors import gettext_noop
from games.rules.mishimash import (
    Action,
    Roll,
    SelectAndBank,
    SelectAndRollAgain,
    State,
    legal_actions,
    selection_halves,
)

LOOKAHEAD = 600  # half-points of turn total solved ahead; past it the solver banks by force
# In the final round the turn is solved up to the total that passes the leader (past it,
# banking wins), however far behind, up to this many half-points: a player 300 points behind
# would otherwise see no chance in rolling on at all.
LEADER_LOOKAHEAD = 3000
MAX_TOTAL_GAIN = 64 * MAX_SELECTION_HALVES  # room in the bank arrays for one more roll


@dataclass(frozen=True, slots=True)
class Policy:
    """What the values of `action_values` measure."""

    name: str  # "fewest_turns", "beat_leader" or "most_points"
    unit: str  # "turns", "chance" or "points"
    lower_is_better: bool
    description: str


FEWEST_TURNS = Policy(
    "fewest_turns",
    "turns",
    True,
    "Expected turns to bank the target, this one included (optimal play; rivals not modelled).",
)
BEAT_LEADER = Policy(
    "beat_leader",
    "chance",
    False,
    "Chance to end this turn above every rival's banked score (a tie counts half).",
)
MOST_POINTS = Policy(
    "most_points",
    "points",
    False,
    "Expected points this turn (no table for this target: the points-maximising turn).",
)


UNITS = {"turns": "turns", "chance": "chance", "points": "turn_points"}  # review units, by unit


def policy(state: State) -> Policy:
    """Which question the coach answers in `state` (see the module docstring)."""
    if len(state.players) > 1 and state.final_round_by is not None:
        return BEAT_LEADER
    if state.options.target in TARGETS:
        return FEWEST_TURNS
    return MOST_POINTS


def bust_chance(dice: int) -> float:
    """X7: the chance that rolling `dice` dice busts (6 dice: 2.3 %, 1 die: 66.7 %)."""
    return float(bust_probability(dice))


def roll_risk(state: State, action: Action) -> float | None:
    """The chance that the roll `action` makes busts; None for an action that does not roll."""
    if isinstance(action, Roll):
        return bust_chance(FACE_DICE)
    if isinstance(action, SelectAndRollAgain):
        return bust_chance(state.dice_in_play - len(action.dice) or FACE_DICE)
    return None


def advise(state: State) -> Action:
    """The action the coach plays in `state`; NoDecision once the game is over."""
    action: Action = advice(state).action
    return action


def advice(state: State) -> Advice:
    """The coach's one answer: every legal action valued in `policy(state).unit`, best first
    (its `unit` the review's: "turns", "chance" or "turn_points"); NoDecision once the game is
    over."""
    values = action_values(state)
    if not values:
        raise NoDecision(gettext_noop("The game is over: there is nothing to advise."))
    chosen = policy(state)
    action, value = values[0]
    return Advice(action, value, UNITS[chosen.unit], chosen.lower_is_better, tuple(values))


def action_values(state: State) -> list[tuple[Action, float]]:
    """Every legal action with its value in `policy(state).unit`, best first (ties keep the
    rules' order, so the advice is deterministic)."""
    actions = legal_actions(state)
    if not actions:
        return []
    chosen = policy(state)
    values = _values(state, chosen, actions)
    sign = 1.0 if chosen.lower_is_better else -1.0
    ranked = sorted(range(len(actions)), key=lambda i: sign * values[i])
    return [(actions[i], values[i]) for i in ranked]


# --- solving the position ------------------------------------------------------------------


@dataclass(frozen=True)
class _Ends:
    """What ending the turn is worth for the player to move (maximised form): banking with
    turn total t is worth `bank[t]`, a bust `bust`; from `end` on banking is forced."""

    bank: Array
    bust: float
    end: int


def _values(state: State, chosen: Policy, actions: tuple[Action, ...]) -> list[float]:
    banked = state.banked_halves[state.current]
    key = _key(state, chosen)
    ends = _ends(*key)
    flip = chosen is FEWEST_TURNS  # costs are maximised as negatives: value = 1 - (-E)
    if not state.roll:
        if chosen is FEWEST_TURNS:
            return [float(_turns_table(state.options.target)[banked])]
        return [float(_turn_start(*key)[1][1][(FACE_DICE, 0)][0, 0])]
    k, c, n, t = state.k, state.clears, state.dice_in_play, state.turn_halves
    values = []
    for action in actions:
        assert isinstance(action, SelectAndBank | SelectAndRollAgain)
        faces = [state.roll[i] for i in action.dice]
        halves = selection_halves(state.roll, faces)
        assert halves is not None
        gain, dice, clears = after_selection(n, k, c, len(faces), halves)
        if isinstance(action, SelectAndBank):
            value = float(ends.bank[t + gain])
        else:
            value = _roll_again(key, ends, t + gain, dice, k + 1, clears, t + k)
        values.append(1.0 - value if flip else value)
    return values


def _key(state: State, chosen: Policy) -> tuple[str, int, int, int]:
    """What the turn's problem depends on: policy, target, banked score, best rival score."""
    banked = state.banked_halves[state.current]
    rivals = [h for seat, h in enumerate(state.banked_halves) if seat != state.current]
    best = max(rivals) if chosen is BEAT_LEADER else 0
    return chosen.name, state.options.target, banked, best


def _roll_again(
    key: tuple[str, int, int, int], ends: _Ends, total: int, dice: int, k: int, c: int, low: int
) -> float:
    """The value of rolling `dice` dice as roll k with turn total `total` and c clears; `low`
    is the smallest total a selection from the roll before can reach (shared by them all)."""
    if total >= ends.end:
        return _one_more_roll(ends, total, dice, k, c)
    start_domain, layers = _turn_start(*key)
    if total < start_domain:
        values = layers.get(k, {}).get((dice, c))
        if values is not None and np.isfinite(values[0, total]):
            return float(values[0, total])
    domain, layers = _turn_ahead(*key, low, k, c)
    if total >= domain:  # one roll gained more than the lookahead: look ahead from its total
        domain, layers = _turn_ahead(*key, total, k, c)
    return float(layers[k][(dice, c)][0, total])


Layers = dict[int, dict[tuple[int, int], Array]]


@lru_cache(maxsize=8)
def _turn_start(name: str, target: int, banked: int, best: int) -> tuple[int, Layers]:
    """The turn solved from its first roll, up to `LOOKAHEAD` half-points (kept per turn)."""
    return _solved(name, target, banked, best, 0, 1, 0)


@lru_cache(maxsize=4)
def _turn_ahead(
    name: str, target: int, banked: int, best: int, low: int, k: int, c: int
) -> tuple[int, Layers]:
    """Past the turn start's totals: the turn solved from roll k with c clears and totals from
    `low` (shared by the selections of one roll)."""
    return _solved(name, target, banked, best, low, k, c)


def _solved(
    name: str, target: int, banked: int, best: int, low: int, k: int, c: int
) -> tuple[int, Layers]:
    """The turn solved from roll k with c clears and totals from `low`, up to the lookahead
    past `low`: the domain and every layer."""
    ends = _ends(name, target, banked, best)
    domain = min(ends.end, low + _lookahead(name))
    problem = TurnProblem(ends.bank[None, :], np.array([ends.bust]), domain, low, k, c)
    return domain, {layer.k: layer.roll for layer in solve(problem)}


def _one_more_roll(ends: _Ends, total: int, dice: int, k: int, c: int) -> float:
    """Past the solved totals (at or beyond the target): roll once more, then bank at once."""
    value = bust_rate(dice) * ends.bust
    for p, options in roll_groups(dice):
        value += p * max(
            float(ends.bank[total + after_selection(dice, k, c, *o)[0]]) for o in options
        )
    return value


def _lookahead(name: str) -> int:
    return LEADER_LOOKAHEAD if name == BEAT_LEADER.name else LOOKAHEAD


@lru_cache(maxsize=32)
def _ends(name: str, target: int, banked: int, best: int) -> _Ends:
    """Bank and bust values for one turn of the player to move, in the maximised form."""
    goal = 2 * target
    span = 2 * goal + width(_lookahead(name), 0, 1, 0) + 4 * MAX_TOTAL_GAIN
    if name == BEAT_LEADER.name:
        totals = banked + np.arange(span)
        bank = np.where(totals > best, 1.0, np.where(totals == best, 0.5, 0.0))
        return _Ends(bank, 0.0, max(best - banked + 1, 1))
    if name == FEWEST_TURNS.name:
        turns = np.append(_turns_table(target), 0.0)
        bank = -turns[np.minimum(banked + np.arange(span), goal)]
        return _Ends(bank, -float(turns[banked]), goal - banked)
    return _Ends(np.arange(span, dtype=float) / 2, 0.0, goal - banked)


@cache
def _turns_table(target: int) -> Array:
    return load_expected_turns(target)
