"""An online SQLite backup while players move, then a restore, end to end: the restored site
serves every game as it was at the backup, its sessions still work, play goes on, and the copy
holds no half-written move. SQLite in both runs of `scripts/test`."""

import os
import re
import secrets
import shutil
import sqlite3
import threading

from tests.support.servers import Visitor, free_port, manage, start_gunicorn, stop_process


def play_on(visitor: Visitor, play_url: str, moves: int) -> int:
    """Make `moves` moves (lowest legal cell); the version reached."""
    for _ in range(moves):
        status, html = visitor.get(play_url)
        assert status == 200
        version = int(re.search(r'name="version" value="(\d+)"', html).group(1))
        cell = re.search(r'data-cell="(\d+)"[^>]*data-legal', html).group(1)
        status = visitor.post(play_url + "place/", {"cell": cell, "version": version})[0]
        assert status == 303, status
    return version + 1


def version_of(visitor: Visitor, play_url: str) -> int:
    status, html = visitor.get(play_url)
    assert status == 200
    return int(re.search(r'name="version" value="(\d+)"', html).group(1))


def test_backup_while_playing_then_restore(tmp_path):
    live = tmp_path / "db.sqlite3"
    backup = tmp_path / "backup.sqlite3"
    env = {**os.environ, "PLAIN_STATIC": "1", "SQLITE_PATH": str(live)}
    env.pop("DATABASE_URL", None)
    env["SECRET_KEY"] = secrets.token_urlsafe(40)
    manage(env, "migrate", "-v0")
    manage(env, "createcachetable")
    port = free_port()
    server = start_gunicorn(env, port)
    base = f"http://127.0.0.1:{port}"
    try:
        me, busy = Visitor(base), Visitor(base)
        urls = []
        for visitor in (me, busy):
            visitor.get("/")
            status, location, _ = visitor.post("/ishido/new/", {"confirm": "1"})
            assert status == 303
            urls.append(location)
        mine, theirs = urls
        assert play_on(me, mine, 3) == 3

        errors: list[Exception] = []

        def keep_playing() -> None:  # moves committed during the backup
            try:
                play_on(busy, theirs, 8)
            except Exception as error:  # reported by the test below
                errors.append(error)

        player = threading.Thread(target=keep_playing)
        player.start()
        output = manage(env, "backup_sqlite", str(backup))
        player.join()
        assert not errors, errors
        assert "backed up" in output
        assert play_on(me, mine, 2) == 5  # after the backup: not in it
    finally:
        stop_process(server)

    # Restore as the README says: servers stopped, copy over, drop the old WAL files.
    shutil.copyfile(backup, live)
    for suffix in ("-wal", "-shm"):
        live.with_name(live.name + suffix).unlink(missing_ok=True)
    server = start_gunicorn(env, port)
    try:
        assert version_of(me, mine) == 3
        restored = version_of(busy, theirs)
        assert 0 <= restored <= 8
        assert play_on(me, mine, 1) == 4  # the session still works; play goes on
    finally:
        stop_process(server)
    # A snapshot of one instant: every game's version is its number of stored actions.
    connection = sqlite3.connect(backup)
    rows = connection.execute(
        "SELECT g.version, COUNT(a.id), COALESCE(MAX(a.number), 0) FROM core_game g"
        " LEFT JOIN core_action a ON a.game_id = g.id GROUP BY g.id"
    ).fetchall()
    connection.close()
    assert len(rows) == 2
    assert all(version == count == last for version, count, last in rows), rows
