"""Copy the site's SQLite database to one file while the site keeps running.

sqlite3's online backup API copies the database in one step, inside one read transaction: the
copy is the database as it was at one instant (every move in it complete, none half-written),
and in WAL mode the site's writers carry on meanwhile. The copy is checked with
`PRAGMA integrity_check` and only then moved into place. Restore: README, "Backups".
"""

import sqlite3
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import connections


class Command(BaseCommand):
    help = "Back up the SQLite database to DESTINATION (safe while the site runs)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("destination", help="the backup file to write (must not exist)")

    def handle(self, *args: Any, **options: Any) -> None:
        database = connections["default"]
        if database.vendor != "sqlite":
            raise CommandError("The database is not SQLite: back PostgreSQL up with pg_dump.")
        source_path = Path(database.settings_dict["NAME"])
        destination = Path(options["destination"])
        if destination.exists():
            raise CommandError(f"{destination} exists; name a new file.")
        partial = destination.with_name(destination.name + ".partial")
        partial.unlink(missing_ok=True)
        source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True, timeout=20)
        target = sqlite3.connect(partial)
        try:
            source.backup(target)  # all pages in one step: one consistent snapshot
            # One self-contained file: no -wal beside it is needed to read it.
            target.execute("PRAGMA journal_mode=DELETE")
            check = target.execute("PRAGMA integrity_check").fetchone()[0]
            games = target.execute("SELECT COUNT(*) FROM core_game").fetchone()[0]
        finally:
            target.close()
            source.close()
        if check != "ok":
            partial.unlink()
            raise CommandError(f"The copy failed its integrity check: {check}")
        partial.replace(destination)
        size = destination.stat().st_size
        self.stdout.write(f"{source_path} backed up to {destination}: {size} bytes, {games} games.")
