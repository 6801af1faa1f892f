"""Build the MAGDAGDON coach's afterstate network: `python -m games.coach.build_magdagdon`.

Trains one network per difficulty by self-play (`magdagdon_training`, TD(0) on afterstates,
seeded, so the same command gives the same tables) and writes
games/coach/data/magdagdon_values.npz. No Django. Prints the self-play means as it goes and the
time taken per difficulty.
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from games.coach.magdagdon_training import SCHEDULE, train_schedule
from games.coach.magdagdon_value import DATA, Network, save
from games.rules.magdagdon import Difficulty


def _build(job: tuple[str, float, int]) -> tuple[str, Network, float]:
    name, scale, seed = job
    started = time.monotonic()
    network = train_schedule(Difficulty(name), scale, seed)
    return name, network, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="x the scheduled games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="difficulties trained at once")
    args = parser.parse_args()
    jobs = [(d.value, args.scale, args.seed) for d in Difficulty]
    with Pool(args.jobs) as pool:
        built = pool.map(_build, jobs, chunksize=1)
    networks: dict[Difficulty, Network] = {}
    for name, network, seconds in built:
        games = sum(round(g * args.scale) for g, _ in SCHEDULE[Difficulty(name)])
        print(f"{name}: {games} self-play games in {seconds:.0f} s")
        networks[Difficulty(name)] = network
    save(networks)
    print(f"wrote {DATA} ({DATA.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
