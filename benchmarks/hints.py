"""Time to compute a HINT (the coach's move and the alternatives' values, as the page shows
them) in positions met in random legal play; prints p50 / p95 / max in ms per game.

    .venv/bin/python benchmarks/hints.py [positions per game]

Process time of the kind's `hint` alone (no request, no database): the part of a hint's
answer that the coach costs. Run with `nice` on the shared machine.
"""

import os
import random
import statistics
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cubiri.settings")
import django  # noqa: E402

django.setup()

from games.core.kinds import get_kind  # noqa: E402
from games.rules import ishido, magdagdon, mishimash  # noqa: E402

CASES = {
    "magdagdon": magdagdon.Options(magdagdon.Difficulty.SURVIVAL),
    "mishimash": mishimash.Options(("Solo",), 1000),
    "ishido": ishido.Options(),
}


def positions(key: str, options: object, count: int) -> list[object]:
    kind, rng, seen = get_kind(key), random.Random(key), []
    while len(seen) < count:
        state = kind.new_state(options, rng)
        while not kind.is_finished(state) and len(seen) < count:
            if kind.rules.legal_actions(state):
                seen.append(state)
            state = kind.apply(state, rng.choice(kind.rules.legal_actions(state)), rng)
    return seen


def main(count: int) -> None:
    for key, options in CASES.items():
        kind, times = get_kind(key), []
        for state in positions(key, options, count):
            start = time.process_time()
            kind.hint(state, kind.coach.advise(state))
            times.append(1000 * (time.process_time() - start))
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"{key:10} {len(times)} hints: p50 {statistics.median(times):6.1f} ms  "
            f"p95 {p95:6.1f} ms  max {times[-1]:6.1f} ms"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
