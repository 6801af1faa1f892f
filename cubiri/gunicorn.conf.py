"""gunicorn settings for `scripts/run` (bind address and worker count come from its flags).

- No control socket: gunicorn's default one sits in the home folder, shared by every instance
  on the machine; nothing here uses it.
- Workers die with their master: after `kill -9` of the master, orphaned workers would keep
  the port, and a restart would fail with "Connection in use" until they were killed by hand.
  Each worker asks Linux for SIGTERM when its parent dies (prctl PR_SET_PDEATHSIG).
- No SO_REUSEPORT: a second instance on a port already in use must fail, not share it.
"""

import ctypes
import os
import signal
from typing import Any

control_socket_disable = True
reuse_port = False
graceful_timeout = 5
accesslog = "-"

PR_SET_PDEATHSIG = 1


def post_fork(server: Any, worker: Any) -> None:
    """In the new worker: end when the master ends, however it ends."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: gunicorn's own parent check remains
        server.log.warning("Workers cannot follow the master's death on this system.")
    if os.getppid() != server.pid:  # the master died before prctl took effect
        os._exit(0)
