"""Build the coaches' shipped tables: `python -m games.coach.build_tables` (no Django).

MISHIMASH: expected turns to each offered target from every banked score
(games/coach/data/mishimash_turns.npz). Prints the headline figures it reproduces.
"""

from __future__ import annotations

import time

from games.coach.mishimash_tables import DATA, points_policy, save_tables


def main() -> None:
    started = time.monotonic()
    policy = points_policy()
    print(
        f"points-maximising turn: {policy.expected_halves / 2:.4f} points, busts {policy.bust:.3f}"
    )
    for target, table in save_tables().items():
        print(f"target {target}: {table[0]:.4f} expected turns from 0")
    print(f"wrote {DATA} in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
