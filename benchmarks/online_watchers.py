"""What idle watchers of online MISHIMASH tables cost one server.

The site is served as `scripts/run` serves it (gunicorn, 2 sync workers, file SQLite in WAL
mode). The script seats 200 players at 25 started tables of 8 (each with its own signed
session cookie, as a browser has) and lets each poll its table once a second, as the table
page does, while nobody moves: every answer should be the cheap "nothing changed" 204. It
prints the polls served per second, the server's CPU (all gunicorn processes, % of one core
and of the machine), and the poll latency as the watchers saw it (p50/p99, new connection
included: sync workers close each one). For scale it then times, in the same run, the answer
a watcher gets when something did change (the board partial) and `/leaderboards/`.

    .venv/bin/python benchmarks/online_watchers.py [seconds] [watchers]
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT), str(HERE)]

from served import gunicorn_site  # noqa: E402

SEATS = 8
TICKS = os.sysconf("SC_CLK_TCK")


def server_cpu_seconds(master: int) -> float:
    """User + system CPU of the gunicorn master and its workers."""
    pids = [master]
    children = Path(f"/proc/{master}/task/{master}/children")
    if children.exists():
        pids += [int(pid) for pid in children.read_text().split()]
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def master_pid(base: str) -> int:
    """The gunicorn master serving `base` (its workers are forks with the same command line)."""
    port = base.rsplit(":", 1)[1]
    found: dict[int, int] = {}  # pid: parent pid
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().split(b"\0")
            parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
        if any(b"gunicorn" in part for part in cmd[:2]) and f"127.0.0.1:{port}".encode() in cmd:
            found[int(proc.name)] = parent
    masters = [pid for pid, parent in found.items() if parent not in found]
    if len(masters) != 1:
        raise RuntimeError("gunicorn master not found")
    return masters[0]


def seat_watchers(watchers: int) -> list[tuple[str, str, str]]:
    """(token, session cookie, watch key) for each watcher: 8 to a started table."""
    import django

    django.setup()
    from django.contrib.sessions.backends.signed_cookies import SessionStore
    from django.utils import timezone

    from games.core.models import Player
    from games.mishimash.online import tables as online
    from games.mishimash.online.models import Seat, Table

    seated: list[tuple[str, str, str]] = []
    for number in range((watchers + SEATS - 1) // SEATS):
        players = [Player.objects.create(nickname=f"P{number}-{i}") for i in range(SEATS)]
        table = online.open_table(players[0], target=1000, size=SEATS, turn_seconds=600)
        for player in players[1:]:
            online.take_seat(table, player)
        online.start(table, players[0])
        table = Table.objects.get(pk=table.pk)
        for seat in Seat.objects.filter(table=table):
            session = SessionStore()
            session["player_id"] = seat.player_id
            session.save()
            key = online.current_key(table.token, timezone.now())
            assert key is not None
            seated.append((table.token, session.session_key or "", key))
    return seated[:watchers]


async def get(port: int, path: str, cookie: str) -> tuple[int, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nHX-Request: true\r\n"
        f"Cookie: sessionid={cookie}\r\nConnection: close\r\n\r\n".encode()
    )
    await writer.drain()
    data = await reader.read()
    writer.close()
    status = int(data.split(b" ", 2)[1]) if data else 0
    return status, time.perf_counter() - started


async def watch(port: int, path: str, cookie: str, until: float, out: list) -> None:
    await asyncio.sleep(random.random())  # the pages were opened at different moments
    while time.perf_counter() < until:
        tick = time.perf_counter()
        out.append(await get(port, path, cookie))
        await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - tick)))


async def run(port: int, clients: list[tuple[str, str]], seconds: float) -> list:
    out: list[tuple[int, float]] = []
    until = time.perf_counter() + seconds
    await asyncio.gather(*(watch(port, path, cookie, until, out) for path, cookie in clients))
    return out


def phase(name: str, port: int, master: int, clients: list, seconds: float) -> float:
    """Every client GETs its path once a second; print what the server spent. CPU ms/request."""
    cpu_before, wall_before = server_cpu_seconds(master), time.perf_counter()
    results = asyncio.run(run(port, clients, seconds))
    cpu = server_cpu_seconds(master) - cpu_before
    wall = time.perf_counter() - wall_before
    statuses: dict[int, int] = {}
    for status, _ in results:
        statuses[status] = statuses.get(status, 0) + 1
    latencies = [latency for _, latency in results]
    cores = os.cpu_count() or 1
    per = 1000 * cpu / max(1, len(results))
    print(f"{name}: {len(clients)} clients once a second, {wall:.1f} s")
    print(f"  requests served: {len(results)} ({len(results) / wall:.0f}/s), answers {statuses}")
    print(
        f"  server CPU: {100 * cpu / wall:.0f}% of one core "
        f"({100 * cpu / wall / cores:.0f}% of the {cores}-core machine), {per:.2f} ms per request"
    )
    print(f"  latency: p50 {ms(latencies, 0.5)}, p99 {ms(latencies, 0.99)}")
    return per


async def timed(port: int, path: str, cookie: str, count: int) -> list[float]:
    return [(await get(port, path, cookie))[1] for _ in range(count)]


def ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f} ms"


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20
    watchers = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    # The floor settings add /floor/ (a plain HttpResponse behind the same middleware).
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(40))
    os.environ["DJANGO_SETTINGS_MODULE"] = "floor_settings"
    os.environ["PYTHONPATH"] = f"{ROOT}:{HERE}"
    with gunicorn_site() as (base, database):
        os.environ["SQLITE_PATH"] = str(database)
        seated = seat_watchers(watchers)
        port = int(base.rsplit(":", 1)[1])
        master = master_pid(base)
        polls = [(f"/mishimash/online/{token}/poll/?v={key}", c) for token, c, key in seated]
        print(f"{watchers} idle watchers at {len(seated) // SEATS} tables; gunicorn, 2 workers")
        poll_ms = phase("idle poll (204)", port, master, polls, seconds)
        floor_ms = phase(
            "floor (/floor/)", port, master, [("/floor/", c) for _, c in polls], seconds
        )
        token, cookie, _ = seated[0]
        changed = asyncio.run(timed(port, f"/mishimash/online/{token}/poll/?v=old", cookie, 50))
        floor = asyncio.run(timed(port, "/floor/", cookie, 50))
    print(f"an idle poll costs {poll_ms / floor_ms:.2f}x the floor's server CPU")
    print(
        f"one at a time: a changed poll (the board partial) p50 {ms(changed, 0.5)}, "
        f"the floor p50 {ms(floor, 0.5)}"
    )


if __name__ == "__main__":
    main()
