"""Ishido view-test fixtures: a game started from the seed "fixed". The helpers live in
tests/support/ishido.py."""

import pytest

from games.core.models import Game
from tests.support.ishido import start_seeded


@pytest.fixture
def game(client) -> Game:
    return start_seeded(client)
