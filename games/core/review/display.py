"""What the review page shows: each analysed decision in words, the accuracy of each seat, the
grades' thresholds and the chart, from a stored review (games.core.review.store). Presentation only:
the numbers come from games.coach.review."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.coach import review as analysis
from games.core import charts
from games.core.html import Html
from games.core.kinds import GameKind
from games.core.models import Game
from games.core.review import digest, replays
from games.core.review.models import DecisionPage, Review

# What a unit's values are, and how a value reads in it.
UNIT_NAMES: dict[str, Promise] = {
    "points": _("expected final score, in points"),
    "stone_points": _("expected final score, in points"),
    "turns": _("expected turns to bank the target (lower is better)"),
    "chance": _("chance to end the game ahead of every rival"),
    "turn_points": _("expected points of the turn (no table for this target)"),
}
CHART_TITLES: dict[str, Promise] = {
    "points": _("Expected final score, decision by decision"),
    "stone_points": _("Expected final score, decision by decision"),
    "turns": _("Expected number of turns for the whole game, decision by decision"),
    "turn_points": _("Expected score at the end of the turn, decision by decision"),
}
# How a solo game ended, in its chart's unit: the last point of the chart.
END_LABELS: dict[str, Promise] = {
    "points": _("Final score"),
    "stone_points": _("Final score"),
    "turns": _("Turns"),
}
FLAGGED_PER_PAGE = 20  # a phone's worth of pictures (digest.ROWS_PER_PAGE must be a multiple)
GRADE_LABELS: dict[str, Promise] = {
    "inaccuracy": _("Inaccuracy"),
    "mistake": _("Mistake"),
    "blunder": _("Blunder"),
}


def value_text(value: float, unit: str) -> str:
    """A value in its unit: "312.4 points", "63.12 turns", "54 %"."""
    if unit == "turns":
        return gettext("%(value)s turns") % {"value": f"{value:.2f}"}
    if unit == "chance":
        return f"{100 * value:.1f} %"
    if unit == "stone_points":
        return gettext("%(value)s points") % {"value": f"{value:.0f}"}
    return gettext("%(value)s points") % {"value": f"{value:.1f}"}


@dataclass(frozen=True)
class Row:
    """One decision as the page lists it."""

    number: int
    seat: str  # the player's name in a hot-seat game, else ""
    seen: str  # what the player saw: the turn, the roll, the stone
    player: Html
    player_value: str
    coach: Html
    coach_value: str
    same: bool  # the player chose as the coach did
    loss: str
    grade: str
    grade_label: str | Promise
    forced: bool
    replay_url: str
    picture: Any = None  # the kind's view model of its picture (GameKind.review_picture)
    retry_url: str = ""  # "Try again" from this position: a flagged decision only


@dataclass(frozen=True)
class SeatSummary:
    name: str
    summary: analysis.Summary
    accuracy: str  # "87 %", "" with no choice to make
    mean_loss: str
    unit: str


@dataclass(frozen=True)
class Threshold:
    unit: str | Promise
    inaccuracy: str
    mistake: str
    blunder: str


@dataclass(frozen=True)
class ReviewPage:
    total: int | None  # None until the worker has counted the decisions
    done: int
    rows: tuple[Row, ...]
    summaries: tuple[SeatSummary, ...]
    thresholds: tuple[Threshold, ...]
    chart: charts.Progression | None
    chart_title: str | Promise
    end_label: str | Promise
    hot_seat: bool
    players: tuple[str, ...]  # a hot-seat game's names, in seat order
    note: str | Promise  # why the grades' thresholds are where they are (GameKind.review_note)
    page_number: int = 1
    pages: int = 1
    picture_template: str = ""  # the kind's partial that draws a Row's picture
    flagged_count: int = 0
    all_count: int = 0

    @property
    def finished(self) -> bool:
        return self.total is not None and self.done >= self.total

    @property
    def percent(self) -> int:
        if self.total is None:
            return 0
        return 100 * self.done // self.total if self.total else 100


def page(
    game: Game, review: Review, *, flagged_only: bool = False, page_number: int = 1
) -> ReviewPage:
    """The page from the stored review: its progress while analysed; once done its digest and
    one page of decisions (never the whole list, however long the game)."""
    kind = game.kind
    options = kind.options_from_dict(game.options)
    names = tuple(getattr(options, "players", ()))
    hot_seat = len(names) > 1
    figures = review.digest if review.is_done else None
    if figures is None:
        return ReviewPage(
            total=review.total,
            done=review.analysed,
            rows=(),
            summaries=(),
            thresholds=(),
            chart=None,
            chart_title="",
            end_label="",
            hot_seat=hot_seat,
            players=names if hot_seat else (),
            note=kind.review_note,
        )
    # The flagged decisions, each with its picture, are shown FLAGGED_PER_PAGE at a time: a
    # slice of the one stored page (digest.ROWS_PER_PAGE rows) that holds them.
    shown = min(FLAGGED_PER_PAGE, digest.ROWS_PER_PAGE) if flagged_only else digest.ROWS_PER_PAGE
    listed = figures["listed"]["flagged" if flagged_only else "all"]
    pages = max(1, -(-listed // shown))
    page_number = max(1, min(page_number, pages))
    first = (page_number - 1) * shown  # of the listed decisions, from 0
    stored = (
        DecisionPage.objects.filter(
            review=review, flagged=flagged_only, number=first // digest.ROWS_PER_PAGE + 1
        )
        .values_list("rows", flat=True)
        .first()
    )
    start = first % digest.ROWS_PER_PAGE
    stored = (stored or [])[start : start + shown]
    replay = reverse("core:replay", args=[game.pk])
    stored = _with_positions(game, stored)
    rows = [_row(kind, game.pk, n, d, names if hot_seat else (), replay) for n, d in stored]
    summaries = []
    for seat in figures["summaries"]:
        unit = seat["unit"]
        found = analysis.Summary(**{k: v for k, v in seat.items() if k not in ("seat", "unit")})
        summaries.append(
            SeatSummary(
                name=_name(names, seat["seat"]) if hot_seat else "",
                summary=found,
                accuracy="" if found.accuracy is None else f"{100 * found.accuracy:.0f} %",
                mean_loss=value_text(found.mean_loss, unit) if found.decisions else "",
                unit=unit,
            )
        )
    scale = kind.coach.grades  # one scale for every game: shares of its expected result
    thresholds = (
        Threshold(
            _("share of the game's expected result given up"),
            *(f"{100 * share:.0f} %" for share in (scale.inaccuracy, scale.mistake, scale.blunder)),
        ),
    )
    main = figures["main"]
    points = [(n, value, seat, grade) for n, value, seat, grade in figures["points"]]
    labels = {seat: _name(names, seat) for seat in figures["seats"]} if hot_seat else {}
    end = None if hot_seat else _end(game, main)
    return ReviewPage(
        total=review.total,
        done=review.analysed,
        rows=tuple(rows),
        summaries=tuple(summaries),
        thresholds=thresholds,
        chart=charts.progression(points, labels, end),
        chart_title=CHART_TITLES.get(main, ""),
        end_label=END_LABELS.get(main, ""),
        hot_seat=hot_seat,
        players=names if hot_seat else (),
        note=kind.review_note,
        page_number=page_number,
        pages=pages,
        picture_template=kind.review_picture_template,
        flagged_count=figures["listed"]["flagged"],
        all_count=figures["listed"]["all"],
    )


def _with_positions(game: Game, rows: list[list[Any]]) -> list[list[Any]]:
    """The rows, each flagged one with what its picture needs of the position: stored by the
    worker since pictures exist; for a review stored before, rebuilt from the replay's nearest
    checkpoint (replays.state_at), for at most FLAGGED_PER_PAGE rows a page."""
    kind = game.kind
    if not kind.review_picture_template:
        return rows
    budget = FLAGGED_PER_PAGE
    found = []
    for number, d in rows:
        if d["grade"] and "position" not in d and budget:
            budget -= 1
            try:
                d = {**d, "position": kind.review_position(replays.state_at(game, d["step"]))}
            except replays.NotPrepared:
                pass
        found.append([number, d])
    return found


def _end(game: Game, unit: str) -> float | None:
    """A finished solo game's result in the chart's unit: its score, or its turns."""
    if unit not in END_LABELS or game.status != Game.Status.FINISHED:
        return None
    kind = game.kind
    result = kind.result(kind.load_state(game.snapshot), kind.options_from_dict(game.options))
    if result is None:
        return None
    if unit == "turns":
        return None if result.turns is None else float(result.turns)
    return float(result.score)


def _name(names: tuple[str, ...], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def _row(
    kind: GameKind,
    game_id: int,
    number: int,
    d: dict[str, Any],
    names: tuple[str, ...],
    replay: str,
) -> Row:
    unit = d["unit"]
    context = d["context"]
    return Row(
        number=number,
        seat=_name(names, d["seat"]) if names else "",
        seen=kind.review_seen(context),
        player=kind.review_choice(d["player"], context),
        player_value=value_text(d["player_value"], unit),
        coach=kind.review_choice(d["coach"], context),
        coach_value=value_text(d["best_value"], unit),
        same=d["same"],
        loss=value_text(d["loss"], unit),
        grade=d["grade"],
        grade_label=GRADE_LABELS.get(d["grade"], ""),
        forced=d["forced"],
        replay_url=f"{replay}?step={d['step']}",
        picture=kind.review_picture(d) if d["grade"] else None,
        retry_url=(
            reverse("core:retry", args=[game_id, number])
            if d["grade"] and kind.retry_template
            else ""
        ),
    )
