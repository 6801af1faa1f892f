"""The site's calendar: daily challenges change at midnight UTC.

Everything that asks "which day is it" asks `today()`, which reads `django.utils.timezone.now`
at each call, so a test fixes the clock by patching that one function.
"""

from datetime import UTC, date, datetime, time

from django.utils import timezone


def today() -> date:
    """Today's date in UTC."""
    return timezone.now().astimezone(UTC).date()


def day_start(day: date) -> datetime:
    """The moment `day` begins: midnight UTC."""
    return datetime.combine(day, time.min, tzinfo=UTC)
