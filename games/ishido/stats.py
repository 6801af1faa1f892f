"""Ishido's own figures on a player's stats page (IshidoKind.stats_facts)."""

import statistics
from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from games.core.models import Game
from games.core.stats.facts import Fact, FinishedResult, per_game, share


def facts(results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
    """Stones left at the end (I10) and 4-ways made (I9), read from the final states."""
    ids = [row.game_id for row in results]
    left = [row.stones_left for row in results if row.stones_left is not None]
    four_ways = [
        int(snapshot.get("four_ways", 0))
        for snapshot in Game.objects.filter(pk__in=ids).values_list("snapshot", flat=True)
    ]
    mean_left = f"{statistics.fmean(left):.1f}" if left else "–"
    return (
        Fact("fewest_left", _("Fewest stones left"), str(min(left)) if left else "–"),
        Fact("mean_left", _("Mean stones left"), mean_left),
        Fact("all_placed", _("Games with every stone placed"), share(left.count(0), len(left))),
        Fact("four_ways", _("4-ways (per game)"), per_game(sum(four_ways), len(four_ways))),
        Fact("best_four_ways", _("Most 4-ways in a game"), str(max(four_ways, default=0))),
    )
