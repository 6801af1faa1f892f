"""Ishido view tests: games started through the views, or from a fixed seed or position."""

import pytest
from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido

KIND = get_kind("ishido")


def bind_player(client) -> Player:  # type: ignore[no-untyped-def]
    client.post(reverse("core:nickname"), {"nickname": "Tester"})
    return Player.objects.get(pk=client.session["player_id"])


def start_seeded(client, seed: str = "fixed") -> Game:  # type: ignore[no-untyped-def]
    return Game.start(bind_player(client), KIND, ishido.Options(), seed=seed)


def start_from(client, board: dict[int, str], pouch: list[str]) -> Game:  # type: ignore[no-untyped-def]
    """A game set up at a chosen position (for the ends and 4-ways)."""
    game = start_seeded(client)
    state = ishido.start_from(
        [stone(board[cell]) if cell in board else None for cell in range(ishido.CELLS)],
        [stone(name) for name in pouch],
    )
    game.snapshot = state.to_dict()
    game.save(update_fields=["snapshot"])
    return game


def stone(name: str) -> ishido.Stone:
    colour, shape = name.split("-")
    return ishido.Stone(ishido.COLOURS.index(colour), ishido.SHAPES.index(shape))


def frozen(game: Game) -> tuple[int, dict, int, str]:
    """What must not change when a move is refused."""
    game.refresh_from_db()
    return game.version, game.snapshot, game.actions.count(), game.status


def place_url(game: Game) -> str:
    return reverse("ishido:place", args=[game.pk])


@pytest.fixture
def game(client) -> Game:  # type: ignore[no-untyped-def]
    return start_seeded(client)
