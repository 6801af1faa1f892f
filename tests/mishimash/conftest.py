"""MISHIMASH view-test fixtures: a two-player game from the seed "fixed", and each move sent
as a plain form and through htmx. The helpers live in tests/support/mishimash.py."""

import pytest

from games.core.models import Game
from tests.support.mishimash import start


@pytest.fixture
def game(client) -> Game:
    return start(client, ("Anna", "Béla"))


@pytest.fixture(params=[False, True], ids=["plain", "htmx"])
def htmx(request) -> bool:
    return bool(request.param)
