"""The coaches' one contract (games.coach): each game's COACH answers a state with one Advice,
its alternatives ranked best first by their values with the advice first, and raises
NoDecision where there is nothing to decide."""

from __future__ import annotations

import random

import pytest

from games.coach import Advice, GameCoach, NoDecision
from games.coach import ishido as ishido_coach
from games.coach import magdagdon as magdagdon_coach
from games.coach import mishimash as mishimash_coach
from games.rules import IllegalMove, ishido, magdagdon, mishimash

COACHES: list[tuple[GameCoach, object]] = [
    (magdagdon_coach.COACH, magdagdon.Options(magdagdon.Difficulty.SURVIVAL)),
    (mishimash_coach.COACH, mishimash.Options(("Ada",), 500)),
    (ishido_coach.COACH, ishido.Options()),
]


def played(coach: GameCoach, options: object, seed: int, steps: int) -> list[object]:
    """The states of a seeded game played at random, up to `steps` actions."""
    rules, rng, pick = coach.rules, random.Random(seed), random.Random(seed + 1)
    state = rules.new_game(options, rng)
    states = [state]
    while not state.is_finished and len(states) < steps:
        state = rules.apply(state, pick.choice(rules.legal_actions(state)), rng)
        states.append(state)
    return states


@pytest.mark.parametrize(("coach", "options"), COACHES, ids=["magdagdon", "mishimash", "ishido"])
def test_every_advice_is_one_legal_action_with_its_ranked_alternatives(coach, options):
    for state in played(coach, options, 3, 12):
        if state.is_finished:
            continue
        advice = coach.advise(state)
        assert isinstance(advice, Advice)
        assert advice.action in coach.rules.legal_actions(state)
        assert advice.unit in ("points", "stone_points", "turns", "chance", "turn_points")
        values = [value for _, value in advice.alternatives]
        assert values[0] == advice.value
        assert values == sorted(values, reverse=not advice.lower_is_better)


def finished(coach: GameCoach, options: object) -> object:
    rules, rng, pick = coach.rules, random.Random(9), random.Random(10)
    state = rules.new_game(options, rng)
    while not state.is_finished:
        state = rules.apply(state, pick.choice(rules.legal_actions(state)), rng)
    return state


@pytest.mark.parametrize(("coach", "options"), COACHES, ids=["magdagdon", "mishimash", "ishido"])
def test_a_finished_game_has_no_decision_to_advise(coach, options):
    with pytest.raises(NoDecision) as raised:
        coach.advise(finished(coach, options))
    assert isinstance(raised.value, IllegalMove) and isinstance(raised.value, ValueError)
