"""What a finished review keeps besides its decisions, so that its page reads a bounded amount
whatever the game's length: the digest (each seat's accuracy, the units, the chart's points
thinned to CHART_POINTS) and the decisions cut into pages of ROWS_PER_PAGE, every decision and
only the flagged ones. Written once by the worker when the analysis ends
(games.core.review.store), from the decisions as games.coach.review made them. Pure: no model,
no language (the page words it)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict
from typing import Any

from games.coach import review as analysis

ROWS_PER_PAGE = 100
CHART_POINTS = 300

Decision = dict[str, Any]


def digest(decisions: Sequence[Decision]) -> dict[str, Any]:
    """The review's figures: JSON, kept on the Review row."""
    seats = sorted({d["seat"] for d in decisions}) or [0]
    summaries = []
    for seat in seats:
        mine = [d for d in decisions if d["seat"] == seat]
        unit = main_unit(mine)
        summaries.append({"seat": seat, "unit": unit, **asdict(analysis.summary(mine, unit))})
    main = main_unit(decisions)
    points = [
        [n, float(d["chart"]), d["seat"], d["grade"]]
        for n, d in enumerate(decisions, 1)
        if d["chart"] is not None and d["unit"] == main
    ]
    if len(points) > CHART_POINTS:  # every k-th decision, and the last
        every = -(-len(points) // CHART_POINTS)
        points = points[::every] + ([points[-1]] if (len(points) - 1) % every else [])
    return {
        "seats": seats,
        "summaries": summaries,
        "units": sorted({d["unit"] for d in decisions}),
        "main": main,
        "points": points,
        "listed": {"all": len(decisions), "flagged": sum(1 for d in decisions if d["grade"])},
    }


def pages(decisions: Sequence[Decision]) -> Iterator[tuple[bool, int, list[list[Any]]]]:
    """(flagged only?, page number from 1, [[decision number, decision], ...]) for every page of
    every decision and of the flagged ones."""
    numbered = list(enumerate(decisions, 1))
    for flagged, listed in ((False, numbered), (True, [(n, d) for n, d in numbered if d["grade"]])):
        for start in range(0, len(listed), ROWS_PER_PAGE):
            rows = [[n, d] for n, d in listed[start : start + ROWS_PER_PAGE]]
            yield flagged, start // ROWS_PER_PAGE + 1, rows


def main_unit(decisions: Sequence[Decision]) -> str:
    """The unit most of the charted decisions are valued in (of all, with none charted)."""
    units = [d["unit"] for d in decisions if d["chart"] is not None] or [
        d["unit"] for d in decisions
    ]
    return max(sorted(set(units)), key=units.count) if units else "points"
