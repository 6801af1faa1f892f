"""Replay pages: every ended game steps through its actions and reveals its seed."""

import hashlib

import pytest
from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.rules import ishido
from tests.support.games import finish_ishido

pytestmark = pytest.mark.django_db


def test_a_finished_game_reveals_its_seed_which_matches_the_hash(client):
    game = finish_ishido(Player.objects.create(nickname="R"), seed="reveal-me")
    html = client.get(reverse("core:replay", args=[game.pk])).content.decode()
    assert "reveal-me" in html
    assert hashlib.sha256(b"reveal-me").hexdigest() in html


def test_each_step_shows_the_state_after_that_many_actions(client):
    game = finish_ishido(Player.objects.create(nickname="R"), seed="steps")
    states = list(game.replay_states())
    url = reverse("core:replay", args=[game.pk])
    for step in (0, 1, 5, len(states) - 1):
        response = client.get(url, {"step": step})
        assert response.context["state"] == states[step]
        assert response.context["step"] == step


def test_out_of_range_steps_are_clamped(client):
    game = finish_ishido(Player.objects.create(nickname="R"), seed="clamp")
    url = reverse("core:replay", args=[game.pk])
    last = game.actions.count()
    assert client.get(url, {"step": 10**6}).context["step"] == last
    assert client.get(url, {"step": -4}).context["step"] == 0
    assert client.get(url, {"step": "abc"}).context["step"] == last


def test_a_running_game_has_no_replay_and_keeps_its_seed_secret(client):
    game = Game.start(
        Player.objects.create(), get_kind("ishido"), ishido.Options(), seed="zq-hidden-seed-7"
    )
    response = client.get(reverse("core:replay", args=[game.pk]))
    assert response.status_code == 404
    assert b"zq-hidden-seed-7" not in response.content


def test_a_replay_opens_at_the_start_and_a_step_is_one_partial_for_htmx(client):
    game = finish_ishido(Player.objects.create(nickname="R"), seed="start")
    url = reverse("core:replay", args=[game.pk])
    opened = client.get(url)
    assert opened.context["step"] == 0 and opened.context["state"] == next(game.replay_states())
    swapped = client.get(url, {"step": 3}, headers={"HX-Request": "true"})
    html = swapped.content.decode()
    assert swapped.context["step"] == 3 and "HX-Request" in swapped["Vary"]
    assert html.lstrip().startswith('<div id="replay-step"') and "<html" not in html
