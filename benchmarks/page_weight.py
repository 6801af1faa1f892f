"""First-load page weight over the wire: gunicorn + whitenoise, as `scripts/run` serves it.

Starts the site on a temporary SQLite database and static root, starts a game of each kind and
its how-to-play (the last three game pages), makes a puzzle of each game (a simple player's
game, reviewed and mined as the worker does) for the puzzle pages, and prints the bytes
transferred (gzip, as a browser asks) for the HTML and every stylesheet, script and icon it
loads. Budget: 30 KB per first load (issue "phone-first play").

    .venv/bin/python benchmarks/page_weight.py
"""

import gzip
import os
import re
import sys
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(Path(__file__).resolve().parent), str(ROOT)]
from served import gunicorn_site  # noqa: E402

BUDGET = 30 * 1024


def main() -> None:
    with gunicorn_site(workers=1, compressed_static=True) as (base, database):
        jar = CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        opener.open(base + "/", timeout=10).read()
        pages = ["/", "/rules/magdagdon/", "/leaderboards/"]
        token = next(c.value for c in jar if c.name == "csrftoken")

        def start(path: str, fields: dict[str, str], what: str) -> None:
            """POST a form that starts a game and note the page it lands on."""
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields})
            try:
                response = opener.open(
                    urllib.request.Request(base + path, body.encode(), headers={"Referer": base}),
                    timeout=10,
                )
                pages.append(urllib.parse.urlparse(response.url).path)
            except OSError as error:
                print(f"{what} ({error})")

        for kind, data in (
            ("magdagdon", {"difficulty": "peaceful"}),
            ("mishimash", {"mode": "solo", "target": "1000", "players": "Solo"}),
            ("ishido", {}),
        ):
            start(f"/{kind}/new/", {"confirm": "1", **data}, f"{kind}: could not start a game")
        for kind in ("magdagdon", "mishimash", "ishido"):  # a newcomer's how-to-play
            start(f"/how-to-play/{kind}/", {}, f"{kind}: could not start its how-to-play")
        pages += puzzle_pages(database)
        print(f"{'page':32} {'html':>8} {'assets':>8} {'total':>8}")
        for path in pages:
            try:
                html_bytes, html = fetch(opener, base + path)
            except OSError as error:
                print(f"{path:32} {error}")
                continue
            assets = set(re.findall(r'(?:href|src)="(/static/[^"]+)"', html))
            asset_bytes = sum(fetch(opener, base + a)[0] for a in assets)
            total = html_bytes + asset_bytes
            flag = "" if total <= BUDGET else "  OVER BUDGET"
            print(f"{path:32} {html_bytes:8} {asset_bytes:8} {total:8}{flag}")


def puzzle_pages(database: Path) -> list[str]:
    """A puzzle of each game, written to the served site's database from here."""
    os.environ.update(SQLITE_PATH=str(database), DJANGO_SETTINGS_MODULE="cubiri.settings")
    import django

    django.setup()
    from tests.support.puzzles import puzzle_of

    return [f"/puzzles/{puzzle_of(kind).pk}/" for kind in ("magdagdon", "mishimash", "ishido")]


def fetch(opener: urllib.request.OpenerDirector, url: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with opener.open(request, timeout=10) as response:
        raw = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            return len(raw), gzip.decompress(raw).decode()
        return len(raw), raw.decode(errors="replace")


if __name__ == "__main__":
    main()
