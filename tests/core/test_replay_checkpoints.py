"""A long game's replay never replays it from the seed: every 50th move stores a checkpoint, a
replay page starts from the nearest one and lists one page of moves. A game stored before
checkpoints existed is prepared once by the background worker."""

import re

import pytest
from django.urls import reverse

from games.core.models import CHECKPOINT_EVERY, Checkpoint, Player
from games.core.review.replays import MOVES_PER_PAGE
from games.rules import mishimash
from tests.support.finished import finish
from tests.support.tasks import queued, run_worker

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_game():
    """A solo MISHIMASH game to 500 (X1): about 170 actions."""
    return finish(
        Player.objects.create(nickname="Long"),
        "mishimash",
        mishimash.Options(("Ada",), 500),
        seed="cp-long",
    )


def url(game):
    return reverse("core:replay", args=[game.pk])


def test_every_fiftieth_move_stores_the_state_and_dice_the_replay_reaches(long_game):
    states = list(long_game.replay_states())
    kind = long_game.kind
    points = list(long_game.checkpoints.order_by("number"))
    assert [p.number for p in points] == list(range(50, len(states), CHECKPOINT_EVERY))
    for point in points:
        assert kind.load_state(point.snapshot) == states[point.number]


def test_each_step_of_a_long_game_shows_the_state_after_that_many_actions(client, long_game):
    states = list(long_game.replay_states())
    for step in (0, 1, 49, 50, 51, 99, 100, 149, len(states) - 1):
        response = client.get(url(long_game), {"step": step})
        assert response.context["state"] == states[step], step
        assert response.context["step"] == step


def test_a_step_starts_from_its_checkpoint_not_from_the_seed(client, long_game):
    states = list(long_game.replay_states())
    # Spoil the game's first move: a page that replayed from the seed could not show step 120.
    long_game.actions.filter(number=1).update(payload={"type": "nonsense"})
    response = client.get(url(long_game), {"step": 120})
    assert response.status_code == 200 and response.context["state"] == states[120]


def test_the_moves_list_shows_one_page_with_links_to_the_others(client, long_game):
    last = long_game.actions.count()
    html = client.get(url(long_game), {"step": 130}).content.decode()
    listed = re.findall(r'<li(?: aria-current="step")?><a href="\?step=(\d+)"', html)
    assert [int(n) for n in listed] == list(range(101, min(last, 200) + 1))
    assert '<ol start="101">' in html and 'aria-current="step"><a href="?step=130"' in html
    assert 'href="?step=100"' in html  # the page before (its last move)
    first = client.get(url(long_game), {"step": 0}).content.decode()
    assert (
        len(re.findall(r'<li(?: aria-current="step")?><a href="\?step=', first)) == MOVES_PER_PAGE
    )
    assert f'href="?step={MOVES_PER_PAGE + 1}"' in first  # the page after


def test_a_game_stored_without_checkpoints_is_prepared_once_by_the_worker(client, long_game):
    states = list(long_game.replay_states())
    Checkpoint.objects.filter(game=long_game).delete()
    waiting = client.get(url(long_game), {"step": 120})
    html = waiting.content.decode()
    assert waiting.status_code == 200 and "data-replay-preparing" in html
    assert '<meta http-equiv="refresh" content="3">' in html  # it comes back by itself
    client.get(url(long_game), {"step": 120})
    assert queued() == 1  # two visits, one task
    run_worker()
    assert long_game.checkpoints.count() == len(states) // CHECKPOINT_EVERY
    assert client.get(url(long_game), {"step": 120}).context["state"] == states[120]
