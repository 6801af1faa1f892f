"""Storing a finished game's review: asked for by its page, analysed by the background worker a
step at a time, and kept.

Ishido's ~70 decisions cost up to a tenth of a second each, MISHIMASH's a fiftieth, and a long
game has thousands: never work for a request. The page only reads the stored row; the first
visit asks for the analysis (`request_review`: one per address and hour within
CREATION_LIMITS["review"], at most REVIEW_MAX_WAITING unfinished at once site-wide, else 429)
and queues `games.core.review.tasks.analyse_review` for the worker (Django's tasks framework,
django-tasks-db's `db_worker` beside each app server).

The worker replays the game once and runs `advance` until the review is done: each step takes
the row's lease (`busy_until`, by one compare-and-set UPDATE on `version`), analyses decisions
for about STEP_SECONDS and saves them with a second compare-and-set. Two workers on one review:
one holds the lease, the other leaves. At most REVIEW_MAX_RUNNING leases are held at once
site-wide; past that a worker comes back later. A worker killed mid-step (kill -9) loses only
that step: its lease runs out, and the page's next poll sees the stalled review and queues it
again, from the last saved decision. The decisions are deterministic, so a step redone gives
the same rows.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.coach import review as analysis
from games.core.models import Game
from games.core.review import digest
from games.core.review.models import DecisionPage, Review
from games.core.security import RateLimited, count_creation

STEP_SECONDS = 1.0  # analysis between two saves
LEASE_SECONDS = 6.0  # a step, its slowest decision and the write, with room to spare
# A review not done, without a live lease, untouched this long (settings.REVIEW_STALLED_SECONDS),
# whose task is not waiting in the queue: its worker died. The page's poll queues it again.
RETRY_SECONDS = 5  # when REVIEW_MAX_RUNNING analyses run already


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


# --- what a request does: read, or ask ---------------------------------------------------------
def request_review(game: Game, request: HttpRequest) -> Review:
    """The game's stored review, never computed here. A first visit queues its analysis: counted
    for the client's address (RateLimited past CREATION_LIMITS["review"] an hour) and refused
    while REVIEW_MAX_WAITING reviews wait site-wide (RateLimited too); nothing is written then."""
    found = Review.objects.filter(game=game).defer("decisions").first()
    if found is not None and found.format == analysis.FORMAT:
        if not found.is_done and not resume_if_stalled(found):
            hurry(found)
        return found
    with transaction.atomic():
        cap = settings.REVIEW_MAX_WAITING
        if Review.objects.filter(done_at__isnull=True).exclude(game=game).count() >= cap:
            raise RateLimited("review_waiting", cap, RETRY_SECONDS * 12)
        count_creation(request, "review")
        review = _open(game, found)
        if review is None:  # another request asked first: it queued the analysis
            return Review.objects.defer("decisions").get(game=game)
        queue(game.pk)  # in the same transaction: the row and its task are written together
    return review


def _open(game: Game, found: Review | None) -> Review | None:
    """The game's review row, new or reset from an older analysis (compare-and-set: of racing
    callers one opens it), waiting for its analysis; None when another caller opened it."""
    fresh: dict[str, Any] = {
        "format": analysis.FORMAT,
        "total": None,
        "decisions": [],
        "analysed": 0,
        "digest": None,
        "seconds": 0,
    }
    fresh |= {"done_at": None, "busy_until": None, "requested_at": timezone.now(), "task_id": ""}
    if found is None:
        try:
            with transaction.atomic():
                return Review.objects.create(game=game, **fresh)
        except IntegrityError:
            return None
    if not Review.objects.filter(game=game, version=found.version).update(
        version=F("version") + 1, **fresh
    ):
        return None
    DecisionPage.objects.filter(review=found).delete()
    return Review.objects.defer("decisions").get(game=game)


def queue(game_id: int, delay: int = 0) -> None:
    """Queue the worker's analysis of the game's review and note its task on the row."""
    from games.core.review.tasks import analyse_review

    task = analyse_review
    if delay:
        task = task.using(run_after=timezone.now() + timedelta(seconds=delay))
    result = task.enqueue(game_id)
    Review.objects.filter(game_id=game_id).update(task_id=str(result.id))


def resume_if_stalled(review: Review, now: Any = None) -> bool:
    """Queue the analysis again when its worker died mid-way (settings.REVIEW_STALLED_SECONDS);
    True if this request did (of racing polls, only the one whose compare-and-set matched)."""
    from django_tasks_db.models import DBTaskResult

    now = now or timezone.now()
    if review.busy_until is not None and review.busy_until > now:
        return False  # a worker is on it
    if review.updated_at > now - timedelta(seconds=settings.REVIEW_STALLED_SECONDS):
        return False
    task = DBTaskResult.objects.filter(id=review.task_id).first() if review.task_id else None
    if task is not None and task.status == "READY":
        return False  # waiting its turn in the queue
    with transaction.atomic():
        claimed = Review.objects.filter(pk=review.pk, version=review.version).update(
            version=F("version") + 1, requested_at=now, updated_at=now
        )
        if claimed:
            queue(review.game_id)
    return bool(claimed)


def _task_priority(review: Review) -> int:
    """The priority of the review's queued or running task; -1 (unasked) when it has none (the
    worker opened it and has not queued it again yet)."""
    from django_tasks_db.models import DBTaskResult

    if not review.task_id:
        return -1
    rows = DBTaskResult.objects.filter(id=review.task_id).values_list("priority", flat=True)
    found = rows.first()
    return -1 if found is None else int(found)


def hurry(review: Review) -> bool:
    """A player opened a review the worker analyses unasked, at a low priority (to mine its
    puzzles: games.core.puzzles.tasks): queue its analysis as a review asked for. True if this
    request did (of racing polls, only the one whose compare-and-set matched)."""
    from django_tasks_db.models import DBTaskResult

    task = DBTaskResult.objects.filter(id=review.task_id).first() if review.task_id else None
    if task is None or task.status != "READY" or task.priority >= 0:
        return False
    with transaction.atomic():
        claimed = Review.objects.filter(pk=review.pk, version=review.version).update(
            version=F("version") + 1, requested_at=timezone.now()
        )
        if claimed:
            queue(review.game_id)
    return bool(claimed)


# --- what the worker does -----------------------------------------------------------------------
def analyse(game_id: int) -> str:
    """The worker's task: replay the game once, then step until its review is done. Returns what
    happened ("done", "held": another worker has it, "full": queued again for later)."""
    outcome = analyse_steps(game_id)
    if outcome == "full":
        queue(game_id, delay=RETRY_SECONDS)
    return outcome


def analyse_steps(game_id: int, steps: int | None = None, seconds: float = STEP_SECONDS) -> str:
    """Replay the game once, then step its review until it is done ("done": its puzzles mined
    too), another worker has it ("held"), REVIEW_MAX_RUNNING others run ("full") or, when
    `steps` is given, that many steps (of about `seconds` each) were made ("more")."""
    from games.core.review.replays import replay_and_store

    game = Game.objects.get(pk=game_id)
    Review.objects.filter(game=game).update(updated_at=timezone.now())  # started: not stalled
    replayed = replay_and_store(game)  # the replay's checkpoints come with it
    made = 0
    while True:
        review, outcome = step(game, replayed, seconds)
        if review.is_done:
            from games.core.puzzles.mining import mine_game

            mine_game(game_id)  # a finished review may hold puzzles (games.core.puzzles)
            return "done"
        if outcome in ("full", "held"):
            return outcome
        made += 1
        if steps is not None and made >= steps:
            return "more"


def open_unasked(game: Game) -> str:
    """Open the review of a finished game nobody asked to review, for the worker to analyse
    and mine (games.core.puzzles.tasks): "open" (a row waits for the analysis), "done" (the
    current analysis is done: mined then), "asked" (a player asked for it: its own task
    analyses and mines it), "busy" (REVIEW_MAX_RUNNING reviews are unfinished: an analysis a
    player asks for is never kept waiting by one nobody asked for; try later) or "no" (a game
    not reviewed: not finished, a how-to-play, a daily challenge before its day is over)."""
    try:
        check_reviewable(game)
    except NotReviewable:
        return "no"
    if game.tutorial:
        return "no"
    found = Review.objects.filter(game=game).defer("decisions").first()
    if found is not None and found.format == analysis.FORMAT:
        if found.is_done:
            return "done"
        return "open" if _task_priority(found) < 0 else "asked"
    with transaction.atomic():
        unfinished = Review.objects.filter(done_at__isnull=True).exclude(game=game).count()
        if unfinished >= settings.REVIEW_MAX_RUNNING:
            return "busy"
        return "open" if _open(game, found) is not None else "busy"


def advance(
    game: Game, seconds: float = STEP_SECONDS, clock: Callable[[], float] = time.monotonic
) -> Review:
    """One step of the analysis (replaying the game for it): the review as stored after it."""
    return step(game, replay(game), seconds, clock)[0]


def step(
    game: Game,
    replayed: Replay,
    seconds: float = STEP_SECONDS,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[Review, str]:
    """Analyse further decisions for about `seconds` if no other worker is doing it and the
    site has room, save them, and return the review as stored with "stepped", "held" or
    "full"."""
    started = clock()
    states, payloads = replayed
    review = _review_of(game, replayed)
    if review.is_done:
        return review, "stepped"
    claimed = _claim(review)
    if claimed != "stepped":
        return review, claimed
    coach = game.kind.coach
    points = coach.decision_points(states, payloads)
    decisions = list(review.decisions)
    while len(decisions) < len(points):
        decisions.append(coach.analyse(points[len(decisions)], states, payloads))
        if clock() >= started + seconds:  # at least one decision a step, however slow
            break
    spent = clock() - started
    done = len(decisions) >= len(points)
    with transaction.atomic():  # the decisions, and once done their digest and pages, together
        changed = Review.objects.filter(pk=review.pk, version=review.version).update(
            decisions=decisions,
            analysed=len(decisions),
            digest=digest.digest(decisions) if done else None,
            total=len(points),
            version=review.version + 1,
            busy_until=None,
            seconds=review.seconds + spent,
            done_at=timezone.now() if done else None,
            updated_at=timezone.now(),
        )
        if changed and done:
            _store_pages(game, review, decisions, states)
    return (Review.objects.get(pk=review.pk) if changed else _review_of(game, replayed)), "stepped"


def _store_pages(
    game: Game, review: Review, decisions: list[dict[str, Any]], states: list[Any]
) -> None:
    """The decisions a page at a time; each flagged one with what its picture needs of the
    position before it (GameKind.review_position), so that the page draws it unreplayed."""
    kind = game.kind
    shown = [
        {**d, "position": kind.review_position(states[d["step"]])} if d["grade"] else d
        for d in decisions
    ]
    DecisionPage.objects.filter(review=review).delete()
    DecisionPage.objects.bulk_create(
        DecisionPage(review=review, flagged=flagged, number=number, rows=rows)
        for flagged, number, rows in digest.pages(shown)
    )


def _review_of(game: Game, replayed: Replay) -> Review:
    """The game's review row with its number of decisions counted (the worker's first job),
    created or restarted when missing or of an older format (as the page asks)."""
    found = Review.objects.filter(game=game).first()
    if found is not None and found.format == analysis.FORMAT and found.total is not None:
        return found
    states, payloads = replayed
    total = len(game.kind.coach.decision_points(states, payloads))
    if found is None:
        try:
            with transaction.atomic():
                return Review.objects.create(
                    game=game, format=analysis.FORMAT, total=total, **_done(total)
                )
        except IntegrityError:  # another worker created it first
            return Review.objects.get(game=game)
    fields: dict[str, Any] = {"total": total, "version": F("version") + 1, **_done(total)}
    if found.format != analysis.FORMAT:
        fields |= {"format": analysis.FORMAT, "decisions": [], "analysed": 0, "seconds": 0}
        DecisionPage.objects.filter(review=found).delete()
    Review.objects.filter(game=game, version=found.version).update(**fields)
    return Review.objects.get(game=game)


def _done(total: int) -> dict[str, Any]:
    """A game without a decision is reviewed as soon as counted."""
    if total:
        return {"done_at": None, "digest": None}
    return {"done_at": timezone.now(), "digest": digest.digest([])}


def _claim(review: Review) -> str:
    """Take the lease for one step: "stepped" for the one worker whose UPDATE matched, "held"
    when another worker has it, "full" when REVIEW_MAX_RUNNING others run already."""
    now = timezone.now()
    running = Review.objects.filter(busy_until__gte=now).exclude(pk=review.pk).count()
    if running >= settings.REVIEW_MAX_RUNNING:
        return "full"
    free = Q(busy_until__isnull=True) | Q(busy_until__lt=now)
    claimed = Review.objects.filter(free, pk=review.pk, version=review.version).update(
        busy_until=now + timedelta(seconds=LEASE_SECONDS), version=review.version + 1
    )
    if claimed:
        review.version += 1
        return "stepped"
    return "held"


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
