"""MISHIMASH view-test helpers: games from a fixed seed or a chosen position, known seeds, the
answer as a player reads it, and moves posted at the current version."""

import dataclasses
import html
import re

from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game
from games.rules import mishimash as rules
from tests.support.games import set_state, start_seeded

KIND = get_kind("mishimash")
BUST_FIRST = "seed-52"  # the first roll of the game is a bust
FIXED_ROLLS = ((1, 5, 2, 4, 5, 2), (2, 1, 2))  # seed "fixed": roll 1, then roll 2 after 1-5-5
CLEAR_FIRST = "seed-5"  # the first roll is the straight 1-6-4-3-2-5, the next 5-4-1-2-4-5


def start(
    client, players: tuple[str, ...] = ("Tester",), target: int = 1000, seed: str = "fixed"
) -> Game:
    return start_seeded(client, "mishimash", rules.Options(players, target), seed=seed)


def put_state(game: Game, state: rules.State, seed: str = "position") -> Game:
    """Set a game to a chosen position (its dice then come from `seed`)."""
    return set_state(game, state, seed)


def position(game: Game, **fields) -> Game:
    """The game's current state with some fields replaced."""
    return put_state(game, dataclasses.replace(game.state, **fields))


def url(name: str, game: Game) -> str:
    return reverse(f"mishimash:{name}", args=[game.pk])


def text(response) -> str:
    """The answer as the player reads it without the page's script: the previews the script
    shows as dice are ticked (<template>) are left out (`previews` reads them)."""
    return re.sub(r"<template.*?</template>", "", raw(response), flags=re.S)


def raw(response) -> str:
    return html.unescape(response.content.decode())


def move(client, game: Game, name: str, htmx: bool = False, **data):
    """POST a move at the game's current version for the player to act."""
    game.refresh_from_db()
    data.setdefault("version", game.version)
    data.setdefault("player", game.state.current)
    return client.post(url(name, game), data, htmx=htmx)
