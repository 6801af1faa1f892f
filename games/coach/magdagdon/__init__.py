"""The MAGDAGDON coach: `COACH`, its one door (games.coach.GameCoach).

Modules: `plan` (the turn's plan, every action's value, the advice), `boards` (boards as
integers, the afterstates of many rolls at once), `search` (one roll deeper, the powers),
`value` (the learned afterstate network and its shipped tables), `fills` (the last empty cells
valued exactly), `review` (a finished game's decisions and their analysis).
"""

from __future__ import annotations

from games.coach import PackagedCoach
from games.coach.magdagdon import plan, review
from games.rules import magdagdon as magdagdon_rules

COACH = PackagedCoach(magdagdon_rules, plan.advice, review)
