"""A finished game's replay without replaying the whole game per request.

Every CHECKPOINT_EVERY-th move stores the game's state and dice (games.core.models.Checkpoint);
for a game played before checkpoints existed, the background worker (games.core.review.tasks)
replays it once and stores them. A replay page at step s starts
from the checkpoint at or before s (or from the seed, below the first one) and applies at most
CHECKPOINT_EVERY - 1 actions; its list of moves shows one page of MOVES_PER_PAGE. So a page's
work and size are bounded whatever the game's length. A game shorter than CHECKPOINT_EVERY
actions needs no checkpoint at all.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.db.models import Max

from games.core.models import CHECKPOINT_EVERY, Action, Checkpoint, Game, pack_rng, unpack_rng

MOVES_PER_PAGE = 100


class NotPrepared(Exception):
    """The game is long and its checkpoints are not stored yet (the worker is on it)."""


@dataclass(frozen=True)
class Step:
    """What a replay page shows: the state at `step` of `last`, one page of the moves."""

    state: Any
    step: int
    last: int
    moves: tuple[tuple[int, Any], ...]  # (action number, its description), one page
    current_move: Any  # the description of the action that led to `step` ("" at 0)
    first_listed: int
    previous_page: int | None  # the step that opens the page before, or None
    next_page: int | None


def last_action(game: Game) -> int:
    found = game.actions.aggregate(last=Max("number"))["last"]
    return int(found or 0)


def needs_checkpoints(game: Game, last: int) -> bool:
    """Whether the game is long enough to need checkpoints and lacks its last one."""
    wanted = last // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    return wanted > 0 and not game.checkpoints.filter(number=wanted).exists()


def replay_and_store(game: Game) -> tuple[list[Any], list[dict[str, Any]]]:
    """Replay the whole game once (the worker's job), store its checkpoints, and return every
    state (the 0th the opening) and every action's stored dict."""
    kind = game.kind
    rng = random.Random(game.seed)
    state = kind.new_state(kind.options_from_dict(game.options), rng)
    states, payloads, checkpoints = [state], [], []
    for number, payload in game.actions.order_by("number").values_list("number", "payload"):
        state = kind.apply(state, kind.action_from_dict(payload), rng)
        states.append(state)
        payloads.append(payload)
        if number % CHECKPOINT_EVERY == 0:
            checkpoints.append(
                Checkpoint(
                    game=game,
                    number=number,
                    snapshot=kind.dump_state(state),
                    rng_state=pack_rng(rng),
                )
            )
    Checkpoint.objects.bulk_create(checkpoints, ignore_conflicts=True)  # a redone run: the same
    return states, payloads


def state_at(game: Game, step: int, last: int | None = None) -> Any:
    """The state before action `step` + 1 (after `step` actions), from the nearest checkpoint
    and at most CHECKPOINT_EVERY - 1 actions; NotPrepared when the game needs checkpoints
    not stored yet (`last`: the game's last action number, when known)."""
    kind = game.kind
    if needs_checkpoints(game, last_action(game) if last is None else last):
        raise NotPrepared
    start = step // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    if start:
        point = game.checkpoints.get(number=start)
        state, rng = kind.load_state(point.snapshot), unpack_rng(bytes(point.rng_state))
    else:
        rng = random.Random(game.seed)
        state = kind.new_state(kind.options_from_dict(game.options), rng)
    actions = Action.objects.filter(game=game, number__gt=start, number__lte=step)
    for payload in actions.order_by("number").values_list("payload", flat=True):
        state = kind.apply(state, kind.action_from_dict(payload), rng)
    return state


def step_of(game: Game, wanted: int | None) -> Step:
    """The replay page's step (the last one when `wanted` is None; clamped into the game), read
    from the nearest checkpoint; NotPrepared when the game needs checkpoints not stored yet."""
    kind = game.kind
    last = last_action(game)
    step = last if wanted is None else max(0, min(wanted, last))
    state = state_at(game, step, last)
    first = max(1, (max(step, 1) - 1) // MOVES_PER_PAGE * MOVES_PER_PAGE + 1)
    options = kind.options_from_dict(game.options)
    listed = Action.objects.filter(
        game=game, number__gte=first, number__lt=first + MOVES_PER_PAGE
    ).order_by("number")
    moves = tuple(
        (number, kind.describe_action_html(payload, options))
        for number, payload in listed.values_list("number", "payload")
    )
    current = next((text for number, text in moves if number == step), "")
    return Step(
        state=state,
        step=step,
        last=last,
        moves=moves,
        current_move=current,
        first_listed=first,
        previous_page=first - 1 if first > 1 else None,
        next_page=first + MOVES_PER_PAGE if first + MOVES_PER_PAGE <= last else None,
    )
