"""Online MISHIMASH tables through the views: open a table, take a seat, and post a move at
the table's current version."""

from django.urls import reverse

from games.core.models import Game
from games.mishimash.online.models import Table
from games.rules import mishimash as rules
from tests.support.games import bind_player

NEW = reverse("mishimash_online:new")


def url(table: Table, name: str = "table") -> str:
    return reverse(f"mishimash_online:{name}", args=[table.token])


def open_table(client, name="Anna", *, size=3, target="1000", minutes=2) -> Table:
    bind_player(client, name)
    data = {"target": target, "size": size, "turn_seconds": minutes * 60}
    if target not in rules.TARGET_CHOICES and target not in map(str, rules.TARGET_CHOICES):
        data |= {"target": "custom", "custom_target": target}
    response = client.post(NEW, data)
    assert response.status_code == 303, response.content.decode()[:2000]
    return Table.objects.get(token=response["Location"].split("/")[-2])


def join(client, table: Table, name: str):
    bind_player(client, name)
    return client.post(url(table, "join"))


def version(table: Table) -> int:
    return Game.objects.get(pk=table.game_id).version


def post(client, table, name, htmx=False, **data):
    data.setdefault("version", version(table))
    return client.post(url(table, name), data, htmx=htmx)
