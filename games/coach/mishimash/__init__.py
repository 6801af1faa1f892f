"""The MISHIMASH coach: `COACH`, its one door (games.coach.GameCoach).

Modules: `policies` (which question is answered, every action's value, the advice), `solver`
(the turn solved exactly), `tables` (the shipped expected-turns tables), `odds` (roll and bust
probabilities), `players` (the computer players), `review` (a finished game's decisions and
their analysis).
"""

from __future__ import annotations

from games.coach import PackagedCoach
from games.coach.mishimash import policies, review
from games.rules import mishimash as mishimash_rules

COACH = PackagedCoach(mishimash_rules, policies.advice, review)
