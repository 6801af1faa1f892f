"""The players the coach benchmarks compare against, per game: the coach, a careful greedy
player with exact odds, the first legal move, random legal play. Each is `player(state, pick)`
(`pick`, the random player's own generator) answering one rules action.

- MAGDAGDON greedy: one roll ahead with exact odds, no learned values. Each of the 16 boards
  the roll can confirm that score most now (or each RUIN of a MAGDAGDON) is valued by the exact
  average over the 126 next rolls of the best board the next roll can then make, its powers
  included at their penalties (`search.expected_value`, the coach's own exact machinery, with
  the plain score in place of the network: M18-M20, ruins -15, and each empty cell counted as
  an average die, 7 points, so that filling a cell with a 1 is no gain); a power only to escape
  a MAGDAGDON, when it beats the best RUIN. The first legal move: the first board the roll can
  confirm (`plan.reachable_boards`' order: the first dice on the first cells), else the RUIN on
  the first empty cell; random: a random one of those boards (a random RUIN); neither ever
  uses a power.
- MISHIMASH greedy: the points-maximising turn, exactly (the most expected points this turn,
  whatever the target); first legal: the rules' first action (BANK the first selection).
- Ishido greedy: the coach's fast policy's one-look judgement of each cell (4-ways first, then
  the holes it makes); first legal: the lowest legal cell.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

import numpy as np

from games.coach.ishido import HINT as ISHIDO_COACH
from games.coach.ishido.board import Position, kind_of
from games.coach.ishido.policy import judge, live_mask
from games.coach.magdagdon import plan as magdagdon_plan
from games.coach.magdagdon.boards import afterstates, cells_of, decode, encode, ruined
from games.coach.magdagdon.search import expected_value, power_values, required_for
from games.coach.magdagdon.value import Network
from games.coach.mishimash import policies as mishimash_coach
from games.rules import ishido, magdagdon, mishimash
from games.rules.magdagdon import PENALTIES, Difficulty

Player = Callable[[Any, random.Random], Any]
OPEN_CELL = 7.0  # what greedy play counts an empty cell worth: 2 x 3.5, an average die
GREEDY_CHECKED = 16  # the boards that score most now, valued one roll ahead


# --- MAGDAGDON -----------------------------------------------------------------------------------


@cache
def _plain(difficulty: Difficulty) -> Network:
    """The plain score, each empty cell counted as an average die: blank tables but for that,
    no exact endgame values (what greedy play sees)."""
    net = Network.blank(difficulty)
    net.exact_ends = False
    net.bias[:, :] = OPEN_CELL * np.arange(17)  # an empty cell: an average die, counted twice
    return net


@lru_cache(maxsize=4096)
def _greedy_turn(
    board: magdagdon.Board, roll: tuple[int, ...], difficulty: Difficulty, used: int
) -> tuple[str, Any]:
    """("board", board), ("ruin", cell) or ("power", power option) for the roll showing."""
    net = _plain(difficulty)
    left = len(PENALTIES[difficulty]) - used
    code = encode(board)
    _, codes = afterstates(code, np.array([roll], dtype=np.int8), required_for(code, difficulty))
    is_ruin = len(codes) == 0
    if is_ruin:
        codes = ruined(code)
    codes = np.unique(codes)
    scores = net.values(cells_of(codes), left)
    now = float(scores.max())  # the best board, one look
    codes = codes[np.argsort(-scores, kind="stable")[:GREEDY_CHECKED]]
    values = [expected_value(net, difficulty, int(c), left) for c in codes]
    best = int(np.argmax(values))
    powers = power_values(net, difficulty, code, roll, left) if is_ruin else {}
    if powers:
        option, worth = max(powers.items(), key=lambda item: item[1])
        if worth > now + 1e-9:
            return "power", option
    chosen = decode(int(codes[best]))
    if is_ruin:
        return "ruin", next(c for c in range(16) if board[c] != chosen[c])
    return "board", chosen


def magdagdon_greedy(state: magdagdon.State, pick: random.Random) -> Any:
    if state.phase == magdagdon.ROLLING:
        return magdagdon.Roll()
    used = len(state.powers_used)
    kind, found = _greedy_turn(state.board, state.roll, state.difficulty, used)
    if kind == "power":
        if state.staged:
            return magdagdon.Unstage(state.staged[-1][0])
        return magdagdon_plan._power_action(found)
    if kind == "ruin":
        return magdagdon.AcceptMagdagdon(found)
    staging = magdagdon_plan.staging_for(state.board, state.roll, found)
    return magdagdon_plan._next_staging_step(state, staging)


def _board_move(state: magdagdon.State, pick: random.Random | None) -> Any:
    """Toward the first (or, with `pick`, a random) board the roll can confirm, else the RUIN on
    the first (a random) empty cell; never a power."""
    if state.phase == magdagdon.ROLLING:
        return magdagdon.Roll()
    required = magdagdon.required_dice(state.board, state.difficulty)
    boards = list(magdagdon_plan.reachable_boards(state.board, state.roll, required))
    if not boards:
        empty = [c for c in range(16) if state.board[c] is None]
        return magdagdon.AcceptMagdagdon(pick.choice(empty) if pick else empty[0])
    board = pick.choice(boards) if pick else boards[0]
    staging = magdagdon_plan.staging_for(state.board, state.roll, board)
    return magdagdon_plan._next_staging_step(state, staging)


def magdagdon_first(state: magdagdon.State, pick: random.Random) -> Any:
    return _board_move(state, None)


def magdagdon_random(state: magdagdon.State, pick: random.Random) -> Any:
    """A random board of those the roll can confirm (a random RUIN), never a power: drawn from
    the turn (board and roll), so that every staging step of the turn goes to the same board."""
    return _board_move(state, random.Random(repr((state.board, state.roll, state.turns))))


# --- MISHIMASH -----------------------------------------------------------------------------------


def mishimash_greedy(state: mishimash.State, pick: random.Random) -> Any:
    moves = mishimash.legal_actions(state)
    if len(moves) == 1:
        return moves[0]
    values = mishimash_coach._values(state, mishimash_coach.MOST_POINTS, moves)
    return moves[int(np.argmax(values))]


def mishimash_first(state: mishimash.State, pick: random.Random) -> Any:
    return mishimash.legal_actions(state)[0]


def mishimash_random(state: mishimash.State, pick: random.Random) -> Any:
    return pick.choice(mishimash.legal_actions(state))


# --- Ishido --------------------------------------------------------------------------------------


def ishido_greedy(state: ishido.State, pick: random.Random) -> Any:
    kind = kind_of(state.pouch[0])
    rest = [kind_of(s) for s in state.pouch[1:]]
    live = live_mask([rest.count(k) for k in range(36)])
    position = Position.from_board(state.board, state.four_ways, state.score)
    cells = sorted(state.legal_cells)
    return ishido.Place(max(cells, key=lambda c: (judge(position, c, kind, live), -c)))


def ishido_first(state: ishido.State, pick: random.Random) -> Any:
    return ishido.Place(min(state.legal_cells))


def ishido_random(state: ishido.State, pick: random.Random) -> Any:
    return ishido.Place(pick.choice(sorted(state.legal_cells)))


PLAYERS: dict[str, dict[str, Player]] = {
    "magdagdon": {
        "coach": lambda s, p: magdagdon_plan.advise(s),
        "greedy": magdagdon_greedy,
        "first legal": magdagdon_first,
        "random": magdagdon_random,
    },
    "mishimash": {
        "coach": lambda s, p: mishimash_coach.advise(s),
        "greedy": mishimash_greedy,
        "first legal": mishimash_first,
        "random": mishimash_random,
    },
    "ishido": {
        "coach": lambda s, p: ISHIDO_COACH.advise(s),
        "greedy": ishido_greedy,
        "first legal": ishido_first,
        "random": ishido_random,
    },
}
