"""A player's public stats page."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.core.models import Player
from games.core.stats.figures import player_stats


@require_GET
def stats(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    context = {"shown": player, "kinds": player_stats(player)}
    return render(request, "stats/stats.html", context)
