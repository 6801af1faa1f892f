"""Delete games that were left unfinished long ago, so abandoned games do not pile up.

A game counts as abandoned when it was given up (a new game of its kind was started) or when
nobody has moved in it for --days days. Finished games and their results are never touched:
only games without a result row are considered, and finished ones never are. Also drops the
per-address creation counts of past hours.
"""

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone

from games.core.accounts.models import CreationCount
from games.core.models import Game


class Command(BaseCommand):
    help = "Delete abandoned or long-idle unfinished games (never finished games or results)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=30, help="idle this many days or more (default 30)"
        )
        parser.add_argument("--dry-run", action="store_true", help="only count, delete nothing")

    def handle(self, *args: Any, days: int, dry_run: bool, **options: Any) -> None:
        if days < 1:
            self.stderr.write("--days must be at least 1.")
            raise SystemExit(2)
        cutoff = timezone.now() - timedelta(days=days)
        stale = Game.objects.filter(
            status__in=[Game.Status.ACTIVE, Game.Status.ABANDONED],
            updated_at__lt=cutoff,
            result__isnull=True,
        )
        count = stale.count()
        if dry_run:
            self.stdout.write(f"{count} unfinished games idle since before {cutoff:%Y-%m-%d}.")
            return
        with transaction.atomic():
            deleted = stale.delete()[1].get("core.Game", 0)
            hour = timezone.now().replace(minute=0, second=0, microsecond=0)
            CreationCount.objects.filter(hour__lt=hour).delete()
        self.stdout.write(
            f"Deleted {deleted} unfinished games idle since before {cutoff:%Y-%m-%d}."
        )
