"""The review's grades on constructed games: the same deal played by the coach and by "the first
legal cell", graded on the one scale of every game (games.coach.review)."""

import random

from games.coach import ishido as ishido_coach
from games.coach import review
from games.rules import ishido

DECISIONS = 16  # the first placements of a game, reviewed (a whole game takes some 20 s)


def opening(deal: str, choose) -> list[dict]:
    """The first DECISIONS placements of `deal` played by `choose`, as the review grades them."""
    state = ishido.new_game(ishido.Options(), random.Random(deal))
    states, payloads = [state], []
    for _ in range(DECISIONS):
        action = choose(state)
        state = ishido.apply(state, action)
        states.append(state)
        payloads.append(action.to_dict())
    coach = ishido_coach.COACH
    return [coach.analyse(p, states, payloads) for p in coach.decision_points(states, payloads)]


def test_ishido_first_legal_cell_is_graded_clearly_worse_than_the_coach_on_the_same_deal():
    coached = opening("grades-deal", ishido_coach.HINT.advise)
    first = opening("grades-deal", lambda s: ishido.Place(min(s.legal_cells)))
    # the hint's own play is the review's reference: nothing lost, every choice accurate
    assert all(d["same"] and d["share"] == 0 for d in coached)
    assert review.summary(coached).accuracy == 1.0
    # the first legal cell gives up a clear share of the game in a few placements already,
    # each loss a share of the same whole game's expected score (the par)
    found = review.summary(first)
    assert found.lost >= 0.05 and found.accuracy <= 0.95
    assert found.mistakes + found.blunders >= 1
    assert all(d["share"] == round(d["loss"] / d["par"], 6) for d in first)
