"""A finished game's review (games.coach.review, games.core.review.store, the review page): the
decisions cut from real seeded games, graded against the coach, stored a step at a time."""

import random
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.coach import review as analysis
from games.coach.ishido import review as ishido_review
from games.coach.magdagdon import plan as magdagdon_coach
from games.core.kinds import all_kinds, get_kind
from games.core.models import Game, Player
from games.core.review import store as reviews
from games.core.review.models import Review
from games.rules import ishido, magdagdon, mishimash
from tests.support.finished import finish

pytestmark = pytest.mark.django_db

PEACEFUL = magdagdon.Options(magdagdon.Difficulty.PEACEFUL)
SOLO = mishimash.Options(("Ada",), 500)
HOT_SEAT = mishimash.Options(("Anna", "Béla"), 500)


@pytest.fixture
def player():
    return Player.objects.create(nickname="Reviewer")


def analysed(game):
    """Every decision of `game` as the review stores it, computed in one go."""
    states, payloads = reviews.replay(game)
    coach = game.kind.coach
    points = coach.decision_points(states, payloads)
    return points, [coach.analyse(p, states, payloads) for p in points], states, payloads


def review_all(game):
    """Advance the review until it is done, as the page's poll does."""
    for _ in range(500):
        if reviews.advance(game).is_done:
            return
    raise AssertionError("the review never finished")


# --- the decisions of each game ---------------------------------------------------------------


def test_magdagdon_makes_one_decision_per_turn_or_power_with_its_stagings_grouped(player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-m1")
    points, decisions, states, payloads = analysed(game)
    ends = [i for i, p in enumerate(payloads) if p["type"] not in ("roll", "stage", "unstage")]
    assert [p.end for p in points] == ends
    assert len(points) == states[-1].turns + len(states[-1].powers_used)
    for point, d in zip(points, decisions, strict=True):
        assert payloads[point.start - 1]["type"] in ("roll", "decrease", "increase", "reroll")
        final = payloads[point.end]
        assert d["player"][-1] == final
        if final["type"] == "confirm":  # the board confirmed: the dice staged at that moment
            staged = states[point.end].staged
            assert d["player"][:-1] == [magdagdon.Stage(die, c).to_dict() for die, c in staged]
        assert d["loss"] >= 0 and d["unit"] == "points"
        # the value the review shows is the hint's: the plan's, calibrated to the coach's play
        assert d["best_value"] == round(magdagdon_coach.advice(states[point.start]).value, 3)


def test_the_coachs_magdagdon_choice_is_legal_from_the_position_seen(player):
    game = finish(player, "magdagdon", magdagdon.Options(magdagdon.Difficulty.SURVIVAL), "rv-m2")
    points, decisions, states, _ = analysed(game)
    for point, d in zip(points, decisions, strict=True):
        state = states[point.start]
        for staged_die, _cell in reversed(state.staged):  # a power kept some dice staged
            state = magdagdon.apply(state, magdagdon.Unstage(staged_die), random.Random(0))
        for action in d["coach"]:
            state = magdagdon.apply(state, magdagdon.action_from_dict(action), random.Random(0))


def test_a_player_who_follows_the_coach_loses_nothing(player):
    game = Game.start(player, get_kind("magdagdon"), PEACEFUL, seed="rv-coached")
    while game.is_active:
        game.apply_action(magdagdon_coach.advise(game.state), game.version)
    _, decisions, _, _ = analysed(game)
    assert decisions and all(d["same"] and d["loss"] == 0 and not d["grade"] for d in decisions)
    assert analysis.summary(decisions).accuracy in (1.0, None)


def test_mishimash_solo_values_every_selection_in_expected_turns(player):
    game = finish(player, "mishimash", SOLO, seed="rv-x1")
    points, decisions, states, payloads = analysed(game)
    selections = [i for i, p in enumerate(payloads) if p["type"].startswith("select")]
    assert [p.start for p in points] == selections
    for point, d in zip(points, decisions, strict=True):
        assert d["player"] == [payloads[point.start]] and d["unit"] == "turns"
        seen = states[point.start]
        assert d["context"]["roll"] == list(seen.roll)
        assert mishimash.action_from_dict(d["coach"][0]) in mishimash.legal_actions(seen)
        # lower is better: the loss is the player's expected turns minus the best
        expected = 0 if d["same"] else max(0.0, d["player_value"] - d["best_value"])
        assert d["loss"] == pytest.approx(expected, abs=2e-4)
    # banking at 30 is no optimal policy: some of its choices cost time
    assert any(d["loss"] > 0 for d in decisions)
    assert analysis.summary(decisions).accuracy < 1
    last = decisions[-1]
    assert last["chart"] == pytest.approx(states[-1].turns[0], abs=1.0)


def test_hot_seat_decisions_are_each_seats_own_with_a_line_each(player, client):
    game = finish(player, "mishimash", HOT_SEAT, seed="rv-h1")
    review_all(game)
    decisions = Review.objects.get(game=game).decisions
    states, payloads = reviews.replay(game)
    points = game.kind.coach.decision_points(states, payloads)
    for point, d in zip(points, decisions, strict=True):
        assert d["seat"] == payloads[point.start]["player"] == states[point.start].current
    assert {d["seat"] for d in decisions} == {0, 1}
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    assert html.count("data-seat-summary") == 2
    assert "<b><bdi>Anna</bdi></b>:" in html and "<b><bdi>Béla</bdi></b>:" in html
    lines = svg_of(html).findall("{http://www.w3.org/2000/svg}path")
    assert sorted(p.get("data-series") for p in lines) == ["0", "1"]


def test_ishido_has_one_decision_per_placement_with_a_legal_coach_cell(player):
    game = finish(player, "ishido", ishido.Options(), seed="rv-i1")
    points, decisions, states, payloads = analysed(game)
    assert len(points) == len(payloads) == sum(p["type"] == "place" for p in payloads)
    for point, d in zip(points, decisions, strict=True):
        assert d["coach"][0]["cell"] in states[point.start].legal_cells
        assert d["player"] == [payloads[point.start]]
        # the loss shown is what the player's cell gave up, nothing where it is valued higher
        # (the coach is strong, not perfect); the accuracy counts that gain (games.coach.review)
        gap = d["best_value"] - d["player_value"]  # both shown to a tenth of a point
        assert d["same"] or abs(d["loss"] - max(0.0, gap)) <= 0.11
        assert d["loss"] >= 0 and (d["same"] or abs(d["change"] - gap) <= 0.11)
        assert d["unit"] == "stone_points"


def test_the_ishido_values_see_the_pouchs_contents_not_its_order(player):
    game = finish(player, "ishido", ishido.Options(), seed="rv-i2")
    states = list(game.replay_states())
    seen = states[10]
    shuffled = list(seen.pouch[1:])
    random.Random(3).shuffle(shuffled)
    other = replace(seen, pouch=(seen.pouch[0], *shuffled))
    cells = sorted(seen.legal_cells)[:2]
    assert ishido_review.ishido_values(seen, cells) == ishido_review.ishido_values(other, cells)


# --- grades and accuracy --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("share", "grade"),
    [
        (0.0099, ""),
        (0.01, "inaccuracy"),
        (0.0299, "inaccuracy"),
        (0.03, "mistake"),
        (0.08, "blunder"),
    ],
)
def test_every_game_grades_a_loss_by_its_share_of_the_games_expected_result(share, grade):
    assert {kind.coach.grades for kind in all_kinds()} == {analysis.GRADES}
    assert analysis.GRADES.grade(share) == grade


def test_a_loss_is_read_as_its_share_of_the_games_expected_result():
    point = analysis.DecisionPoint(3, 3)

    def found(loss, par, forced=False):
        return {"same": False, "loss": loss, "par": par, "forced": forced, "unit": "points"}

    # MAGDAGDON PEACEFUL: 20 points of a game worth about 430 is a mistake, not a blunder;
    # 40 points (a RUIN and a bonus) is one
    par = 430.0
    assert analysis.graded(found(20, par), point)["grade"] == "mistake"
    assert analysis.graded(found(40, par), point)["grade"] == "blunder"
    graded = analysis.graded(found(4.3, par), point)
    assert (graded["share"], graded["grade"], graded["step"]) == (0.01, "inaccuracy", 3)
    # nothing lost when the player chose as the coach, nothing graded when forced
    assert analysis.graded({**found(50, par), "same": True}, point)["share"] == 0
    assert analysis.graded(found(50, par, forced=True), point)["grade"] == ""


def test_accuracy_is_the_share_of_the_expected_result_the_choices_kept():
    def decision(share, grade, forced=False, unit="turns"):
        return {"loss": 64 * share, "share": share, "grade": grade, "forced": forced, "unit": unit}

    decisions = [
        decision(0, ""),
        decision(0.005, ""),
        decision(0.04, "mistake"),
        decision(0.1, "blunder"),
        decision(0.5, "", forced=True),  # a forced move is no choice: left out
        decision(0.09, "blunder", unit="chance"),  # counted, but not in the mean of turns
    ]
    found = analysis.summary(decisions, "turns")
    assert (found.decisions, found.accurate) == (5, 2)
    assert found.accuracy == pytest.approx(1 - (0.005 + 0.04 + 0.1 + 0.09))
    assert found.mean_loss == pytest.approx(64 * (0 + 0.005 + 0.04 + 0.1) / 4)
    assert (found.inaccuracies, found.mistakes, found.blunders) == (0, 1, 2)
    # many small losses add up: thirty choices of 4 % each keep nothing, though none a blunder
    eroded = analysis.summary([decision(0.04, "mistake")] * 30)
    assert (eroded.accuracy, eroded.blunders) == (0.0, 0)
    assert analysis.summary([]).accuracy is None


# --- stored a step at a time ------------------------------------------------------------------


class Ticks:
    """A clock that moves on a step's budget per reading: every step analyses one decision."""

    def __init__(self, after_first_decision=None):
        self.now = 0.0
        self.reads = 0
        self.hook = after_first_decision

    def __call__(self):
        self.reads += 1
        if (
            self.reads == 2 and self.hook is not None
        ):  # read 1 starts the step, 2 follows a decision
            self.hook()
        self.now += reviews.STEP_SECONDS
        return self.now


def test_each_step_saves_further_decisions_and_resumes_where_it_stopped(player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-steps")
    _, expected, _, _ = analysed(game)
    done = []
    while True:
        review = reviews.advance(game, clock=Ticks())
        done.append(len(review.decisions))
        if review.is_done:
            break
    assert done[:3] == [1, 2, 3] and done[-1] == len(expected) == review.total
    assert review.decisions == expected  # a game analysed in steps is the game analysed at once
    again = reviews.advance(game)  # once done, opening it computes nothing and changes nothing
    assert again.decisions == expected and again.version == review.version


def test_a_step_waits_while_another_request_holds_the_lease(player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-lease")
    reviews.advance(game, clock=Ticks())
    Review.objects.filter(game=game).update(busy_until=timezone.now() + timedelta(seconds=5))
    held = reviews.advance(game, clock=Ticks())
    assert len(held.decisions) == 1  # the other request is on it: this one only reads
    # The holder was killed mid-step: once its lease runs out, the next request goes on.
    Review.objects.filter(game=game).update(busy_until=timezone.now() - timedelta(seconds=1))
    assert len(reviews.advance(game, clock=Ticks()).decisions) == 2


def test_two_overlapping_steps_neither_double_nor_lose_a_decision(player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-race")
    _, expected, _, _ = analysed(game)
    reviews.advance(game, clock=Ticks())

    def other_request():  # A's lease ran out while it computed; B takes over and saves first
        Review.objects.filter(game=game).update(busy_until=timezone.now() - timedelta(seconds=1))
        assert len(reviews.advance(game, clock=Ticks()).decisions) == 2

    late = reviews.advance(game, clock=Ticks(after_first_decision=other_request))
    assert late.decisions == expected[:2]  # A's write found a newer version and was dropped
    assert Review.objects.get(game=game).decisions == expected[:2]
    assert reviews.advance(game, clock=Ticks()).decisions == expected[:3]


def test_a_review_of_an_older_format_is_computed_again(player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-format")
    Review.objects.create(game=game, format=analysis.FORMAT - 1, total=1, decisions=[{"old": 1}])
    review = reviews.advance(game, clock=Ticks())
    assert review.format == analysis.FORMAT and {"old": 1} not in review.decisions
    review_all(game)
    assert Review.objects.get(game=game).decisions == analysed(game)[1]


# --- the page ----------------------------------------------------------------------------------


def test_a_running_game_is_not_reviewed_and_says_why(client, player):
    game = Game.start(player, get_kind("ishido"), ishido.Options(), seed="rv-running")
    response = client.get(reverse("core:review", args=[game.pk]))
    assert response.status_code == 404
    assert "still being played" in response.content.decode()
    assert not Review.objects.exists()


def test_an_abandoned_game_is_not_reviewed(client, player):
    game = Game.start(player, get_kind("ishido"), ishido.Options(), seed="rv-gone")
    Game.start(player, get_kind("ishido"), ishido.Options(), seed="rv-next")  # abandons it
    response = client.get(reverse("core:review", args=[game.pk]))
    assert response.status_code == 404 and "abandoned" in response.content.decode()


def test_a_daily_challenge_is_reviewed_once_its_day_is_over(client, player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-daily")
    Game.objects.filter(pk=game.pk).update(day=timezone.now().date())
    response = client.get(reverse("core:review", args=[game.pk]))
    assert response.status_code == 404 and "daily challenge" in response.content.decode()
    Game.objects.filter(pk=game.pk).update(day=timezone.now().date() - timedelta(days=1))
    assert client.get(reverse("core:review", args=[game.pk])).status_code == 200


def test_the_review_is_public_like_the_replay(client, player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-public")
    review_all(game)  # however busy the machine, every decision is in
    response = client.get(reverse("core:review", args=[game.pk]))  # not the player's client
    assert response.status_code == 200
    html = client.get(reverse("core:review", args=[game.pk]), {"show": "all"}).content.decode()
    assert html.count("data-decision=") == Review.objects.get(game=game).total
    assert 'data-grade="blunder"' in html or 'data-grade="mistake"' in html


def svg_of(html):
    """The chart's SVG (the decisions' pictures are SVGs too)."""
    chart = html.index('data-chart="progression"')
    start, end = html.index("<svg", chart), html.index("</svg>", chart) + len("</svg>")
    return ET.fromstring(html[start:end])


def test_the_chart_is_a_well_formed_labelled_svg_with_the_flagged_choices_marked(client, player):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-chart")
    review_all(game)  # however busy the machine, every decision is in
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    svg = svg_of(html)
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.get("role") == "img" and svg.find(f"{ns}title").text.startswith("Expected final")
    assert "decisions, the last valued" in svg.find(f"{ns}desc").text
    lines = [path for path in svg.findall(f"{ns}path") if "end-step" not in path.get("class")]
    assert len(lines) == 1  # one line: one player
    decisions = Review.objects.get(game=game).decisions
    flagged = [d for d in decisions if d["grade"] in ("mistake", "blunder")]
    marks = [c for c in svg.findall(f"{ns}circle") if c.get("class").startswith("mark")]
    assert len(marks) == len(flagged) > 0
    assert "The chart's values as a table" in html  # the same values, without the picture


def chart_end(html):
    """The value of the chart's last point, how the game ended, or None without one."""
    ends = [c for c in svg_of(html).iter() if c.get("data-end") is not None]
    assert len(ends) <= 1
    return float(ends[0].get("data-end")) if ends else None


def test_the_chart_ends_with_the_final_score_after_the_last_expected_one(client, player):
    """Up to the last decision the chart shows what the coach expected (M21); its last point
    is the score the game really ended with, in the chart, its table and its caption."""
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-end")
    review_all(game)
    html = client.get(reverse("core:review", args=[game.pk])).content.decode()
    final = magdagdon.live_score(magdagdon.State.from_dict(game.snapshot)).total
    assert chart_end(html) == final
    assert f"<title>Final score: {final}</title>" in html
    row = html[html.index("<tr data-end-row>") :]
    row = row[: row.index("</tr>")]
    assert "<td>Final score</td>" in row and f"{final:.2f}" in row
    assert "Ring: how the game ended." in html


def test_a_solo_mishimash_chart_ends_with_the_turns_played_and_a_hot_seat_one_with_none(
    client, player
):
    solo = finish(player, "mishimash", SOLO, seed="rv-end-solo")
    review_all(solo)
    html = client.get(reverse("core:review", args=[solo.pk])).content.decode()
    assert chart_end(html) == mishimash.State.from_dict(solo.snapshot).turns[0]
    assert "<title>Turns: " in html
    table = finish(player, "mishimash", HOT_SEAT, seed="rv-end-seats")
    review_all(table)
    html = client.get(reverse("core:review", args=[table.pk])).content.decode()
    assert chart_end(html) is None  # each seat has its own line, and the table no one result
    assert "Ring: how the game ended." not in html


def test_while_analysing_the_page_polls_and_refreshes_without_javascript(client, player):
    game = finish(player, "ishido", ishido.Options(), seed="rv-poll")
    reviews.advance(game, clock=Ticks())  # the worker has saved its first step
    response = client.get(reverse("core:review", args=[game.pk]))
    html = response.content.decode()
    review = Review.objects.get(game=game)
    assert not review.is_done and 0 < len(review.decisions) < review.total
    assert f"{len(review.decisions)} of {review.total} decisions analysed" in html
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in html
    assert 'hx-trigger="load delay:500ms"' in html
    poll = client.get(reverse("core:review", args=[game.pk]), headers={"HX-Request": "true"})
    part = poll.content.decode()
    assert part.lstrip().startswith('<div id="analysis"') and "<html" not in part
    assert "HX-Request" in poll["Vary"]
    assert Review.objects.get(game=game).decisions == review.decisions  # a page analyses nothing


@pytest.mark.parametrize("query", [{}, {"show": "flagged"}])  # the old link still works
def test_the_page_opens_on_the_flagged_decisions_only(client, player, query):
    game = finish(player, "magdagdon", PEACEFUL, seed="rv-flagged")
    review_all(game)  # however busy the machine, every decision is in
    html = client.get(reverse("core:review", args=[game.pk]), query).content.decode()
    decisions = Review.objects.get(game=game).decisions
    assert html.count("data-decision=") == sum(bool(d["grade"]) for d in decisions)
    assert 'data-grade=""' not in html


def test_the_ending_the_records_and_the_replay_link_to_the_review(client):
    from tests.support.games import bind_player

    me = bind_player(client, "Linker")
    game = finish(me, "magdagdon", PEACEFUL, seed="rv-links")
    url = reverse("core:review", args=[game.pk])
    for page in (game.get_absolute_url(), reverse("core:records"), game.replay_url()):
        html = client.get(page).content.decode()
        assert f'href="{url}"' in html, page


def test_a_running_games_ending_has_no_review_link(client):
    from tests.support.games import bind_player

    me = bind_player(client, "Runner")
    game = Game.start(me, get_kind("magdagdon"), PEACEFUL, seed="rv-no-link")
    assert (
        reverse("core:review", args=[game.pk])
        not in client.get(game.get_absolute_url()).content.decode()
    )
