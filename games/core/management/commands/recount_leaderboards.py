"""Rebuild every leaderboard's stored size from its visible results (after a bulk import or a
restore that wrote results past the models)."""

from typing import Any

from django.core.management.base import BaseCommand

from games.core.models import LeaderboardSize


class Command(BaseCommand):
    help = "Rebuild every leaderboard's stored size from its visible results."

    def handle(self, *args: Any, **options: Any) -> None:
        LeaderboardSize.recount()
        for size in LeaderboardSize.objects.order_by("kind_key", "leaderboard"):
            self.stdout.write(str(size))
