"""Run one command against a throw-away PostgreSQL server, then stop the server and delete it.

    python scripts/with_postgres.py [--fast] -- COMMAND [ARGS...]

The server is Debian's PostgreSQL (`/usr/lib/postgresql/<version>/bin`), initialised in a new
temporary directory and listening on a free port of 127.0.0.1 only (its socket in that
directory too): no system service, nothing outside the directory, which is removed at the end.
The command runs with `DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres` and its exit
status is this script's. `initdb` refuses to run as root, so as root the server runs as the
`postgres` system user (Debian's package creates it).

`--fast` switches off fsync and synchronous commit: for the test suite, whose data is thrown
away anyway; the benchmarks run without it.

Standard library only: `scripts/test` runs it before anything else needs the database.
"""

import argparse
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path


def postgres_bin() -> Path:
    """The newest installed PostgreSQL server's bin directory."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parts[-3])
    )
    if not found:
        sys.exit(
            "PostgreSQL is not installed: `apt-get install -y postgresql` "
            "(scripts/test does it when it is missing)."
        )
    return Path(found[-1]).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class TemporaryPostgres:
    """A PostgreSQL server in a temporary directory; `start()`, then always `stop()`."""

    def __init__(self, fast: bool = False) -> None:
        self.bin = postgres_bin()
        self.fast = fast
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="cubiri-pg-"))
        self.data = self.dir / "data"
        self.as_user: list[str] = []
        if os.getuid() == 0:
            postgres = pwd.getpwnam("postgres")
            os.chown(self.dir, postgres.pw_uid, postgres.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.started = False

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, *command: object) -> None:
        subprocess.run(
            [*self.as_user, *map(str, command)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def start(self) -> None:
        self.run(self.bin / "initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "-N")
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        if self.fast:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        log = self.dir / "server.log"
        try:
            self.run(self.bin / "pg_ctl", "-D", self.data, "-o", options, "-l", log, "-w", "start")
        except subprocess.CalledProcessError:
            sys.stderr.write(log.read_text() if log.exists() else "")
            raise
        self.started = True

    def stop(self) -> None:
        try:
            if self.started:
                self.run(self.bin / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
                self.started = False
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fast", action="store_true", help="no fsync (test data only)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name the command to run")
    server = TemporaryPostgres(fast=args.fast)
    # A signal (Ctrl-C, CI's timeout) still stops the server and removes its directory.
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, lambda signum, _: sys.exit(128 + signum))
    child = None
    try:
        server.start()
        print(f"PostgreSQL {server.bin.parent.name} on 127.0.0.1:{server.port}", flush=True)
        child = subprocess.Popen(command, env={**os.environ, "DATABASE_URL": server.url})
        return child.wait()
    except KeyboardInterrupt:
        return 130
    finally:
        if child is not None and child.poll() is None:
            child.terminate()
            child.wait()
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
