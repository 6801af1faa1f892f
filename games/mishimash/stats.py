"""MISHIMASH's own figures on a player's stats page (MishimashKind.stats_facts)."""

import statistics
from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from games.core.models import Action
from games.core.stats.facts import Fact, FinishedResult, share


def facts(results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
    """Turns to reach the target and how often a turn went bust (X7): every solo turn ends
    with a bank or a bust, so busts are the turns less the banks."""
    ids = [row.game_id for row in results]
    turns = [row.turns for row in results if row.turns is not None]
    banks = Action.objects.filter(game_id__in=ids, payload__type="select_and_bank").count()
    total = sum(turns)
    mean = f"{statistics.fmean(turns):.1f}" if turns else "–"
    return (
        Fact("best_turns", _("Fewest turns to the target"), str(min(turns)) if turns else "–"),
        Fact("mean_turns", _("Mean turns to the target"), mean),
        Fact("bust_rate", _("Turns that went bust"), share(total - banks, total)),
    )
