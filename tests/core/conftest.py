from datetime import UTC, datetime

import pytest

from tests.support.clock import FixedClock, fixed_clock


@pytest.fixture
def clock(monkeypatch) -> FixedClock:
    """The clock stopped at noon UTC on 2026-12-12 (daily #12) until the test moves it."""
    return fixed_clock(monkeypatch, datetime(2026, 12, 12, 12, 0, tzinfo=UTC))
