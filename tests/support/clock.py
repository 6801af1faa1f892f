"""A fixed clock: `django.utils.timezone.now` (which games.core.clock.today reads) answers a
chosen moment until the test moves it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FixedClock:
    def __init__(self, when: datetime) -> None:
        self.when = when

    def __call__(self) -> datetime:
        return self.when

    def set(self, *args: int) -> None:
        """Stop the clock at datetime(*args) UTC."""
        self.when = datetime(*args, tzinfo=UTC)

    def advance(self, **delta: float) -> None:
        self.when += timedelta(**delta)


def fixed_clock(monkeypatch, when: datetime) -> FixedClock:
    from django.utils import timezone

    clock = FixedClock(when)
    monkeypatch.setattr(timezone, "now", clock)
    return clock
