"""Rebuild the puzzle set from every finished review, in game order: deterministic, so running
it again finds the same puzzles (their ratings and attempts are kept). `--queue` leaves the work
to the background worker, a task per game."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.core.puzzles import mining


class Command(BaseCommand):
    help = "Mine puzzles from every finished game's review (repeatable)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--queue", action="store_true", help="Queue a task per game.")

    def handle(self, *args: Any, **options: Any) -> None:
        games = mining.reviewed_games()
        if options["queue"]:
            from games.core.puzzles.tasks import mine_puzzles

            for game_id in games:
                mine_puzzles.enqueue(game_id)
            self.stdout.write(f"{len(games)} reviewed games queued")
            return
        kept = sum(mining.mine_game(game_id) for game_id in games)
        self.stdout.write(f"{kept} puzzles from {len(games)} reviewed games")
