"""Mining puzzles from finished games' reviews: off the request path, in the background worker
(the review's task mines its game once the review is done: games.core.review.store.analyse) or
by `manage.py rebuild_puzzles` (in the command, or `--queue`d to the worker a task per game:
games.core.puzzles.tasks).

A decision of a finished review becomes a puzzle when it has one answer a thoughtful player can
find: the choice played gave up at least PLAYED_SHARE of the game's par (the review's mistake,
games.coach.review.GRADES) and the best choice other than the coach's (GameKind.
puzzle_runner_up, from the coach's own ranking) gives up at least RUNNER_UP_SHARE, both read
from the review's analysis (`GameCoach.analyse`: the calibrated values, the expected final
result if the coach plays on). An answer within SOLVED_SHARE of the coach's choice solves it,
so the runner-up is always at least one more inaccuracy away. Every value is the coach's
deterministic analysis of the visible position, so mining a game again finds the same puzzles.

The thresholds, measured by benchmarks/puzzles.py over finished games of simple players (the
review's tests' players, tests/support/finished.py: random MAGDAGDON stagings, MISHIMASH banking
at 30, random Ishido cells): PLAYED_SHARE is the review's mistake, so a puzzle shows a choice the
review flags as a mistake or a blunder. Where the runner-up falls at those candidates decides
RUNNER_UP_SHARE: MAGDAGDON's is a median 0.3 % of par away (59 of 72 candidates under 2 %: the
coach's best and second-best boards are a median 2.2 points apart, about 0.6 %), so most of its
candidates have two near-equal answers and are dropped; MISHIMASH's exact tables put it a median
4.4 % away (1 of 30 under 2 %); Ishido's is 0 in 5 of 9 (the review's 64 shared futures cannot
tell the two best cells apart: nothing charged), so those go too. Over 1,000 such games (48 %
MAGDAGDON, 48 % MISHIMASH, 4 % Ishido) 2,880, 1,200 and 217 candidates made 520, 1,160 and 69
puzzles. An answer within SOLVED_SHARE (an inaccuracy) solves it: every other choice is at least
two inaccuracies away."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games.coach import DecisionPoint
from games.coach import review as analysis
from games.core.kinds import GameKind
from games.core.models import Game
from games.core.puzzles.models import Puzzle
from games.core.review.models import Review
from games.core.review.replays import replay_and_store

PLAYED_SHARE = 0.03  # the review's mistake: what the choice played gave up, at least
RUNNER_UP_SHARE = 0.02  # what the best other choice gives up, at least (two inaccuracies)
SOLVED_SHARE = 0.01  # an answer within an inaccuracy of the coach's choice solves the puzzle


@dataclass(frozen=True)
class Found:
    """A decision that makes a puzzle: its number in the review, and both analyses."""

    number: int
    decision: dict[str, Any]
    runner_up: dict[str, Any]


def mineable(game: Game) -> Review | None:
    """The game's finished review of the current analysis, when the game can give puzzles
    (finished, not a how-to-play, its player not banned, its kind offering a retry board)."""
    if game.status != Game.Status.FINISHED or game.tutorial or game.player.banned:
        return None
    if not game.kind.retry_template:
        return None
    return Review.objects.filter(game=game, format=analysis.FORMAT, done_at__isnull=False).first()


def candidates(decisions: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """The decisions (numbered from 1) whose choice played gave up at least PLAYED_SHARE."""
    return [
        (number, d)
        for number, d in enumerate(decisions, 1)
        if not d["forced"] and not d["same"] and d["share"] >= PLAYED_SHARE
    ]


def runner_up(kind: GameKind, game_id: int, number: int, state: Any) -> dict[str, Any] | None:
    """The review's analysis of the best choice other than the coach's from `state` (None: no
    other choice): its `share` is what it gives up."""
    actions = kind.puzzle_runner_up(state, kind.coach.advise(state))
    if not actions:
        return None
    rng = random.Random(f"puzzle|{game_id}|{number}")  # never the game's: nothing to reveal
    states = [state]
    for action in actions:
        states.append(kind.apply(states[-1], action, rng))
    payloads = [action.to_dict() for action in actions]
    return kind.coach.analyse(DecisionPoint(0, len(actions) - 1), states, payloads)


def mine(game: Game, review: Review) -> list[Found]:
    """The game's puzzles, in decision order (the coach's work: never on a request)."""
    picked = candidates(review.decisions)
    if not picked:
        return []
    states, _payloads = replay_and_store(game)  # the puzzle page starts from its checkpoints
    kind = game.kind
    found = []
    for number, decision in picked:
        other = runner_up(kind, game.pk, number, states[decision["step"]])
        if other is None or other["same"] or other["share"] < RUNNER_UP_SHARE:
            continue
        found.append(Found(number, decision, other))
    return found


def store(game: Game, found: list[Found]) -> int:
    """Keep the game's puzzles: new ones added, those already stored left as they are (their
    ratings and attempts), those no longer found removed unless attempted. The number kept."""
    with transaction.atomic():
        keep = [f.number for f in found]
        gone = Puzzle.objects.filter(game=game, puzzle_attempts__isnull=True)
        gone.exclude(number__in=keep).delete()
        Puzzle.objects.bulk_create(
            [
                Puzzle(
                    game=game,
                    kind_key=game.kind_key,
                    number=f.number,
                    step=f.decision["step"],
                    decision=f.decision,
                    runner_up=f.runner_up,
                    played_share=f.decision["share"],
                    runner_up_share=f.runner_up["share"],
                )
                for f in found
            ],
            ignore_conflicts=True,
        )
    return len(found)


def mine_game(game_id: int) -> int:
    """The worker's task and the rebuild's step: mine one game and keep its puzzles."""
    game = Game.objects.select_related("player").get(pk=game_id)
    review = mineable(game)
    if review is None:
        return 0
    return store(game, mine(game, review))


def reviewed_games() -> list[int]:
    """Every game with a finished review of the current analysis, oldest first."""
    done = Review.objects.filter(format=analysis.FORMAT, done_at__isnull=False)
    return list(done.order_by("game_id").values_list("game_id", flat=True))
