"""The review's grades on constructed games: the same deal played by the coach, by a careful
greedy player and by "the first legal cell", graded on the one scale of every game
(games.coach.review)."""

import random
from functools import cache

from games.coach import ishido as ishido_coach
from games.coach import review
from games.coach.ishido.board import Position, kind_of
from games.coach.ishido.policy import judge, live_mask
from games.rules import ishido

DEAL = "deal-1"  # the first legal cell leaves 33 stones stuck here, at 20 points


def greedy(state: ishido.State) -> ishido.Place:
    """The fast policy's one look at every legal cell (benchmarks/baselines.py's greedy)."""
    kind = kind_of(state.pouch[0])
    rest = [kind_of(s) for s in state.pouch[1:]]
    live = live_mask([rest.count(k) for k in range(36)])
    position = Position.from_board(state.board, state.four_ways, state.score)
    cells = sorted(state.legal_cells)
    return ishido.Place(max(cells, key=lambda c: (judge(position, c, kind, live), -c)))


def first_legal(state: ishido.State) -> ishido.Place:
    return ishido.Place(min(state.legal_cells))


PLAYERS = {"coach": ishido_coach.HINT.advise, "greedy": greedy, "first legal": first_legal}


@cache
def reviewed(player: str) -> tuple[list[dict], int, int]:
    """`DEAL` played to its end by `player`: every decision as the review grades it, and the
    final score and the stones left unplaced."""
    state = ishido.new_game(ishido.Options(), random.Random(DEAL))
    states, payloads = [state], []
    while not state.is_finished:
        action = PLAYERS[player](state)
        state = ishido.apply(state, action)
        states.append(state)
        payloads.append(action.to_dict())
    coach = ishido_coach.COACH
    points = coach.decision_points(states, payloads)
    found = [review.graded(coach.analyse(p, states, payloads), p) for p in points]
    return found, state.final_score, state.stones_left


def test_the_coachs_own_game_loses_nothing():
    found, _final, _left = reviewed("coach")
    assert all(d["same"] and d["share"] == 0 for d in found)
    assert review.summary(found).accuracy == 1.0


def test_the_first_legal_cell_is_graded_clearly_worse_than_the_coach_and_the_greedy_player():
    first, first_final, _left = reviewed("first legal")
    greedy_game, greedy_final, _left = reviewed("greedy")
    assert greedy_final > 5 * first_final  # the greedy player really plays better here
    first_accuracy = review.summary(first).accuracy
    greedy_accuracy = review.summary(greedy_game).accuracy
    assert first_accuracy is not None and greedy_accuracy is not None
    assert first_accuracy <= 0.25
    assert greedy_accuracy >= first_accuracy + 0.05
    assert greedy_accuracy < 1.0
    # each loss a share of the same whole game's expected score (the par)
    assert all(d["share"] == round(d["loss"] / d["par"], 6) for d in first)


def test_a_collapse_is_charged_to_the_placements_that_caused_it():
    found, final, left = reviewed("first legal")
    assert final < 200 and left >= 15  # the board locked up with many stones still to place
    fall = found[0]["chart"] - final  # the chart's fall from the first placement to the end
    losses = sum(d["loss"] for d in found)
    assert fall > 0.5 * review_par(found)
    # the fall is charged to decisions: their losses add up to it, roughly
    assert 0.75 * fall <= losses <= 1.35 * fall
    summary = review.summary(found)
    assert summary.mistakes + summary.blunders >= 5


def review_par(found: list[dict]) -> float:
    return float(found[0]["par"])
