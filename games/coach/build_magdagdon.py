"""Build the MAGDAGDON coach's afterstate network: `python -m games.coach.build_magdagdon`.

Trains one network per difficulty by self-play (`magdagdon_training`: TD(0) on afterstates,
then for NIGHTMARE toward exact one-roll expectations; seeded, so the same command gives the
same tables) and writes games/coach/data/magdagdon_values.npz. No Django. `--scale 0.1`
trains a tenth of the games (a quick look). About 70 minutes on this shared machine. The
shipped NIGHTMARE tables differ from a rebuild (see `magdagdon_training.SCHEDULE`).
"""

from __future__ import annotations

import argparse
import time

from games.coach.magdagdon_training import train_schedule
from games.coach.magdagdon_value import DATA, save


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="x the scheduled games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.monotonic()
    networks = train_schedule(args.scale, args.seed)
    save(networks)
    print(f"wrote {DATA} ({DATA.stat().st_size // 1024} KiB) in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
