"""Build the coaches' shipped tables: `python -m training.build_tables` (no Django).

MISHIMASH: expected turns to each offered target from every banked score
(games/coach/data/mishimash_turns.npz). Prints the headline figures it reproduces.
What built the shipped file: games/coach/data/PROVENANCE.md.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from games.coach.mishimash.tables import DATA
from training.mishimash_tables import points_policy, save_tables


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA, help="where to write the tables")
    args = parser.parse_args(argv)
    started = time.monotonic()
    policy = points_policy()
    print(
        f"points-maximising turn: {policy.expected_halves / 2:.4f} points, busts {policy.bust:.3f}"
    )
    for target, table in save_tables(args.out).items():
        print(f"target {target}: {table[0]:.4f} expected turns from 0")
    print(f"wrote {args.out} in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
