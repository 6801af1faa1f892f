"""The puzzle pages: the room (the player's rating, the day's puzzle, a rated puzzle or a
streak), and one puzzle, shown on the game's usual board (GameKind.puzzle_template, whose own
GET forms build the choice, replayed through the rules at each request: GameKind.puzzle_board)
or on its retry board (GameKind.retry_template), and answered by a plain POST (htmx swaps
`#puzzle`). The page never names the source game's player nor links
their game until the puzzle is answered. An answer runs the coach's analysis of one position
(kept in the cache, as a retry's), is counted per visitor (settings.PUZZLE_LIMITS, else 429),
and writes one attempt (games.core.puzzles.attempts); the source game never changes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from games.core.clock import today
from games.core.play.moves import see_other
from games.core.play.response import HtmxHttpRequest
from games.core.players import ensure_player, get_player
from games.core.puzzles import attempts, serving
from games.core.puzzles.mining import SOLVED_SHARE
from games.core.puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from games.core.retry.attempt import analysed, answer, kept, played
from games.core.review.display import value_text
from games.core.review.replays import NotPrepared, state_at
from games.core.security import address_per_minute
from games.rules import IllegalMove

MODES = ("rated", "streak", "daily")
TOO_MANY = _(
    "Too many answers from your address in a minute (at most %(limit)d). Nothing was counted; "
    "please try again in %(seconds)d seconds."
)


def mode_of(data: Any) -> str:
    found = str(data.get("mode", ""))
    return found if found in MODES else "rated"


@require_GET
def room(request: HttpRequest) -> HttpResponse:
    player = get_player(request)
    row = PuzzleRating.objects.filter(player=player).first() if player is not None else None
    context = {
        "rating": serving.rating_of(player),
        "row": row,
        "daily": serving.daily(today()),
        "count": _count(),
    }
    return render(request, "puzzles/room.html", context)


def _count() -> int:
    """The number of puzzles served, counted once a minute (a count reads every row)."""
    found = cache.get("puzzles:count")
    if found is None:
        found = Puzzle.objects.filter(hidden=False).count()
        cache.set("puzzles:count", found, 60)
    return int(found)


@require_GET
def next_puzzle(request: HttpRequest) -> HttpResponse:
    """Go to the unanswered puzzle nearest the player's rating (in the mode asked)."""
    player = get_player(request)
    mode = mode_of(request.GET)
    skip = request.GET.get("after", "")
    found = serving.near(
        serving.rating_of(player).rating, player, int(skip) if skip.isdigit() else None
    )
    if found is None:
        return render(request, "puzzles/none_left.html", status=404)
    url = reverse("core:puzzle", args=[found])
    return see_other(url + ("?mode=streak" if mode == "streak" else ""))


@require_GET
def daily_puzzle(request: HttpRequest) -> HttpResponse:
    found = serving.daily(today())
    if found is None:
        return render(request, "puzzles/none_left.html", status=404)
    return see_other(reverse("core:puzzle", args=[found.pk]) + "?mode=daily")


@require_http_methods(["GET", "POST"])
def puzzle(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    found = get_object_or_404(Puzzle.objects.select_related("game"), pk=puzzle_id, hidden=False)
    game, kind = found.game, found.game.kind
    try:
        state = state_at(game, found.step)
    except NotPrepared as missing:
        raise Http404("the puzzle's game is being prepared") from missing
    player = get_player(request)
    earlier = (
        PuzzleAttempt.objects.filter(player=player, puzzle=found).first()
        if player is not None
        else None
    )
    data = request.POST if request.method == "POST" else request.GET
    mode = mode_of(data)
    position, refused = kind.puzzle_board(state, data)
    context: dict[str, Any] = {
        "puzzle": found,
        "kind": kind,
        "mode": mode,
        "seen": kind.review_seen(found.decision["context"]),
        "position": position,
        "rating": serving.rating_of(player),
        "earlier": earlier,
        "streaks": (
            PuzzleRating.objects.filter(player=player).first()
            if player is not None and mode == "streak"
            else None
        ),
        "answer": None,
        "counted": None,
        "error": kind.refusal_text(refused) if refused is not None else "",
    }
    status = 400 if refused is not None else 200
    if request.method == "POST":
        status = _answer(request, found, state, context)
    template = "puzzles/puzzle.html#puzzle" if request.htmx else "puzzles/puzzle.html"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    if status == 429:
        response["Retry-After"] = context["retry_after"]
    return response


def _answer(request: HtmxHttpRequest, found: Puzzle, state: Any, context: dict[str, Any]) -> int:
    """Read, check, value and count the answer into `context`; the answer's status."""
    game, kind = found.game, found.game.kind
    try:
        actions = kind.puzzle_actions(state, request.POST)
        states = played(kind, game.pk, found.number, state, actions)
    except IllegalMove as error:
        context["error"] = kind.refusal_text(error)
        return 400
    limit = settings.PUZZLE_LIMITS["address"]
    if seconds := address_per_minute(request, "puzzle-address", limit):
        context["error"] = TOO_MANY % {"limit": limit, "seconds": seconds}
        context["retry_after"] = str(seconds)
        return 429
    analysis = kept(game.pk, found.number, actions)
    if analysis is None:
        analysis = analysed(kind, game.pk, found.number, states, actions)
    solved = bool(analysis["same"] or analysis["share"] < SOLVED_SHARE)
    player = ensure_player(request)
    choice = [action.to_dict() for action in actions]
    counted = attempts.record(player, found.pk, solved, context["mode"] == "streak", choice)
    unit = found.decision["unit"]
    context["margin"] = {
        "game": value_text(found.decision["loss"], unit),
        "next": value_text(found.runner_up["loss"], unit),
    }
    context["answer"] = answer(kind, analysis, found.decision, kind.review_position(state))
    context["solved"] = solved
    context["counted"] = counted
    context["rating"] = counted.after
    context["source"] = game
    return 200
