"""MAGDAGDON's own figures on a player's stats page (MagdagdonKind.stats_facts)."""

from collections import Counter
from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from games.core.models import Game
from games.core.stats.facts import Fact, FinishedResult, per_game, share
from games.rules import magdagdon


def facts(results: Sequence[FinishedResult]) -> tuple[Fact, ...]:
    """How often each line bonus (M19) and RUINs happened in the finished games."""
    ids = [row.game_id for row in results]
    combos: Counter[str] = Counter()
    ruins = ruined = 0
    for snapshot in Game.objects.filter(pk__in=ids).values_list("snapshot", flat=True):
        state = magdagdon.State.from_dict(snapshot)
        score = magdagdon.live_score(state)
        combos.update(bonus.combo for bonus in score.bonuses)
        ruins += score.ruins
        ruined += score.ruins > 0
    games = len(ids)
    return (
        Fact("straight", _("Straights (per game)"), per_game(combos["straight"], games)),
        Fact(
            "four_of_a_kind",
            _("Fours of a kind (per game)"),
            per_game(combos["four_of_a_kind"], games),
        ),
        Fact("two_pairs", _("Two pairs (per game)"), per_game(combos["two_pairs"], games)),
        Fact("ruins", _("RUINs (per game)"), per_game(ruins, games)),
        Fact("ruined", _("Games with a RUIN"), share(ruined, games)),
    )
