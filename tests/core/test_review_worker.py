"""A review is analysed by the background worker, never by a request: the page reads what is
stored and asks for the analysis once; asking is limited per address (429) and site-wide; at
most REVIEW_MAX_RUNNING analyses run at once; a review whose worker died is queued again."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games.core.models import Player
from games.core.review import store as reviews
from games.core.review.models import Review
from games.rules import magdagdon
from tests.support.finished import finish
from tests.support.tasks import queued, reviews_queued, run_worker

pytestmark = pytest.mark.django_db

PEACEFUL = magdagdon.Options(magdagdon.Difficulty.PEACEFUL)
LIMITS = {"player": 100, "game": 100, "review": 2}


@pytest.fixture(autouse=True)
def empty_queue():
    """Each test counts the tasks its own requests queue: rows an earlier test of the session
    left in the queue table are set aside (inside this test's transaction, rolled back)."""
    DBTaskResult.objects.all().delete()


@pytest.fixture
def player():
    return Player.objects.create(nickname="Waiter")


def url(game):
    return reverse("core:review", args=[game.pk])


def analysed(game):
    states, payloads = reviews.replay(game)
    coach = game.kind.coach
    return [coach.analyse(p, states, payloads) for p in coach.decision_points(states, payloads)]


def reads_actions(queries) -> bool:
    """Whether a request read the game's moves (what replaying it needs)."""
    return any("core_action" in q["sql"] for q in queries.captured_queries)


def test_opening_a_review_queues_its_analysis_and_analyses_nothing(client, player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rw-queue")
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url(game))
    html = response.content.decode()
    assert response.status_code == 200 and "data-review-queued" in html
    assert 'hx-trigger="load delay:500ms"' in html  # the page polls until the review is in
    assert not reads_actions(queries)  # the game was not replayed for the request
    review = Review.objects.get(game=game)
    assert review.total is None and review.decisions == [] and queued() == 1
    client.get(url(game))  # a second visit queues nothing more
    assert queued() == 1


def test_the_worker_stores_the_review_and_the_page_serves_it_without_replaying(client, player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rw-serve")
    client.get(url(game))
    assert run_worker() == 1
    review = Review.objects.get(game=game)
    assert review.is_done and review.done_at is not None
    assert review.decisions == analysed(game)  # the worker's review is the game analysed at once
    with CaptureQueriesContext(connection) as queries:
        html = client.get(url(game), {"show": "all"}).content.decode()
    assert "data-review-summary" in html and html.count("data-decision=") == review.total
    assert not reads_actions(queries) and queued() == 0


@override_settings(CREATION_LIMITS=LIMITS)
def test_reviews_asked_for_from_one_address_are_limited_with_a_429(client, player):
    games = [finish(player, "magdagdon", PEACEFUL, seed=f"rw-limit-{i}") for i in range(3)]
    assert [client.get(url(g)).status_code for g in games[:2]] == [200, 200]
    refused = client.get(url(games[2]))
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many reviews were asked for from your address" in refused.content.decode()
    assert not Review.objects.filter(game=games[2]).exists() and queued() == 2  # nothing queued
    assert client.get(url(games[0])).status_code == 200  # a review already asked for still shows
    elsewhere = client.get(url(games[2]), REMOTE_ADDR="192.0.2.7")
    assert elsewhere.status_code == 200 and queued() == 3  # another address asks on its own


@override_settings(REVIEW_MAX_WAITING=1)
def test_while_too_many_reviews_wait_site_wide_a_new_one_is_refused_with_a_429(client, player):
    first, second = (finish(player, "magdagdon", PEACEFUL, seed=f"rw-wait-{i}") for i in (1, 2))
    assert client.get(url(first)).status_code == 200
    refused = client.get(url(second), REMOTE_ADDR="192.0.2.8")
    assert refused.status_code == 429
    assert "Many reviews are being prepared right now" in refused.content.decode()
    assert not Review.objects.filter(game=second).exists()
    run_worker()  # the first is done: there is room again
    assert client.get(url(second), REMOTE_ADDR="192.0.2.8").status_code == 200


@override_settings(REVIEW_MAX_RUNNING=1)
def test_no_more_than_the_site_wide_number_of_analyses_run_at_once(client, player):
    busy, mine = (finish(player, "magdagdon", PEACEFUL, seed=f"rw-run-{i}") for i in (1, 2))
    Review.objects.create(game=busy, total=9, busy_until=timezone.now() + timedelta(seconds=30))
    client.get(url(mine))
    assert run_worker() == 1  # it found no room: nothing analysed, tried again a moment later
    review = Review.objects.get(game=mine)
    assert review.decisions == [] and not review.is_done
    later = DBTaskResult.objects.ready().count(), reviews_queued().filter(status="READY")
    assert later[0] == 0 and later[1].get().run_after > timezone.now()  # not due yet
    Review.objects.filter(game=busy).update(busy_until=None)  # the other analysis ended
    reviews_queued().filter(status="READY").update(run_after=timezone.now())
    run_worker()
    assert Review.objects.get(game=mine).decisions == analysed(mine)


def test_a_review_whose_worker_died_is_queued_again_once_by_the_next_visit(client, player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rw-died")
    client.get(url(game))
    task = reviews_queued().get()
    task.claim("killed-worker")  # the worker took it, then died (kill -9) with its lease
    long_ago = timezone.now() - timedelta(seconds=settings.REVIEW_STALLED_SECONDS + 5)
    Review.objects.filter(game=game).update(
        busy_until=long_ago, updated_at=long_ago, decisions=analysed(game)[:1]
    )
    client.get(url(game))
    client.get(url(game))  # a second poll at once queues no second task
    assert queued() == 1
    run_worker()
    review = Review.objects.get(game=game)
    assert review.is_done and review.decisions == analysed(game)  # the saved one kept, once


def test_a_waiting_review_is_not_queued_twice_however_long_it_waits(client, player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rw-patient")
    client.get(url(game))
    long_ago = timezone.now() - timedelta(seconds=settings.REVIEW_STALLED_SECONDS + 5)
    Review.objects.filter(game=game).update(updated_at=long_ago)
    client.get(url(game))  # its task is still in the queue: the worker will come to it
    assert queued() == 1


def test_a_long_review_is_shown_a_page_of_decisions_at_a_time(client, player, monkeypatch):
    from games.core.review import digest

    monkeypatch.setattr(digest, "ROWS_PER_PAGE", 3)  # the worker cuts the pages as it ends
    game = finish(player, "magdagdon", PEACEFUL, seed="rw-pages")
    client.get(url(game))
    run_worker()
    total = Review.objects.get(game=game).total
    assert total > 6
    first = client.get(url(game), {"show": "all"}).content.decode()
    assert first.count("data-decision=") == 3 and 'data-decision="1"' in first
    assert 'href="?page=2&amp;show=all#decisions"' in first and "Page 1 of" in first
    second = client.get(url(game), {"page": 2, "show": "all"}).content.decode()
    assert [f'data-decision="{n}"' in second for n in (3, 4, 6, 7)] == [False, True, True, False]
    beyond = client.get(url(game), {"page": "9" * 50}).content.decode()  # any value: a page
    assert "data-review-summary" in beyond


def reads_decisions(queries) -> bool:
    """Whether a request read a review's whole list of decisions."""
    return any('"decisions"' in q["sql"] for q in queries.captured_queries)


def test_a_stored_review_is_served_from_its_digest_and_one_page(client, player, monkeypatch):
    from games.core.review import digest

    monkeypatch.setattr(digest, "ROWS_PER_PAGE", 2)
    game = finish(player, "magdagdon", PEACEFUL, seed="rw-digest")
    client.get(url(game))
    run_worker()
    review = Review.objects.get(game=game)
    assert review.is_done and review.analysed == review.total == len(review.decisions)
    assert review.digest == digest.digest(review.decisions)
    assert review.pages.filter(flagged=False).count() == -(-review.total // 2)
    with CaptureQueriesContext(connection) as queries:
        html = client.get(url(game), {"page": 2, "show": "all"}).content.decode()
    assert not reads_actions(queries) and not reads_decisions(queries)
    assert 'data-decision="3"' in html and 'data-decision="4"' in html
    assert 'data-decision="2"' not in html and "data-review-summary" in html
    accuracy = digest.digest(review.decisions)["summaries"][0]
    assert f"expected result kept by your {accuracy['decisions']} choice" in html


def test_reviews_stored_before_digests_get_theirs_when_migrated(client, player):
    import importlib

    from django.apps import apps

    from games.core.review import digest

    migration = importlib.import_module("games.core.migrations.0014_review_digest_pages")
    game = finish(player, "magdagdon", PEACEFUL, seed="rw-migrated")
    client.get(url(game))
    run_worker()
    review = Review.objects.get(game=game)
    review.pages.all().delete()
    Review.objects.filter(pk=review.pk).update(digest=None, analysed=0)
    migration.keep_digests(apps, None)
    again = Review.objects.get(pk=review.pk)
    assert again.digest == digest.digest(review.decisions) and again.analysed == review.total
    first = again.pages.get(flagged=False, number=1).rows
    assert first[0] == [1, review.decisions[0]]
    assert 'data-decision="1"' in client.get(url(game)).content.decode()
