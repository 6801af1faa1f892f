"""Solving puzzles (games.core.puzzles): a puzzle is the source game's position on the retry
board, answered by a plain POST; the answer shows the coach's choice, both values and the
margin, counts once per player and puzzle (Glicko-2 for both sides), and only then names the
source game's player; puzzles are served near the player's rating, a streak ends at the first
miss, the day's puzzle is the same for everyone, hidden puzzles are never served, answers are
throttled per address, and nothing of the source game changes."""

import pytest
from django.test import override_settings
from django.urls import reverse

from games.core.models import Action, Game, Player
from games.core.puzzles.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzleRating
from games.core.puzzles.serving import near
from tests.support.puzzles import form_of, mishimash_puzzle

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def puzzle():
    return mishimash_puzzle(nickname="Secretname")


def url(puzzle, mode=""):
    return reverse("core:puzzle", args=[puzzle.pk]) + (f"?mode={mode}" if mode else "")


def solve(client, puzzle, mode="", right=True):
    actions = puzzle.decision["coach"] if right else puzzle.decision["player"]
    data = form_of(puzzle.kind_key, actions)
    if mode:
        data["mode"] = mode
    return client.post(url(puzzle), data)


def everything_of(game):
    game = Game.objects.get(pk=game.pk)
    actions = list(Action.objects.filter(game=game).values_list("number", "payload"))
    return game.version, game.snapshot, game.status, actions


def test_the_puzzle_page_shows_the_board_and_hides_the_source_until_answered(client, puzzle):
    page = client.get(url(puzzle)).content.decode()
    assert "data-puzzle-form" in page and 'name="then"' in page
    assert "Secretname" not in page
    assert f"/review/{puzzle.game_id}/" not in page and f"/replay/{puzzle.game_id}/" not in page


def test_the_coachs_choice_solves_it_and_the_answer_says_why(client, puzzle):
    before = everything_of(puzzle.game)
    page = solve(client, puzzle).content.decode()
    assert 'data-solved="yes"' in page
    assert "data-coach" in page and "data-original" in page and "data-counted" in page
    assert "Secretname" in page and f"/review/{puzzle.game_id}/" in page  # now revealed
    attempt = PuzzleAttempt.objects.get()
    assert attempt.solved and attempt.choice == puzzle.decision["coach"]
    rating = PuzzleRating.objects.get(player=attempt.player)
    assert rating.rating > 1500 and rating.deviation < 500 and rating.attempts == 1
    solved = Puzzle.objects.get(pk=puzzle.pk)
    assert solved.rating < 1500 and (solved.attempts, solved.solved) == (1, 1)
    assert everything_of(puzzle.game) == before  # nothing of the source game changes


def test_the_choice_played_in_the_game_misses_it_with_the_margin_shown(client, puzzle):
    page = solve(client, puzzle, right=False).content.decode()
    assert 'data-solved="no"' in page and "data-margin" in page
    assert PuzzleRating.objects.get().rating < 1500
    assert Puzzle.objects.get(pk=puzzle.pk).rating > 1500


def test_answering_again_counts_once(client, puzzle):
    solve(client, puzzle)
    first = PuzzleRating.objects.values_list("rating", "deviation", "version").get()
    page = solve(client, puzzle, right=False).content.decode()
    assert "data-counted-before" in page
    assert PuzzleAttempt.objects.count() == 1 and PuzzleAttempt.objects.get().solved
    assert PuzzleRating.objects.values_list("rating", "deviation", "version").get() == first
    assert Puzzle.objects.get(pk=puzzle.pk).attempts == 1


def test_a_choice_the_rules_refuse_is_a_clear_message_and_counts_nothing(client, puzzle):
    answer = client.post(url(puzzle), {"dice": ["9"], "then": "bank"})
    assert answer.status_code == 400 and "data-error" in answer.content.decode()
    assert not PuzzleAttempt.objects.exists() and not PuzzleRating.objects.exists()


@override_settings(PUZZLE_LIMITS={"address": 1})
def test_answers_are_throttled_per_address(client, other_client, puzzle):
    assert solve(client, puzzle).status_code == 200
    refused = solve(other_client, puzzle)  # the same address
    assert refused.status_code == 429 and refused["Retry-After"]
    assert PuzzleAttempt.objects.count() == 1


def test_a_hidden_puzzle_is_never_served(client, puzzle):
    Puzzle.objects.filter(pk=puzzle.pk).update(hidden=True)
    assert client.get(url(puzzle)).status_code == 404
    assert client.get(reverse("core:next_puzzle")).status_code == 404


def test_puzzles_are_served_near_the_players_rating_and_not_twice(client, puzzle):
    others = []
    for rating in (900, 1450, 1580, 2300):
        copy = Puzzle.objects.get(pk=puzzle.pk)
        copy.pk, copy.number, copy.rating = None, copy.number + int(rating), float(rating)
        copy.save()
        others.append(copy)
    Puzzle.objects.filter(pk=puzzle.pk).update(rating=1200.0)
    player = Player.objects.create()
    assert near(1500, player) == others[1].pk
    assert near(1560, player) == others[2].pk
    assert near(2000, None) == others[3].pk
    PuzzleAttempt.objects.create(
        player=player, puzzle=others[1], solved=True, choice=[], rating_before=0, rating_after=0
    )
    assert near(1500, player) == others[2].pk  # 1580 is nearer 1500 than 1200 is
    assert near(1500, player, skip=others[2].pk) == puzzle.pk  # the one just shown: skipped
    Puzzle.objects.filter(pk=puzzle.pk).update(hidden=True)
    assert near(1150, player) == others[0].pk  # the hidden 1200 is never served: 900 is next
    Puzzle.objects.filter(pk=puzzle.pk).update(hidden=False)
    redirect = client.get(reverse("core:next_puzzle") + "?mode=streak")
    assert redirect.status_code == 303
    assert redirect["Location"] == url(others[1], "streak")


def test_a_streak_grows_with_each_solve_and_ends_at_the_first_miss(client, puzzle):
    second = Puzzle.objects.get(pk=puzzle.pk)
    second.pk, second.number = None, second.number + 1000
    second.save()
    third = Puzzle.objects.get(pk=puzzle.pk)
    third.pk, third.number = None, third.number + 2000
    third.save()
    solve(client, puzzle, mode="streak")
    assert 'data-streak-now="1"' in client.get(url(second, "streak")).content.decode()
    page = solve(client, second, mode="streak").content.decode()
    assert 'data-streak="2"' in page
    assert PuzzleRating.objects.values_list("streak", "best_streak").get() == (2, 2)
    page = solve(client, third, mode="streak", right=False).content.decode()
    assert 'data-streak="0"' in page and "Start a new streak" in page
    assert PuzzleRating.objects.values_list("streak", "best_streak").get() == (0, 2)
    room = client.get(reverse("core:puzzles")).content.decode()
    assert "best streak 2" in room


def test_the_daily_puzzle_is_the_same_for_everyone_and_on_the_home_page(
    client, other_client, puzzle
):
    first = client.get(reverse("core:daily_puzzle"))
    second = other_client.get(reverse("core:daily_puzzle"))
    assert first.status_code == 303 and first["Location"] == second["Location"]
    assert first["Location"] == url(puzzle, "daily")
    assert DailyPuzzle.objects.count() == 1
    home = client.get("/").content.decode()
    assert reverse("core:daily_puzzle") in home and reverse("core:puzzles") in home


def test_the_room_shows_a_provisional_rating(client, puzzle):
    room = client.get(reverse("core:puzzles")).content.decode()
    assert 'data-rating="1500"' in room and "data-provisional" in room


def test_staff_hide_a_puzzle_in_the_admin_and_its_game_stays_as_it_was(client, puzzle):
    from django.contrib.auth import get_user_model

    from tests.support.accounts import PASSWORD

    before = everything_of(puzzle.game)
    staff = get_user_model().objects.create_superuser("staff", "staff@example.com", PASSWORD)
    client.force_login(staff)
    change = reverse("admin:core_puzzle_change", args=[puzzle.pk])
    assert client.get(change).status_code == 200
    assert client.post(change, {"hidden": "on"}).status_code == 302
    assert Puzzle.objects.get(pk=puzzle.pk).hidden
    assert client.get(url(puzzle)).status_code == 404
    assert everything_of(puzzle.game) == before


def test_serving_reads_the_rating_index_not_the_table():
    from django.db import connection

    from games.core import rows
    from games.core.puzzles.serving import _near_sql

    sql = rows.statement("puzzles.near", _near_sql)
    params = [False, 1500.0, -1, 1] * 2
    explain = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
    with connection.cursor() as cursor:
        if connection.vendor != "sqlite":  # PostgreSQL reads a tiny table in full otherwise
            cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(explain + sql, params)
        plan = " ".join(str(row) for row in cursor.fetchall())
    assert plan.count("puzzle_by_rating") == 2, plan  # up and down the index
    # each puzzle walked past: one probe of the attempts' (player, puzzle) unique index
    probe = "player_id=? AND puzzle_id=?" if connection.vendor == "sqlite" else "one_attempt_per"
    assert plan.count(probe) == 2, plan
    assert "TEMP B-TREE" not in plan and " Sort " not in plan, plan  # read in order, no sort
