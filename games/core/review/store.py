"""Storing a finished game's review: computed when first opened, a step at a time, and kept.

Ishido's ~70 decisions cost up to a tenth of a second each, MISHIMASH's ~250 a fiftieth: too
much for one request. So each GET of the review page (or its poll) runs `advance`: it takes the
row's lease (`busy_until`, by one compare-and-set UPDATE on `version`), analyses further
decisions for about `STEP_SECONDS`, and saves them with a second compare-and-set. Two tabs or two
app servers polling at once: one holds the lease, the others only read. A request killed
mid-step loses only its step: the lease runs out after `LEASE_SECONDS` and the next poll goes on
from the last saved decision. The decisions are deterministic, so a step redone gives the same
rows. Nothing here runs on a move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.coach import review as analysis
from games.core.models import Game
from games.core.review.models import Review

STEP_SECONDS = 1.0  # analysis per request; the page polls again until it is done
LEASE_SECONDS = 6.0  # a step, its slowest decision and the write, with room to spare


class NotReviewable(Exception):
    """The game cannot be reviewed (yet): `message` says why, in the player's words."""

    def __init__(self, message: str | Promise) -> None:
        super().__init__(str(message))
        self.message = message


Replay = tuple[list[Any], list[dict[str, Any]]]


def replay(game: Game) -> Replay:
    """Every state before each action (and the last), and every action's stored dict."""
    payloads = list(game.actions.order_by("number").values_list("payload", flat=True))
    return list(game.replay_states()), payloads


def review_of(game: Game, replayed: Replay | None = None) -> Review:
    """The game's review row, created (with its number of decisions) on first sight."""
    found = Review.objects.filter(game=game).first()
    if found is not None and found.format == analysis.FORMAT:
        return found
    states, payloads = replayed or replay(game)
    total = len(game.kind.coach.decision_points(states, payloads))
    if found is None:
        try:
            with transaction.atomic():
                return Review.objects.create(game=game, format=analysis.FORMAT, total=total)
        except IntegrityError:  # another request created it first
            return Review.objects.get(game=game)
    # An older analysis: start again (a compare-and-set, so only one request resets it).
    Review.objects.filter(game=game, version=found.version).update(
        format=analysis.FORMAT, total=total, decisions=[], version=F("version") + 1, seconds=0
    )
    return Review.objects.get(game=game)


def advance(
    game: Game, seconds: float = STEP_SECONDS, clock: Callable[[], float] = time.monotonic
) -> Review:
    """Analyse further decisions for about `seconds` if no other request is doing it, save
    them, and return the review as stored."""
    started = clock()
    states, payloads = replayed = replay(game)
    review = review_of(game, replayed)
    if review.is_done or not _claim(review):
        return review
    coach = game.kind.coach
    points = coach.decision_points(states, payloads)
    decisions = list(review.decisions)
    while len(decisions) < len(points):
        decisions.append(coach.analyse(points[len(decisions)], states, payloads))
        if clock() >= started + seconds:  # at least one decision a step, however slow
            break
    spent = clock() - started
    changed = Review.objects.filter(pk=review.pk, version=review.version).update(
        decisions=decisions,
        total=len(points),
        version=review.version + 1,
        busy_until=None,
        seconds=review.seconds + spent,
    )
    return Review.objects.get(pk=review.pk) if changed else review_of(game, replayed)


def _claim(review: Review) -> bool:
    """Take the lease for one step: True for the one request whose UPDATE matched."""
    now = timezone.now()
    free = Q(busy_until__isnull=True) | Q(busy_until__lt=now)
    claimed = Review.objects.filter(free, pk=review.pk, version=review.version).update(
        busy_until=now + timedelta(seconds=LEASE_SECONDS), version=review.version + 1
    )
    if claimed:
        review.version += 1
    return bool(claimed)


def check_reviewable(game: Game) -> None:
    """NotReviewable unless the game is finished and its seed public (as for its replay)."""
    if game.status == Game.Status.ACTIVE:
        raise NotReviewable(_("This game is still being played: it can be reviewed once it ends."))
    if game.status != Game.Status.FINISHED:
        raise NotReviewable(
            _("This game was abandoned before its end: only finished games are reviewed.")
        )
    if not game.seed_revealed:
        raise NotReviewable(_("A daily challenge is reviewed once its day is over."))
