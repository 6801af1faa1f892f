"""Mining puzzles from finished games' reviews (games.core.puzzles.mining): a decision becomes a
puzzle when the choice played gave up a clear share of par and the best other choice gives up a
share too, so that the puzzle has one answer; the set is rebuilt the same every time, and
nothing of the source game changes."""

import pytest
from django.core.management import call_command

from games.coach.mishimash import policies
from games.coach.mishimash.review import choice_key, par_of
from games.core.kinds import get_kind
from games.core.models import Action, Game, Player
from games.core.puzzles import mining
from games.core.puzzles.models import Puzzle
from games.core.review import store as reviews
from games.rules import mishimash

pytestmark = pytest.mark.django_db

OPTIONS = mishimash.Options(("Ada",), 500)


def ranked(state):
    """The distinct choices (by meaning) with their shares of par lost, best first, read from
    the coach's exact tables (not through the review's analysis)."""
    policy = policies.policy(state)
    par = par_of(state, policy)
    values = policies.action_values(state)
    best = values[0][1]
    seen, choices = set(), []
    for action, value in values:
        key = choice_key(state, action)
        if key in seen:
            continue
        seen.add(key)
        lost = value - best if policy.lower_is_better else best - value
        choices.append((action, lost / par))
    return choices


def played_with_one_slip(slip, seed="mined"):
    """A MISHIMASH game played as the coach plays, but for the first decision where
    `slip(choices)` names another choice: that one is played instead. Returns the game and the
    number of the slipped decision (counted as the review counts decisions)."""
    game = Game.start(
        Player.objects.create(nickname="Miner"), get_kind("mishimash"), OPTIONS, seed=seed
    )
    number, slipped = 0, None
    while game.is_active:
        state = game.state
        moves = mishimash.legal_actions(state)
        if any(
            isinstance(a, mishimash.SelectAndBank | mishimash.SelectAndRollAgain) for a in moves
        ):
            number += 1
            choices = ranked(state)
            action = choices[0][0]
            if slipped is None and (other := slip(choices)) is not None:
                action, slipped = other, number
        else:
            action = moves[0]
        game.apply_action(action, game.version)
    assert slipped is not None
    return game, slipped


def reviewed(game):
    while not reviews.advance(game).is_done:
        pass
    return game


def clear_slip(choices):
    """A choice losing a mistake's share or more, where the runner-up is clearly worse too."""
    if len(choices) >= 3 and choices[1][1] >= 0.025:
        bad = [a for a, lost in choices[1:] if lost >= 0.05]
        return bad[0] if bad else None
    return None


def near_tie_slip(choices):
    """A bad choice where the two best choices are within half an inaccuracy of each other."""
    if len(choices) >= 3 and choices[1][1] <= 0.005:
        bad = [a for a, lost in choices[2:] if lost >= 0.05]
        return bad[0] if bad else None
    return None


def test_a_game_with_one_clear_slip_yields_exactly_that_puzzle():
    game, slipped = played_with_one_slip(clear_slip)
    before = (
        Game.objects.get(pk=game.pk).snapshot,
        list(Action.objects.filter(game=game).values_list("payload", flat=True)),
    )
    reviewed(game)
    assert mining.mine_game(game.pk) == 1
    puzzle = Puzzle.objects.get()
    assert (puzzle.game_id, puzzle.number, puzzle.kind_key) == (game.pk, slipped, "mishimash")
    assert puzzle.played_share >= mining.PLAYED_SHARE
    assert puzzle.runner_up_share >= mining.RUNNER_UP_SHARE
    coach = puzzle.decision["coach"][0]
    assert puzzle.runner_up["player"][0] != coach  # the runner-up is another choice
    assert puzzle.decision["player"] != puzzle.decision["coach"]
    after = (
        Game.objects.get(pk=game.pk).snapshot,
        list(Action.objects.filter(game=game).values_list("payload", flat=True)),
    )
    assert after == before  # nothing of the source game changes


def test_a_slip_where_two_best_choices_are_near_equal_yields_no_puzzle():
    game, slipped = played_with_one_slip(near_tie_slip)
    reviewed(game)
    review = mining.mineable(game)
    assert [n for n, _ in mining.candidates(review.decisions)] == [slipped]  # a clear mistake
    assert mining.mine_game(game.pk) == 0
    assert not Puzzle.objects.exists()


def test_the_rebuild_finds_the_same_puzzles_and_keeps_their_ratings():
    game, slipped = played_with_one_slip(clear_slip, seed="again")
    reviewed(game)
    call_command("rebuild_puzzles", verbosity=0)
    first = list(Puzzle.objects.values_list("game_id", "number", "decision", "runner_up"))
    Puzzle.objects.update(rating=1720.0)
    call_command("rebuild_puzzles", verbosity=0)
    assert list(Puzzle.objects.values_list("game_id", "number", "decision", "runner_up")) == first
    assert [n for _, n, _, _ in first] == [slipped]
    assert set(Puzzle.objects.values_list("rating", flat=True)) == {1720.0}


def test_the_worker_mines_a_review_once_it_is_done():
    from tests.support.tasks import run_worker

    game, slipped = played_with_one_slip(clear_slip, seed="worker")
    from games.core.review.tasks import analyse_review

    analyse_review.enqueue(game.pk)
    run_worker()
    assert list(Puzzle.objects.values_list("game_id", "number")) == [(game.pk, slipped)]
