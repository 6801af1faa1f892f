"""Compile locale/*/LC_MESSAGES/*.po into .mo files in pure Python (no GNU gettext needed)."""

from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po -> .mo) without GNU gettext."

    def handle(self, *args: Any, **options: Any) -> None:
        count = 0
        for folder in settings.LOCALE_PATHS:
            for po_path in sorted(Path(folder).glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                    continue
                polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
                count += 1
        if options["verbosity"] > 1 or count:
            self.stdout.write(f"{count} catalogues compiled.")
