"""Daily challenges through the views: the clock fixture's day, the challenge's URLs, a start,
a nickname secured before the day (whose attempts rank), and a game played to its end by
simple players."""

from datetime import UTC, date, datetime

from django.urls import reverse

from games.core.accounts.models import Account
from games.core.models import Game, Player
from games.rules import ishido, mishimash
from tests.support.accounts import secure
from tests.support.magdagdon import next_action

DAY = date(2026, 12, 12)  # the clock fixture's day: daily #12


def today_url(kind: str = "ishido") -> str:
    return reverse("core:daily", args=[kind])


def leaderboard_url(kind: str = "ishido", day: date = DAY) -> str:
    return reverse("core:daily_leaderboard", args=[kind, day])


LONG_AGO = datetime(2026, 11, 30, tzinfo=UTC)  # before the first daily


def secured(client, nickname: str = "Magnus", since: datetime = LONG_AGO) -> Player:
    """The client's nickname secured (and signed in) `since`: by default before every day,
    so its daily attempts rank."""
    response = secure(client, nickname)
    assert response.status_code == 303, response.content.decode()[:2000]
    account = Account.objects.get(player__nickname=nickname)
    Account.objects.filter(pk=account.pk).update(created_at=since)
    return account.player


def start(client, kind: str = "ishido", day: date = DAY):
    return client.post(today_url(kind), {"day": day.isoformat()})


def started(client, kind: str = "ishido", day: date = DAY) -> Game:
    response = start(client, kind, day)
    assert response.status_code == 303, response.content
    return Game.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))


def next_move(game: Game):
    state = game.state
    if game.kind_key == "ishido":
        return ishido.Place(min(state.legal_cells))
    if game.kind_key == "mishimash":
        actions = mishimash.legal_actions(state)
        return next((a for a in actions if isinstance(a, mishimash.SelectAndBank)), actions[0])
    return next_action(state)


def play_out(game: Game) -> Game:
    while game.is_active:
        game.apply_action(next_move(game), game.version)
    return game
