"""Replay every finished game from its seed and actions; report any stored result that differs."""

from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.core.models import Game, Result


class Command(BaseCommand):
    help = "Replay every finished game from its seed and actions and check its stored result."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--kind", help="only games of this kind")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.filter(status=Game.Status.FINISHED).order_by("pk")
        if options["kind"]:
            games = games.filter(kind_key=options["kind"])
        bad = checked = 0
        for game in games.iterator():
            checked += 1
            problem = self.check_game(game)
            if problem:
                bad += 1
                self.stderr.write(f"{game}: {problem}")
        self.stdout.write(f"{checked} finished games replayed, {bad} differ.")
        if bad:
            raise CommandError(f"{bad} games differ from their replay.", returncode=1)

    def check_game(self, game: Game) -> str:
        kind = game.kind
        try:
            *_, final = game.replay_states()
        except Exception as error:  # a replay that cannot even run is a finding, not a crash
            return f"replay failed: {error}"
        if not kind.is_finished(final):
            return "the replay does not end the game"
        if kind.dump_state(final) != game.snapshot:
            return "the replayed final state differs from the stored one"
        when = game.finished_at or game.updated_at
        expected = game.result_fields(final, when)
        stored = Result.objects.filter(game=game).first()
        if expected is None and stored is not None:  # a guest's daily, ranked before the rule
            expected = game.result_fields(final, when, secured_only=False)
        if expected is None:
            return "" if stored is None else "an unranked game has a result row"
        if stored is None:
            return "the result row is missing"
        for field, value in expected.__dict__.items():
            have = getattr(stored, field)
            if field == "score":
                value, have = Decimal(value), Decimal(have)
            if have != value:
                return f"stored {field} {have} but the replay gives {value}"
        return ""
