"""Daily challenge pages: today's start (or resume), a day's board, practice replays of past
days, and the archive with the coming days' fingerprints. Every form is a plain POST. Today's
page, the day's board and the end screen state who ranks (games.core.daily.challenges)."""

from datetime import date

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core import clock
from games.core.daily import challenges as daily
from games.core.kinds import all_kinds
from games.core.leaderboards import standing
from games.core.play.moves import form_message, see_other
from games.core.players import get_player
from games.core.views import kind_or_404

BAD_DAY_MESSAGE = _("The form did not say which day to play; reload the page.")
NOT_TODAY_MESSAGE = _(
    "Only today's challenge (daily #%(number)d, %(day)s UTC) can be played for the ranking. "
    "Past days can be replayed unranked from the archive; later days open on their day."
)
NOT_OVER_MESSAGE = _(
    "A day's challenge can be replayed once that day is over (midnight UTC): until then its "
    "deal stays secret."
)


class DayForm(forms.Form):
    day = forms.DateField(
        input_formats=["%Y-%m-%d"],
        widget=forms.HiddenInput,
        error_messages={"required": BAD_DAY_MESSAGE, "invalid": BAD_DAY_MESSAGE},
    )


@require_http_methods(["GET", "POST"])
def today(request: HttpRequest, kind: str) -> HttpResponse:
    """GET: resume the visitor's attempt at today's challenge, or offer to start it.
    POST (the day, which must be today): start it, or resume it; it ranks when the visitor's
    nickname was secured before the day began, and the page tells them which."""
    game_kind = kind_or_404(kind)
    found = daily.challenge(game_kind)
    error = ""
    if request.method == "POST":
        form = DayForm(request.POST)
        if form.is_valid():
            try:
                game = daily.start_attempt(request, game_kind, form.cleaned_data["day"])
                return see_other(game.get_absolute_url())
            except daily.NotToday:
                error = NOT_TODAY_MESSAGE % {"number": found.number, "day": found.day.isoformat()}
        else:
            error = form_message(form)
    elif started := daily.attempt(get_player(request), game_kind, found.day):
        return see_other(started.get_absolute_url())
    ranks = daily.ranks(get_player(request), found.day)
    context = {"kind": game_kind, "challenge": found, "error": error, "ranks": ranks}
    return render(request, "daily/today.html", context, status=400 if error else 200)


@require_GET
def leaderboard(request: HttpRequest, kind: str, day: date) -> HttpResponse:
    return _board(request, kind, day)


def _board(request: HttpRequest, kind: str, day: date, error: str = "") -> HttpResponse:
    """A day's board: rank, score and the game's own tie-breaks, the visitor's own rank (or,
    for an unranked attempt, where it would have placed); once the day is over its seed and a
    practice replay."""
    game_kind = kind_or_404(kind)
    found = daily.Challenge(game_kind, day)
    if not found.exists:
        raise Http404("No daily challenge that day.")
    # A day's board holds one ranked attempt per player: every result is already a player's best.
    board = standing(request, game_kind, found.board_key, every=True)
    attempt = daily.attempt(get_player(request), game_kind, day)
    mine = board.mine or daily.would_be(attempt)
    context = {
        "kind": game_kind,
        "challenge": found,
        "attempt": attempt,  # the visitor's own, if started: today's page offers no new start
        "rows": board.rows,
        "mine": mine,
        "unranked": board.mine is None and mine is not None,
        "total": board.total,
        "error": error,
    }
    return render(request, "daily/leaderboard.html", context, status=400 if error else 200)


@require_POST
def practice(request: HttpRequest, kind: str, day: date) -> HttpResponse:
    """Replay a past day's deal, unranked; refused while the day runs (or before it)."""
    game_kind = kind_or_404(kind)
    try:
        game = daily.start_practice(request, game_kind, day)
    except daily.NotOver:
        if day < daily.FIRST_DAY:
            raise Http404("No daily challenge that day.") from None
        return _board(request, kind, day, error=str(NOT_OVER_MESSAGE))
    return see_other(game.get_absolute_url())


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    """Today's boards, then the past days (boards, revealed seeds, practice: what can be
    played), then the coming days' fingerprints, folded away (fourteen days of them would
    fill a phone's screen four times over before the first playable day)."""
    coming = daily.coming_days()
    context = {
        "kinds": all_kinds(),
        "coming": coming,
        "coming_count": sum(day != clock.today() for day, _number, _found in coming),
        "past": daily.past_days(),
        "today": clock.today(),
    }
    return render(request, "daily/archive.html", context)
