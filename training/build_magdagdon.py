"""Build the MAGDAGDON coach's afterstate network: `python -m training.build_magdagdon`.

Trains one network per difficulty by self-play (`training.magdagdon_selfplay`: TD(0) on
afterstates, then for NIGHTMARE toward exact one-roll expectations; seeded, so the same command
gives the same tables) and writes games/coach/data/magdagdon_values.npz. No Django. PEACEFUL
and SURVIVAL follow `SCHEDULE`; NIGHTMARE its shipped history, `NIGHTMARE_STEPS`, each step
read back from float32 as it was shipped (`--one-run`: all its stages at once). `--scale 0.1`
trains a tenth of the games (a quick look); `--out` writes elsewhere. About 70 minutes on the
shared machine. What built the shipped file: games/coach/data/PROVENANCE.md.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from games.coach.magdagdon.value import DATA
from training.magdagdon_selfplay import save, train_schedule


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="x the scheduled games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--one-run", action="store_true", help="NIGHTMARE's stages in one go")
    parser.add_argument("--out", type=Path, default=DATA, help="where to write the tables")
    parser.add_argument("--report", type=int, default=0, help="print a line every N games")
    args = parser.parse_args(argv)
    started = time.monotonic()
    networks = train_schedule(args.scale, args.seed, args.report, as_shipped=not args.one_run)
    save(networks, args.out)
    size = args.out.stat().st_size // 1024
    print(f"wrote {args.out} ({size} KiB) in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
