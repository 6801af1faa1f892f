"""A finished game's review: its decisions, each against the coach's choice from the same
visible position, the value each choice keeps, what was lost, and how bad a loss is.

Pure Python over the rules and the coaches (no Django). `decision_points(rules, states,
payloads)` cuts a replay (the state before every action, and every action's stored dict) into
the player's decisions; `analyse(rules, point, states, payloads)` values one of them, as a plain
JSON-able dict, so the web layer can store the analysis a few decisions at a time. The coaches
read only what the player saw at that moment (the board, the dice showing, the pouch's
contents), never the seed or what came next.

The grades (`GRADES`), one scale per unit, in the unit of the game's coach; the figures are
measured by benchmarks/review_spreads.py over seeded games:

- MAGDAGDON, expected final points (M18–M21). Every number counts twice (M18), so a die one pip
  lower on one cell is 2 points; a RUIN costs 15 plus the about 7 points its cell would have
  held (the coach's RUIN_COST, 22); TWO PAIRS is worth 20. An *inaccuracy* loses at least 4
  points (a cell two pips lower; the coach's best and second-best boards are a median 2.2
  points apart, so below 4 the choice is often a near tie), a *mistake* at least 10 (half a
  bonus), a *blunder* at least 20 (a RUIN or TWO PAIRS given away). A player staging random
  legal dice loses a median 35 points a turn: nearly every turn a blunder.
- MISHIMASH, expected turns to bank the target (lower is better): the optimal policy needs
  64.2 turns to 1000, and one turn is worth about 16 points (15.97 expected). An *inaccuracy*
  costs at least 0.1 turn (1.6 points), a *mistake* 0.3 turn, a *blunder* a whole turn (as
  much as a turn that busts). The rule "bank at 30 turn points" (91.2 turns to 1000) loses
  nothing on half its decisions, 0.18 turn at the 75th percentile, 0.30 at the 90th and 0.53
  at the 95th: about a third of its choices are inaccuracies, one in ten a mistake.
- MISHIMASH, the chance to beat the leader (final round, sudden death): lichess's win-chance
  drops, 10, 20 and 30 percentage points.
- MISHIMASH with a custom target, expected points this turn: 2, 5 and 16 points (a whole
  turn's worth).
- Ishido, expected final score (I7–I10), the coach's fast policy playing on: the 4-way bonuses
  (25, 50, … 50,000) and the doubling dominate, and a playout's score swings with them. Both
  cells are played over the same `ISHIDO_FUTURES` sampled orders (common random numbers), yet
  drawing other orders still moves a loss by a median 66 points (90 % under 250). So an
  *inaccuracy* loses at least 250 (above that noise, about a fifth 4-way's bonus), a *mistake*
  600 (the sixth one's), a *blunder* 1,500 (about the 1,000 end bonus and a 4-way with it).
  Random legal play loses a median 0, 123 at the 75th percentile, 289 at the 90th.

The review's Ishido budget: the coach picks its cell with `Coach(placements=4000)`, a third of
play's 12,000 (0.05 s instead of 0.16 s a decision), since the choice is then checked on 64
shared futures that cost about 0.2 s; a game's ~50–70 decisions take 10–20 s, over a few
dozen steps.

The accuracy of a game is the share of its choices (forced moves, with one legal choice, left
out) that lose less than an inaccuracy, with the mean loss beside it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.coach import ishido as ishido_coach
from games.coach import magdagdon as magdagdon_coach
from games.coach import mishimash as mishimash_coach
from games.coach.ishido_board import Position, kind_of, place
from games.coach.ishido_policy import play_out
from games.rules import ishido, magdagdon, mishimash

FORMAT = 1  # bump when an analysis changes: stored reviews of an older format are redone
ISHIDO_COACH = ishido_coach.Coach(placements=4000)  # a third of play's (module docstring)
ISHIDO_FUTURES = 64  # sampled orders of the pouch both cells are played out over


@dataclass(frozen=True)
class Grades:
    """The losses at which a choice becomes an inaccuracy, a mistake, a blunder (the unit's)."""

    inaccuracy: float
    mistake: float
    blunder: float

    def grade(self, loss: float) -> str:
        """ "blunder", "mistake", "inaccuracy" or "" for a good choice."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return ""


GRADES = {
    "points": Grades(4, 10, 20),  # MAGDAGDON's expected final points
    "stone_points": Grades(250, 600, 1500),  # Ishido's expected final points
    "turns": Grades(0.1, 0.3, 1.0),  # MISHIMASH: expected turns to the target
    "chance": Grades(0.10, 0.20, 0.30),  # MISHIMASH: chance to beat the leader
    "turn_points": Grades(2, 5, 16),  # MISHIMASH, custom target: expected points this turn
}


@dataclass(frozen=True)
class DecisionPoint:
    """One decision: made from the state before action `start`, completed by action `end`
    (MAGDAGDON's stagings make one decision of several actions; elsewhere start == end)."""

    start: int
    end: int


def game_of(rules: ModuleType) -> str:
    """ "magdagdon", "mishimash" or "ishido": which rules a kind plays."""
    return rules.__name__.rsplit(".", 1)[1]


def decision_points(
    rules: ModuleType, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
) -> list[DecisionPoint]:
    """The player's decisions in a replay: `states[i]` is the state before action `i`."""
    game = game_of(rules)
    if game == "magdagdon":
        return _magdagdon_points(payloads)
    kinds = {"mishimash": ("select_and_bank", "select_and_roll_again"), "ishido": ("place",)}
    return [DecisionPoint(i, i) for i, p in enumerate(payloads) if p.get("type") in kinds[game]]


def _magdagdon_points(payloads: Sequence[dict[str, Any]]) -> list[DecisionPoint]:
    points, start = [], None
    for i, payload in enumerate(payloads):
        kind = payload.get("type")
        if kind == "roll":
            continue
        start = i if start is None else start
        if kind in ("stage", "unstage"):
            continue
        points.append(DecisionPoint(start, i))  # CONFIRM, a RUIN accepted or a power used
        start = None
    return points


def analyse(
    rules: ModuleType,
    point: DecisionPoint,
    states: Sequence[Any],
    payloads: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """One decision valued, as a JSON-able dict: `player` and `coach` (lists of action dicts),
    `same` (the player chose as the coach), `player_value`, `best_value`, `loss` (never
    negative), `unit`, `grade`, `forced`, `seat`,
    `step` (the replay step before the decision), `chart` (the chart's value, or None) and
    `context` (what the player saw: the roll, the turn's points, the stone)."""
    game = game_of(rules)
    if game == "magdagdon":
        found = _magdagdon(point, states, payloads)
    elif game == "mishimash":
        found = _mishimash(point, states, payloads)
    else:
        found = _ishido(point, states, payloads)
    loss = 0.0 if found["same"] else max(0.0, found["loss"])
    grade = "" if found["forced"] else GRADES[found["unit"]].grade(loss)
    return {**found, "loss": round(loss, 4), "grade": grade, "step": point.start}


# --- MAGDAGDON ---------------------------------------------------------------------------------


def _sunk(state: magdagdon.State) -> int:
    return sum(magdagdon.PENALTIES[state.difficulty][: len(state.powers_used)])


def _magdagdon(
    point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    seen: magdagdon.State = states[point.start]
    last: magdagdon.State = states[point.end]
    after: magdagdon.State = states[point.end + 1]
    plan = magdagdon_coach.turn_plan(seen)
    final = payloads[point.end]
    if final["type"] in ("confirm", "accept_magdagdon"):
        value = magdagdon_coach.board_value(seen, after.board)
        if final["type"] == "confirm":
            player = [magdagdon.Stage(d, c).to_dict() for d, c in last.staged] + [final]
        else:
            player = [final]
    else:
        power = magdagdon.action_from_dict(final)
        assert isinstance(power, magdagdon.Decrease | magdagdon.Increase | magdagdon.Reroll)
        value = magdagdon_coach.power_value(last, power)
        player = [final]
    if plan.power is not None:
        coach = [plan.power.to_dict()]
    elif plan.ruin is not None:
        coach = [magdagdon.AcceptMagdagdon(plan.ruin).to_dict()]
    else:
        stages = [magdagdon.Stage(d, c).to_dict() for d, c in plan.staging]
        coach = [*stages, magdagdon.Confirm().to_dict()]
    same = player == coach
    if plan.power is None and plan.ruin is None and final["type"] == "confirm":
        board = list(seen.board)
        for die, cell in plan.staging:
            board[cell] = seen.roll[die]
        same = tuple(board) == after.board  # the same board, whatever the staging order
    return {
        "seat": 0,
        "player": player,
        "coach": coach,
        "player_value": round(value, 3),
        "best_value": round(plan.value, 3),
        "loss": plan.value - value,
        "unit": "points",
        "same": same,
        "forced": _magdagdon_forced(seen),
        "chart": round(plan.value, 3),
        "context": {"roll": list(seen.roll), "turn": seen.turns + 1},
    }


def _magdagdon_forced(seen: magdagdon.State) -> bool:
    """No power to use and one board to make (or one cell to ruin): nothing to choose."""
    if magdagdon.can_use_power(seen):
        return False
    if seen.phase == magdagdon.MAGDAGDON:
        return seen.board.count(None) == 1
    required = magdagdon.required_dice(seen.board, seen.difficulty)
    return len(magdagdon_coach.reachable_boards(seen.board, seen.roll, required)) == 1


# --- MISHIMASH ---------------------------------------------------------------------------------

_MISHIMASH_UNITS = {"turns": "turns", "chance": "chance", "points": "turn_points"}


def _mishimash(
    point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    seen: mishimash.State = states[point.start]
    chosen = mishimash.action_from_dict(payloads[point.start])
    policy = mishimash_coach.policy(seen)
    values = mishimash_coach.action_values(seen)
    best_action, best = values[0]
    mine = _choice_key(seen, chosen)
    value = next(v for a, v in values if _choice_key(seen, a) == mine)
    loss = value - best if policy.lower_is_better else best - value
    seat = seen.current
    banked = seen.banked_halves[seat] / 2
    chart: float | None = None
    if policy is mishimash_coach.FEWEST_TURNS:
        chart = seen.turns[seat] + best  # expected turns of the whole game, so far + to come
    elif policy is mishimash_coach.MOST_POINTS:
        chart = banked + best  # expected banked score once this turn ends
    return {
        "seat": seat,
        "player": [chosen.to_dict()],
        "coach": [best_action.to_dict()],
        "same": _choice_key(seen, best_action) == mine,
        "player_value": round(value, 4),
        "best_value": round(best, 4),
        "loss": loss,
        "unit": _MISHIMASH_UNITS[policy.unit],
        "forced": len(values) <= 1,
        "chart": None if chart is None else round(chart, 3),
        "context": {
            "roll": list(seen.roll),
            "turn_points": seen.turn_halves / 2,
            "banked": banked,
            "turn": seen.turns[seat] + 1,
            "bust_chance": round(mishimash_coach.bust_chance(seen.dice_in_play), 4),
        },
    }


def _choice_key(state: mishimash.State, action: mishimash.Action) -> tuple[str, tuple[int, ...]]:
    """What a selection means: BANK or ROLL AGAIN with which faces (dice showing the same face
    are the same choice, whichever of them was ticked)."""
    dice = getattr(action, "dice", ())
    return type(action).__name__, tuple(sorted(state.roll[i] for i in dice))


# --- Ishido ------------------------------------------------------------------------------------


def _ishido(
    point: DecisionPoint, states: Sequence[Any], payloads: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    seen: ishido.State = states[point.start]
    chosen = int(payloads[point.start]["cell"])
    ranked = ISHIDO_COACH.action_values(seen)
    best_cell = ranked[0][0].cell
    cells = [best_cell] if chosen == best_cell else [best_cell, chosen]
    values = ishido_values(seen, cells)
    value = values[chosen]
    best = max(values[best_cell], value)  # the futures may favour the player's cell
    return {
        "seat": 0,
        "player": [{"type": "place", "cell": chosen}],
        "coach": [{"type": "place", "cell": best_cell}],
        "same": chosen == best_cell,
        "player_value": round(value, 1),
        "best_value": round(best, 1),
        "loss": best - value,
        "unit": "stone_points",
        "forced": len(ranked) <= 1,
        "chart": round(best, 1),
        "context": {"stone": list(seen.pouch[0]), "placed": ishido.CELLS - seen.board.count(None)},
    }


def ishido_values(state: ishido.State, cells: Sequence[int], salt: str = "") -> dict[int, float]:
    """The expected final score of placing the current stone on each of `cells`, then playing
    on by the coach's fast policy, over the same `ISHIDO_FUTURES` orders of the pouch's
    contents (drawn from the visible position, never the real order; `salt` draws others, for
    measuring the noise)."""
    kind = kind_of(state.pouch[0])
    rest = sorted(kind_of(s) for s in state.pouch[1:])
    position = Position.from_board(state.board, state.four_ways, state.score)
    rng = random.Random(f"ishido-review|{salt}|{_visible(state)}")
    futures = []
    for _ in range(ISHIDO_FUTURES if rest else 1):
        order = rest[:]
        rng.shuffle(order)
        futures.append(order)
    totals = dict.fromkeys(cells, 0.0)
    for order in futures:
        for cell in cells:
            after = position.copy()
            place(after, cell, kind)
            left, _live = play_out(after, order, len(order))
            totals[cell] += after.score + ishido.end_bonus(left or 0)
    return {cell: total / len(futures) for cell, total in totals.items()}


def _visible(state: ishido.State) -> str:
    """What a player sees, as text: the board, the score, the stone, the pouch's contents."""
    board = "".join("--" if s is None else f"{s[0]}{s[1]}" for s in state.board)
    contents = "".join(sorted(f"{s[0]}{s[1]}" for s in state.pouch[1:]))
    return f"{board}|{state.four_ways}|{state.score}|{state.pouch[0]}|{contents}"


# --- the whole game ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """A game's (or one seat's) accuracy: choices within an inaccuracy, their mean loss."""

    decisions: int  # not forced
    accurate: int
    mean_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int

    @property
    def accuracy(self) -> float | None:
        """The share of choices that lost less than an inaccuracy (None: no choice to make)."""
        return self.accurate / self.decisions if self.decisions else None


def summary(decisions: Sequence[dict[str, Any]], unit: str | None = None) -> Summary:
    """The accuracy of `decisions`; the mean loss over those valued in `unit` (all when None:
    a MISHIMASH final round's chances do not add up with turns)."""
    chosen = [d for d in decisions if not d["forced"]]
    grades = [d["grade"] for d in chosen]
    measured = [d["loss"] for d in chosen if unit is None or d["unit"] == unit]
    mean = sum(measured) / len(measured) if measured else 0.0
    return Summary(
        decisions=len(chosen),
        accurate=grades.count(""),
        mean_loss=mean,
        inaccuracies=grades.count("inaccuracy"),
        mistakes=grades.count("mistake"),
        blunders=grades.count("blunder"),
    )
