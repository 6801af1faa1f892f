"""The review in a real Chromium against the site as `scripts/run` serves it: gunicorn and a
separate django-tasks-db `db_worker` process on one database. The page asks for the analysis,
the worker process (never gunicorn) analyses it, and the page fills itself in by its own poll:
the accuracy, the chart and the decisions, read from the stored digest and page."""

import json
import types

import pytest

from games.core.review.display import FLAGGED_PER_PAGE
from tests.support.browser import open_context, screenshot
from tests.support.servers import (
    free_port,
    fresh_database,
    manage,
    query,
    start_gunicorn,
    start_worker,
    stop_process,
)

pytestmark = pytest.mark.browser

FINISH = (
    "from games.core.models import Player\n"
    "from games.rules import magdagdon\n"
    "from tests.support.finished import finish\n"
    "player = Player.objects.create(nickname='Served')\n"
    "options = magdagdon.Options(magdagdon.Difficulty.PEACEFUL)\n"
    "print(finish(player, 'magdagdon', options, seed='served-review').pk)\n"
)


def test_the_worker_process_fills_the_review_page_as_it_waits(browser, tmp_path):
    with fresh_database(tmp_path) as env:
        game = int(manage(env, "shell", "-v0", "-c", FINISH).split()[-1])
        port = free_port()
        server = start_gunicorn(env, port, workers=1)
        worker = None
        context, page = open_context(browser, types.SimpleNamespace(url=f"http://127.0.0.1:{port}"))
        try:
            page.set_viewport_size({"width": 360, "height": 740})
            page.goto(page.base_url + f"/review/{game}/")
            page.locator("[data-review-queued]").wait_for()  # asked for; nobody analyses yet
            assert query(env, f"SELECT analysed FROM core_review WHERE game_id = {game}") == [(0,)]
            worker = start_worker(env)
            page.locator("[data-review-summary]").wait_for(timeout=120_000)
            total, analysed, pages, figures = query(
                env,
                "SELECT total, analysed, (SELECT COUNT(*) FROM core_decisionpage p"
                " WHERE p.review_id = r.game_id), digest FROM core_review r"
                f" WHERE game_id = {game}",
            )[0]
            assert total == analysed > 0 and pages >= 1
            flagged = json.loads(figures)["listed"]["flagged"] if figures else 0
            shown = page.locator("[data-decision]").count()  # it opens on the flagged ones
            assert shown == min(flagged, FLAGGED_PER_PAGE) > 0
            assert page.locator("[data-chart=progression] svg").is_visible()
            assert "%" in page.locator("[data-accuracy]").first.inner_text()
            screenshot(page, "review-served-phone")
        finally:
            context.close()
            for process in (worker, server):
                if process is not None:
                    stop_process(process)
