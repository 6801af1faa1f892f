"""Learn from your mistakes (games.core.retry): a flagged decision's position tried again from
its review. The position is the one the player saw, the choice goes through the rules, the
answer compares it in the review's values with the coach's best and the original choice, and
nothing of the game, its result, a leaderboard or the stats changes."""

import random
import re

import pytest
from django.test import override_settings
from django.urls import reverse

from games.coach import DecisionPoint
from games.core.models import Action, Game, Player, Result
from games.core.review import store as reviews
from games.core.review.display import value_text
from games.core.review.models import DecisionPage, Review
from games.core.review.replays import state_at
from games.rules import ishido, magdagdon, mishimash
from tests.support.finished import finish

pytestmark = pytest.mark.django_db

GAMES = {
    "magdagdon": magdagdon.Options(magdagdon.Difficulty.PEACEFUL),
    "mishimash": mishimash.Options(("Ada",), 500),
    "ishido": ishido.Options(),
}


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="module")
def made(django_db_setup, django_db_blocker):
    """One finished, reviewed game of each kind, made once for the module (an Ishido review
    takes half a minute); a retry changes none of it, as the tests check."""
    games = {}
    with django_db_blocker.unblock():
        player = Player.objects.create(nickname="Again")
        for kind_key, options in GAMES.items():
            game = finish(player, kind_key, options, seed="retry")
            while not reviews.advance(game).is_done:
                pass
            games[kind_key] = game
    yield games
    with django_db_blocker.unblock():
        Result.objects.filter(game__player=player).delete()
        Game.objects.filter(player=player).delete()
        player.delete()


@pytest.fixture
def reviewed(made):
    def of(kind_key):
        game = Game.objects.get(pk=made[kind_key].pk)
        return game, Review.objects.get(game=game)

    return of


def first_flagged(review):
    return next((n, d) for n, d in enumerate(review.decisions, 1) if d["grade"])


def url(game, number):
    return reverse("core:retry", args=[game.pk, number])


def other_choice(kind_key, state, decision):
    """Form data for a legal choice that is neither the player's nor the coach's, and the
    rules actions it means."""
    if kind_key == "ishido":
        taken = {decision["player"][0]["cell"], decision["coach"][0]["cell"]}
        cell = min(set(state.legal_cells) - taken)
        return {"cell": str(cell)}, [ishido.Place(cell)]
    if kind_key == "mishimash":
        played = decision["player"][0]
        for action in mishimash.legal_actions(state):
            if action.to_dict() not in (played, decision["coach"][0]):
                then = "bank" if isinstance(action, mishimash.SelectAndBank) else "roll"
                return {"dice": [str(d) for d in action.dice], "then": then}, [action]
    taken = [
        {(a["die"], a["cell"]) for a in decision[who] if a["type"] == "stage"}
        for who in ("player", "coach")
    ]
    staged = first_other_staging(state, taken)
    form = {f"die{die}": str(cell) for die, cell in staged}
    return form, [*(magdagdon.Stage(d, c) for d, c in staged), magdagdon.Confirm()]


def first_other_staging(state, taken, staged=()):
    """A staging the rules accept to CONFIRM, other than those `taken` (depth first)."""
    if magdagdon.can_confirm(state) and set(staged) not in taken:
        return staged
    for action in magdagdon.legal_actions(state):
        if isinstance(action, magdagdon.Stage) and action.die > max(
            (d for d, _ in staged), default=-1
        ):
            after = magdagdon.apply(state, action, random.Random(0))
            found = first_other_staging(after, taken, (*staged, (action.die, action.cell)))
            if found is not None:
                return found
    return None


def coach_form(kind_key, decision):
    coach = decision["coach"]
    if kind_key == "ishido":
        return {"cell": str(coach[0]["cell"])}
    if kind_key == "mishimash":
        then = "bank" if coach[0]["type"] == "select_and_bank" else "roll"
        return {"dice": [str(d) for d in coach[0]["dice"]], "then": then}
    first = coach[0]
    if first["type"] == "stage":
        return {f"die{a['die']}": str(a["cell"]) for a in coach if a["type"] == "stage"}
    if first["type"] == "accept_magdagdon":
        return {"ruin": str(first["cell"])}
    if first["type"] == "reroll":
        return {"power": "reroll", "reroll": [str(d) for d in first["dice"]]}
    return {"power": f"{first['type']}-{first['die']}"}


def snapshot_of_everything(game):
    game = Game.objects.get(pk=game.pk)
    return (
        (game.version, game.snapshot, game.status, game.finished_at),
        list(Action.objects.filter(game=game).values_list("number", "payload")),
        list(Result.objects.values_list("pk", "score", "leaderboard", "game_id")),
        Game.objects.count(),
        list(Review.objects.filter(game=game).values_list("decisions", "digest", "version")),
        list(DecisionPage.objects.filter(review__game=game).values_list("rows", flat=True)),
    )


@pytest.mark.parametrize("kind_key", GAMES)
def test_the_coachs_choice_tried_again_is_the_best_found(client, reviewed, kind_key):
    game, review = reviewed(kind_key)
    number, decision = first_flagged(review)
    page = client.get(url(game, number))
    assert page.status_code == 200 and "data-retry-form" in page.content.decode()
    answer = client.post(url(game, number), coach_form(kind_key, decision)).content.decode()
    assert 'data-compared="better"' in answer  # a flagged choice lost against the coach's
    assert "The coach’s choice: the best found." in answer


@pytest.mark.parametrize("kind_key", GAMES)
def test_another_choice_is_valued_by_the_coachs_analysis_of_that_position(
    client, reviewed, kind_key
):
    game, review = reviewed(kind_key)
    number, decision = first_flagged(review)
    state = state_at(game, decision["step"])
    form, actions = other_choice(kind_key, state, decision)
    response = client.post(url(game, number), form)
    assert response.status_code == 200
    html = response.content.decode()
    states = [state]
    for action in actions:
        states.append(game.kind.apply(states[-1], action, random.Random(0)))
    payloads = [a.to_dict() for a in actions]
    expected = game.kind.coach.analyse(DecisionPoint(0, len(actions) - 1), states, payloads)
    assert value_text(expected["player_value"], expected["unit"]) in html
    assert value_text(decision["player_value"], decision["unit"]) in html  # the original's
    assert "data-original" in html and "data-coach" in html


def test_the_original_choice_tried_again_is_as_good_as_in_the_game(client, reviewed):
    game, review = reviewed("ishido")
    number, decision = first_flagged(review)
    html = client.post(url(game, number), {"cell": str(decision["player"][0]["cell"])})
    assert 'data-compared="equal"' in html.content.decode()


def test_before_choosing_the_page_never_shows_the_coachs_choice(client, reviewed):
    game, review = reviewed("ishido")
    number, decision = first_flagged(review)
    html = client.get(url(game, number)).content.decode()
    state = state_at(game, decision["step"])
    assert html.count('name="cell"') == len(state.legal_cells)  # every legal cell, one tap
    assert "data-coach" not in html and "data-retry-answer" not in html


@pytest.mark.parametrize("kind_key", GAMES)
def test_a_retry_never_changes_the_game_its_result_or_a_leaderboard(client, reviewed, kind_key):
    game, review = reviewed(kind_key)
    number, decision = first_flagged(review)
    before = snapshot_of_everything(game)
    client.post(url(game, number), coach_form(kind_key, decision))
    client.post(url(game, number), {"cell": "999", "then": "x", "die0": "77"})
    assert snapshot_of_everything(game) == before  # the Result rows: every leaderboard's


def test_an_illegal_choice_is_refused_with_a_message_and_changes_nothing(client, reviewed):
    game, review = reviewed("ishido")
    number, decision = first_flagged(review)
    state = state_at(game, decision["step"])
    taken = next(c for c in range(ishido.CELLS) if state.board[c] is not None)
    response = client.post(url(game, number), {"cell": str(taken)})
    assert response.status_code == 400
    assert "data-error" in response.content.decode()
    unreadable = client.post(url(game, number), {"cell": "<b>"})
    assert unreadable.status_code == 400
    assert "Choose one of the cells where the stone fits." in unreadable.content.decode()


def test_htmx_gets_the_retry_part_alone(client, reviewed):
    game, review = reviewed("mishimash")
    number, decision = first_flagged(review)
    response = client.post(url(game, number), coach_form("mishimash", decision), htmx=True)
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card retry" id="retry"')
    assert "HX-Request" in response["Vary"]


@override_settings(RETRY_LIMITS={"address": 2})
def test_new_choices_past_the_limit_are_refused_with_a_429_and_one_asked_again_is_not_counted(
    client, reviewed
):
    game, review = reviewed("mishimash")
    number, decision = first_flagged(review)
    state = state_at(game, decision["step"])
    choices = []
    for action in mishimash.legal_actions(state):
        then = "bank" if isinstance(action, mishimash.SelectAndBank) else "roll"
        choices.append({"dice": [str(d) for d in action.dice], "then": then})
    assert len(choices) >= 3
    assert client.post(url(game, number), choices[0]).status_code == 200
    assert client.post(url(game, number), choices[1]).status_code == 200
    assert client.post(url(game, number), choices[0]).status_code == 200  # kept: not counted
    refused = client.post(url(game, number), choices[2])
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many tries" in refused.content.decode()


def test_only_a_finished_reviews_flagged_decisions_can_be_tried_again(client, reviewed):
    game, review = reviewed("magdagdon")
    good = next(n for n, d in enumerate(review.decisions, 1) if not d["grade"])
    assert client.get(url(game, good)).status_code == 404
    assert client.get(url(game, len(review.decisions) + 1)).status_code == 404
    running = Game.start(Player.objects.create(nickname="Busy"), game.kind, GAMES["magdagdon"])
    assert client.get(url(running, 1)).status_code == 404


def test_ishidos_retry_draws_each_stone_as_the_game_does(client, reviewed):
    """Shape, colour and letter (the game's symbols), not coloured squares: matching a shape is
    half of Ishido's rule (I5)."""
    game, review = reviewed("ishido")
    number, _ = first_flagged(review)
    page = client.get(url(game, number)).content.decode()
    state = list(game.replay_states())[review.decisions[number - 1]["step"]]
    board = page.split("data-retry-board")[1].split("</div>")[0]
    drawn = re.findall(r'<use href="#s(\d)(\d)"/>', board)
    placed = [stone for stone in state.board if stone is not None]
    assert sorted(drawn) == sorted((str(c), str(s)) for c, s in placed)
    for shape in range(6):
        assert f'<symbol id="k{shape}"' in page
    assert re.search(r'<symbol id="s\d\d".*?<use href="#k\d"', page, re.S)
