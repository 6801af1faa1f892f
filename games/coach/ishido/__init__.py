"""The Ishido coach: `COACH`, its one door (games.coach.GameCoach).

Modules: `search` (the `Coach`: every legal cell valued by sampled playouts), `policy` (the
fast policy the playouts follow), `board` (positions as bit masks), `review` (a finished
game's decisions and their analysis).
"""

from __future__ import annotations

from games.coach import PackagedCoach
from games.coach.ishido import review
from games.rules import ishido as ishido_rules

# A hint answers in a small fraction of a second: a sixth of the benchmark's budget. The
# review's coach is the same (review.COACH), so the hint's own play loses nothing there.
HINT = review.COACH


COACH = PackagedCoach(ishido_rules, HINT.advice, review)
