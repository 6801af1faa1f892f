"""Ishido view-test helpers: games started from a fixed seed or set up at a chosen position,
stones by name ("red-star"), and the place URL."""

from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game
from games.rules import ishido
from tests.support import games as support
from tests.support.games import set_state

KIND = get_kind("ishido")


def start_seeded(client, seed: str = "fixed") -> Game:
    return support.start_seeded(client, "ishido", ishido.Options(), seed=seed)


def start_from(client, board: dict[int, str], pouch: list[str]) -> Game:
    """A game set up at a chosen position (for the ends and 4-ways)."""
    game = start_seeded(client)
    state = ishido.start_from(
        [stone(board[cell]) if cell in board else None for cell in range(ishido.CELLS)],
        [stone(name) for name in pouch],
    )
    return set_state(game, state)


def stone(name: str) -> ishido.Stone:
    colour, shape = name.split("-")
    return ishido.Stone(ishido.COLOURS.index(colour), ishido.SHAPES.index(shape))


def place_url(game: Game) -> str:
    return reverse("ishido:place", args=[game.pk])
