"""A fourth game plugs in through the GameKind contract alone (games/core/GUIDE.md).

KEEP TWO (tests/support/toy/) is registered by this module only, beside the three games, with
its own URLs and template: it gets a page, moves, a hint, a review, stats and a leaderboard
from the shared app, which never names it. And a kind that leaves a hook out is reported at
start-up by a Django system check.
"""

from pathlib import Path

import pytest
from django.conf import settings
from django.core import checks
from django.test import override_settings
from django.urls import reverse

from games.core import kinds
from games.core.kinds import GameKind
from games.core.models import Game, Result
from tests.support.games import bind_player
from tests.support.tasks import run_worker
from tests.support.toy import rules
from tests.support.toy.kind import KIND, ToyKind

TEMPLATES = [
    {
        **settings.TEMPLATES[0],
        "DIRS": [*settings.TEMPLATES[0]["DIRS"], Path(rules.__file__).parent / "templates"],
    }
]


@pytest.fixture
def toy(monkeypatch):
    """KEEP TWO registered for one test, mounted at /toy/ beside the site's URLs."""
    monkeypatch.setitem(kinds._KINDS, KIND.key, KIND)
    with override_settings(ROOT_URLCONF="tests.support.toy.urls", TEMPLATES=TEMPLATES):
        yield KIND


def play_out(client, game: Game, follow_hint: bool = False) -> Game:
    """Plays a whole game by plain POSTs: KEEP every face of 4 or more (or the hint's move)."""
    while True:
        game.refresh_from_db()
        if not game.is_active:
            return game
        word = "keep" if game.state.face >= 4 or game.state.rolls_left < 2 else "pass"
        if follow_hint:
            word = KIND.coach.advise(game.state).action.TYPE
        response = client.post(reverse(f"toy:{word}", args=[game.pk]), {"version": game.version})
        assert response.status_code == 303


@pytest.mark.django_db
def test_the_fourth_game_is_played_hinted_reviewed_counted_and_ranked(client, toy):
    player = bind_player(client, "Toy player")
    assert "KEEP TWO" in client.get(reverse("core:home")).content.decode()

    response = client.post(reverse("toy:new"))
    game = Game.objects.get(player=player, kind_key="toy")
    assert response.status_code == 303 and response["Location"] == game.get_absolute_url()
    page = client.get(game.get_absolute_url())
    assert page.status_code == 200 and f'data-value="{game.state.face}"' in page.content.decode()

    # A refused move: stale version, 409 with the current board, nothing written.
    stale = client.post(reverse("toy:keep", args=[game.pk]), {"version": game.version + 1})
    assert stale.status_code == 409
    game.refresh_from_db()
    assert game.version == 0

    # HINT, through the shared endpoint: asks first, then names the coach's move.
    asked = client.post(reverse("core:hint", args=[game.pk]), {"version": game.version})
    assert asked.status_code == 200 and not Game.objects.get(pk=game.pk).coached
    best = KIND.coach.advise(game.state).action
    shown = client.post(
        reverse("core:hint", args=[game.pk]), {"version": game.version, "confirm": "1"}
    )
    assert shown.status_code == 200 and f'data-hint="{best.text()}"' in shown.content.decode()
    assert Game.objects.get(pk=game.pk).coached

    # A second, unhinted game: finished, it is ranked on the game's leaderboard.
    client.post(reverse("toy:new"))
    ranked = play_out(client, Game.objects.filter(kind_key="toy").latest("pk"))
    result = Result.objects.get(game=ranked)
    assert result.leaderboard == "classic" and result.score == ranked.state.score
    board = client.get(reverse("core:leaderboard", args=["toy", "classic"]))
    assert board.status_code == 200 and "Toy player" in board.content.decode()

    # Its review: every decision valued by the toy coach, graded, worded by the kind.
    client.get(reverse("core:review", args=[ranked.pk]))  # asks the background worker for it
    run_worker()
    review = client.get(reverse("core:review", args=[ranked.pk]), {"show": "all"})
    review = review.content.decode()
    assert "Accuracy" in review
    assert "A loss of one pip is an inaccuracy." in review
    assert f"Roll {ranked.actions.count()} · die" in review

    # The player's stats: its row and its own figure.
    stats = client.get(reverse("core:stats", args=[player.pk])).content.decode()
    assert "KEEP TWO" in stats and "Games of 7 or more" in stats

    # The replay, from the stored moves alone.
    assert client.get(reverse("core:replay", args=[ranked.pk])).status_code == 200


@pytest.mark.django_db
def test_a_player_who_follows_the_coach_loses_nothing_in_the_review(client, toy):
    bind_player(client)
    client.post(reverse("toy:new"))
    game = play_out(client, Game.objects.get(kind_key="toy"), follow_hint=True)
    client.get(reverse("core:review", args=[game.pk]))
    run_worker()
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    assert "100 %" in html


def test_a_kind_that_leaves_out_a_hook_fails_the_system_check(monkeypatch):
    class Half(ToyKind):
        key = "half"
        review_seen = GameKind.review_seen  # left out: the review could not word a decision
        stats_facts = GameKind.stats_facts

    monkeypatch.setitem(kinds._KINDS, "half", Half())
    errors = [e for e in checks.run_checks(tags=["kinds"]) if e.id == "core.E001"]
    assert sorted(e.msg for e in errors) == [
        "Game kind 'half' (Half) does not define review_seen().",
        "Game kind 'half' (Half) does not define stats_facts().",
    ]


def test_the_three_games_define_every_hook():
    assert [e for e in checks.run_checks(tags=["kinds"]) if e.id == "core.E001"] == []


def test_a_kind_without_its_urls_fails_the_system_check(monkeypatch):
    monkeypatch.setitem(kinds._KINDS, KIND.key, KIND)  # the site's URLs do not mount it
    errors = [e.msg for e in checks.run_checks(tags=["kinds"]) if e.id == "core.E002"]
    assert errors == [
        "Game kind 'toy' has no URL named 'toy:new'.",
        "Game kind 'toy' has no URL named 'toy:play'.",
    ]


def test_a_kind_with_its_urls_passes_the_system_check(toy):
    assert [e for e in checks.run_checks(tags=["kinds"]) if e.obj is KIND] == []
