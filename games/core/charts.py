"""The geometry of the stats page's charts, drawn as SVG by templates on the server.

Pure numbers in, view models out: every coordinate is in the chart's own viewBox (WIDTH ×
HEIGHT), so the SVG scales with the page. Colours come from CSS classes (light and dark themes
through the site's custom properties); no style attributes (the Content-Security-Policy forbids
them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

WIDTH = 320
HEIGHT = 170
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 8, 26  # margins: room for the axes' labels
PLOT_WIDTH = WIDTH - LEFT - RIGHT
PLOT_HEIGHT = HEIGHT - TOP - BOTTOM


@dataclass(frozen=True)
class Tick:
    at: float  # x for the horizontal axis, y for the vertical one
    label: str


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    low: float  # the bin holds low <= score < high
    high: float
    count: int

    @property
    def low_label(self) -> str:
        return number_text(self.low)

    @property
    def high_label(self) -> str:
        return number_text(self.high)


@dataclass(frozen=True)
class Histogram:
    bars: tuple[Bar, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    baseline: int = HEIGHT - BOTTOM


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    when: datetime
    value: float

    @property
    def value_label(self) -> str:
        return number_text(self.value)


@dataclass(frozen=True)
class Timeline:
    points: tuple[Point, ...]
    path: str  # the SVG path through the points, oldest first
    dots: str  # one dot per point, as one path of round-capped zero-length strokes
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    baseline: int = HEIGHT - BOTTOM


def number_text(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e6 else f"{value:.0f}"


def nice_step(span: float, count: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) cutting `span` into about `count` parts.

    >>> nice_step(380, 8), nice_step(7, 8), nice_step(0, 8)
    (50, 1, 1)
    """
    if span <= 0:
        return 1
    raw = span / count
    magnitude: float = 10.0 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        if raw <= multiple * magnitude:
            step = multiple * magnitude
            return int(step) if step >= 1 else step
    return 10 * magnitude  # pragma: no cover - the loop always returns


def _y(value: float, top: float) -> float:
    return round(TOP + PLOT_HEIGHT * (1 - value / top), 1) if top else float(TOP + PLOT_HEIGHT)


def _value_ticks(top: float, count: int = 4) -> tuple[float, ...]:
    step = nice_step(top, count)
    return tuple(step * n for n in range(int(top // step) + 1))


def histogram(scores: Sequence[float], bins: int = 8) -> Histogram | None:
    """Bars of how many scores fall in each of about `bins` round-numbered ranges."""
    if not scores:
        return None
    low, high = min(scores), max(scores)
    step = nice_step(high - low, bins)
    start = math.floor(low / step) * step
    count = max(1, math.floor((high - start) / step) + 1)
    counts = [0] * count
    for score in scores:
        counts[min(count - 1, int((score - start) // step))] += 1
    top = max(counts)
    width = PLOT_WIDTH / count
    bars = tuple(
        Bar(
            x=round(LEFT + n * width + 1, 1),
            y=_y(c, top),
            width=round(max(width - 2, 1), 1),
            height=round(TOP + PLOT_HEIGHT - _y(c, top), 1),
            low=start + n * step,
            high=start + (n + 1) * step,
            count=c,
        )
        for n, c in enumerate(counts)
    )
    every = max(1, math.ceil(count / 5))  # at most about five labels fit under the bars
    x_ticks = tuple(
        Tick(round(LEFT + n * width, 1), number_text(start + n * step))
        for n in range(0, count + 1, every)
    )
    y_ticks = tuple(Tick(_y(v, top), number_text(v)) for v in _value_ticks(top))
    return Histogram(bars, x_ticks, y_ticks)


def timeline(scores: Sequence[tuple[datetime, float]]) -> Timeline | None:
    """The scores in the order they were made, one point each, spaced by time."""
    if not scores:
        return None
    first, last = scores[0][0], scores[-1][0]
    span = (last - first).total_seconds()
    low = min(0.0, min(value for _, value in scores))
    top = max(value for _, value in scores)
    ticks = _value_ticks(top - low) if top > low else (0.0,)

    def y(value: float) -> float:
        return _y(value - low, top - low)

    points = tuple(
        Point(
            x=round(LEFT + (PLOT_WIDTH * (when - first).total_seconds() / span if span else 0), 1),
            y=y(value),
            when=when,
            value=value,
        )
        for when, value in scores
    )
    path = "M" + " L".join(f"{p.x} {p.y}" for p in points)
    dots = " ".join(f"M{p.x} {p.y}h0" for p in points)
    x_ticks: tuple[Tick, ...] = (Tick(LEFT, f"{first:%Y-%m-%d}"),)
    if span:
        x_ticks += (Tick(LEFT + PLOT_WIDTH, f"{last:%Y-%m-%d}"),)
    y_ticks = tuple(Tick(y(low + v), number_text(low + v)) for v in ticks)
    return Timeline(points, path, dots, x_ticks, y_ticks)


MARKED = ("mistake", "blunder")  # inaccuracies would crowd a long game's line


@dataclass(frozen=True)
class Mark:
    """A flagged decision on a progression chart."""

    x: float
    y: float
    number: int  # the decision's number, from 1
    value: float
    grade: str  # "mistake" or "blunder"

    @property
    def value_label(self) -> str:
        return number_text(round(self.value, 2))


@dataclass(frozen=True)
class Series:
    key: int  # the seat, for its CSS class
    label: str
    path: str
    points: tuple[tuple[int, float], ...]  # (decision number, value), for the table

    @property
    def last_label(self) -> str:
        return number_text(round(self.points[-1][1], 2))


@dataclass(frozen=True)
class End:
    """How the game ended (its final score, its turns), one step after the last decision."""

    x: float
    y: float
    value: float
    path: str  # the dashed step from the last decision to it

    @property
    def value_label(self) -> str:
        return number_text(round(self.value, 2))


@dataclass(frozen=True)
class Progression:
    series: tuple[Series, ...]
    marks: tuple[Mark, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    end: End | None = None
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    baseline: int = HEIGHT - BOTTOM


def progression(
    points: Sequence[tuple[int, float, int, str]],
    labels: dict[int, str],
    end: float | None = None,
) -> Progression | None:
    """A game's value decision by decision: `points` are (decision number, value, series,
    grade); one line per series (a seat), a mark on every graded decision, and `end` (a solo
    game's result) one step after the last. The vertical axis spans the values (not from 0: a
    game's value moves within a narrow band)."""
    if not points:
        return None
    first = min(n for n, *_ in points)
    last = max(n for n, *_ in points)
    values = [v for _, v, *_ in points] + ([] if end is None else [end])
    low, high = min(values), max(values)
    right = last + 1 if end is not None else last  # the end sits one step after the last
    step = nice_step(high - low, 4) if high > low else max(1.0, nice_step(abs(high), 4))
    bottom = math.floor(low / step) * step
    top = max(math.ceil(high / step) * step, bottom + step)

    def x(number: int) -> float:
        span = right - first
        return round(LEFT + (PLOT_WIDTH * (number - first) / span if span else PLOT_WIDTH / 2), 1)

    def y(value: float) -> float:
        return round(TOP + PLOT_HEIGHT * (1 - (value - bottom) / (top - bottom)), 1)

    series = []
    for key in sorted({s for *_, s, _g in points}):
        mine = [(n, v) for n, v, s, _g in points if s == key]
        path = "M" + " L".join(f"{x(n)} {y(v)}" for n, v in mine)
        series.append(Series(key, labels.get(key, ""), path, tuple(mine)))
    marks = tuple(Mark(x(n), y(v), n, v, g) for n, v, _s, g in points if g in MARKED)
    count = int(round((top - bottom) / step))
    y_ticks = tuple(
        Tick(y(bottom + i * step), number_text(bottom + i * step)) for i in range(count + 1)
    )
    every = nice_step(last - first, 5) if last > first else 1
    numbers = [first, *range(int(math.ceil(first / every) * every), last + 1, int(max(1, every)))]
    x_ticks = tuple(
        Tick(x(n), str(n)) for n in sorted(set(numbers)) if n == first or n - first >= every * 0.75
    )
    finish = None
    if end is not None:
        n, v = max((n, v) for n, v, *_ in points)
        finish = End(x(right), y(end), end, f"M{x(n)} {y(v)} L{x(right)} {y(end)}")
    return Progression(tuple(series), marks, x_ticks, y_ticks, finish)
