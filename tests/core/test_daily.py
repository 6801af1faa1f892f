"""Daily challenges: the seed and its commitment, one attempt per player, who ranks (secured
nicknames only, one attempt on every device; guests see where they would have placed), practice
replays, the day's board, streaks across UTC midnight, refusals and the two-tab race
(games.core.daily)."""

import doctest
import hashlib
import re
from datetime import date

import pytest
from django.db import IntegrityError
from django.test import override_settings
from django.urls import reverse

from games.core import charts
from games.core.daily import challenges as daily
from games.core.kinds import get_kind
from games.core.models import Game, LeaderboardSize, Player, Result
from games.ishido import share as ishido_share
from games.mishimash import share as mishimash_share
from games.rules import ishido, mishimash
from tests.support.accounts import sign_in
from tests.support.daily import (
    DAY,
    leaderboard_url,
    next_move,
    play_out,
    secured,
    start,
    started,
    today_url,
)
from tests.support.games import bind_player, frozen

pytestmark = pytest.mark.django_db

ISHIDO = get_kind("ishido")


def test_doctests_of_the_daily_and_chart_modules():
    for module in (daily, charts, ishido_share, mishimash_share):
        assert doctest.testmod(module).failed == 0


# --- the seed and its commitment ------------------------------------------------------------
def test_the_seed_is_an_hmac_of_game_and_day_under_the_server_secret():
    seed = daily.daily_seed("ishido", DAY)
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    assert daily.daily_seed("ishido", DAY) == seed
    assert daily.daily_seed("magdagdon", DAY) != seed
    assert daily.daily_seed("ishido", date(2026, 12, 13)) != seed
    with override_settings(DAILY_SECRET="another secret"):
        assert daily.daily_seed("ishido", DAY) != seed


def test_the_fingerprint_is_published_ahead_and_the_seed_revealed_after_the_day(
    client, other_client, clock
):
    seed = daily.daily_seed("ishido", DAY)
    fingerprint = hashlib.sha256(seed.encode()).hexdigest()
    clock.set(2026, 12, 5, 0, 0)  # a week before
    page = client.get(reverse("core:daily_archive")).content.decode()
    assert f'data-fingerprint="ishido">{fingerprint}<' in page
    assert seed not in page
    clock.set(2026, 12, 12, 9, 0)  # during the day: played, the seed still secret
    game = play_out(started(client))
    assert game.seed == seed and game.seed_hash == fingerprint
    for url in (leaderboard_url(), reverse("core:daily_archive"), game.get_absolute_url()):
        assert seed not in client.get(url).content.decode(), url
    assert not game.seed_revealed
    clock.set(2026, 12, 13, 0, 0)  # the day is over
    page = other_client.get(leaderboard_url()).content.decode()
    assert f"data-seed>{seed}<" in page and fingerprint in page
    assert (
        f'data-seed="ishido">{seed}<'
        in other_client.get(reverse("core:daily_archive")).content.decode()
    )


def test_two_players_get_the_same_deal(client, other_client, clock):
    first, second = started(client), started(other_client)
    assert first.player_id != second.player_id
    assert first.snapshot == second.snapshot  # the same opening and pouch
    first, second = started(client, "magdagdon"), started(other_client, "magdagdon")
    first.apply_action(next_move(first), first.version)
    second.apply_action(next_move(second), second.version)
    assert first.state.roll == second.state.roll  # the same first roll
    first, second = started(client, "mishimash"), started(other_client, "mishimash")
    assert first.options["target"] == 1000 and len(first.options["players"]) == 1  # X1 default
    first.apply_action(mishimash.Roll(0), first.version)
    second.apply_action(mishimash.Roll(0), second.version)
    assert first.state.roll == second.state.roll


# --- one ranked attempt, refusals, the race -------------------------------------------------
def test_a_second_start_resumes_the_one_ranked_attempt(client, clock):
    game = started(client)
    assert (game.day, game.leaderboard) == (DAY, "daily-2026-12-12")
    again = start(client)
    assert again.status_code == 303 and again["Location"] == game.get_absolute_url()
    assert client.get(today_url())["Location"] == game.get_absolute_url()
    play_out(game)
    assert start(client)["Location"] == game.get_absolute_url()
    assert Game.objects.filter(kind_key="ishido").count() == 1


def test_the_start_page_offers_todays_challenge_as_a_plain_form(client, clock):
    page = client.get(today_url("magdagdon")).content.decode()
    assert "MAGDAGDON daily #12" in page and "PEACEFUL" in page
    assert '<form method="post" action="/magdagdon/daily/">' in page
    assert 'name="day" value="2026-12-12"' in page
    assert daily.Challenge(get_kind("magdagdon"), DAY).fingerprint in page


@pytest.mark.parametrize("day", [date(2026, 12, 11), date(2026, 12, 13), date(2025, 1, 1)])
def test_a_ranked_start_for_another_day_is_refused(client, clock, day):
    response = start(client, day=day)
    assert response.status_code == 400
    assert "Only today&#x27;s challenge (daily #12, 2026-12-12 UTC)" in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize("value", ["", "tomorrow", "2026-13-01", "12/12/2026"])
def test_an_unreadable_day_is_refused(client, clock, value):
    response = client.post(today_url(), {"day": value})
    assert response.status_code == 400
    assert "did not say which day" in response.content.decode()
    assert not Game.objects.exists()


def test_a_start_racing_another_tab_resumes_the_game_that_tab_made(client, clock, monkeypatch):
    """The other tab's start commits between this one's look-up and its insert: the unique
    constraint refuses the second game and the start resumes the first."""
    player = bind_player(client)
    other_tab = Game.start(
        player, ISHIDO, ishido.Options(), daily.daily_seed("ishido", DAY), day=DAY,
        leaderboard=daily.board_key(DAY),
    )  # fmt: skip
    real = daily.attempt
    calls = []

    def not_yet_committed(*args):
        calls.append(args)
        return None if len(calls) == 1 else real(*args)

    monkeypatch.setattr(daily, "attempt", not_yet_committed)
    response = start(client)
    assert response["Location"] == other_tab.get_absolute_url()
    assert Game.objects.filter(player=player).count() == 1
    assert len(calls) == 2


def test_the_database_holds_one_ranked_daily_per_player_game_and_day(clock):
    player = Player.objects.create()
    seed, key = daily.daily_seed("ishido", DAY), daily.board_key(DAY)
    Game.start(player, ISHIDO, ishido.Options(), seed, day=DAY, leaderboard=key)
    Game.start(player, ISHIDO, ishido.Options(), seed, day=DAY, leaderboard="")  # practice: fine
    with pytest.raises(IntegrityError):
        Game.start(player, ISHIDO, ishido.Options(), seed, day=DAY, leaderboard=key)


def test_tampered_daily_moves_get_the_usual_answers(client, other_client, clock):
    game = started(client)
    place = reverse("ishido:place", args=[game.pk])
    before = frozen(game)
    illegal = next(c for c in range(ishido.CELLS) if c not in game.state.legal_cells)
    for data, status in [
        ({"cell": illegal, "version": game.version}, 400),
        ({"cell": "x", "version": game.version}, 400),
        ({"cell": min(game.state.legal_cells), "version": game.version + 5}, 409),
    ]:
        assert client.post(place, data).status_code == status
        assert frozen(game) == before
    assert other_client.post(place, {"cell": 0, "version": 0}).status_code == 404
    assert frozen(game) == before


def test_a_daily_does_not_abandon_the_usual_game_nor_the_other_way_round(client, clock):
    response = client.post(reverse("ishido:new"), {"confirm": "1"})
    usual = Game.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))
    challenge = started(client)
    client.post(reverse("ishido:new"), {"confirm": "1"})
    usual.refresh_from_db()
    challenge.refresh_from_db()
    assert usual.status == Game.Status.ABANDONED  # the second usual game replaced the first
    assert challenge.status == Game.Status.ACTIVE
    home = client.get("/").content.decode()
    assert 'data-daily="ishido" data-daily-status="running"' in home


# --- who ranks: secured nicknames only, one attempt each -------------------------------------
def test_a_guests_daily_is_not_on_the_board_but_shows_where_it_would_have_placed(
    client, other_client, clock
):
    secured(other_client, "Ranked")
    ranked = play_out(started(other_client))
    page = client.get(today_url()).content.decode()
    assert "data-daily-policy" in page and "Only secured nicknames rank" in page
    assert "You are playing as a guest: your attempt is not ranked." in page
    clock.advance(minutes=5)  # the same score, later: it would come second
    guest = play_out(started(client))
    assert list(Result.objects.values_list("game_id", flat=True)) == [ranked.pk]
    assert LeaderboardSize.of("ishido", daily.board_key(DAY)) == 1
    board = other_client.get(leaderboard_url()).content.decode()
    assert re.findall(r'data-result="(\d+)"', board) == [str(ranked.result.pk)]
    mine = client.get(leaderboard_url()).content.decode()
    assert re.findall(r'data-result="(\d+)"', mine) == [str(ranked.result.pk)]
    assert 'data-would-be-rank="2"' in mine and "You would have placed 2 of 2 with" in mine
    assert "data-my-rank" not in mine and "data-daily-policy" in mine
    end = client.get(guest.get_absolute_url()).content.decode()
    assert 'data-unranked data-would-be-rank="2"' in end
    assert "You would have placed 2 of 2 on the day's board." in end
    assert "data-daily-rank" not in end and "data-daily-policy" in end
    home = client.get("/").content.decode()
    assert 'data-daily="ishido" data-daily-status="finished"' in home
    assert 'data-would-be-rank="2"' in home and "it would rank 2 of 2" in home
    # A guest's daily counts for their own streak (it ranks nobody).
    assert 'data-streak="1"' in end and daily.streak(guest.player, "ishido") == (1, 1)
    stats = client.get(reverse("core:stats", args=[guest.player_id])).content.decode()
    assert 'data-fact="streak" data-value="1"' in stats


def test_a_guest_better_than_everyone_would_place_first_and_still_is_not_ranked(
    client, other_client, clock
):
    from tests.support.games import make_result

    make_result("Low", 1, leaderboard=daily.board_key(DAY), stones_left=70)
    guest = play_out(started(client))
    end = client.get(guest.get_absolute_url()).content.decode()
    assert 'data-would-be-rank="1"' in end and "placed 1 of 2" in end
    assert LeaderboardSize.of("ishido", daily.board_key(DAY)) == 1
    assert not Result.objects.filter(game=guest).exists()


def test_a_secured_nickname_has_one_ranked_attempt_on_every_device(client, other_client, clock):
    from tests.support.client import CsrfClient

    player = secured(client, "Magnus")
    assert "Your attempt ranks on the day's board." in client.get(today_url()).content.decode()
    game = started(client)
    assert sign_in(other_client, "Magnus").status_code == 303  # a second device
    assert start(other_client)["Location"] == game.get_absolute_url()
    assert other_client.get(today_url())["Location"] == game.get_absolute_url()
    play_out(game)
    third = CsrfClient()
    sign_in(third, "Magnus")
    assert start(third)["Location"] == game.get_absolute_url()
    assert Game.objects.filter(kind_key="ishido").count() == 1
    assert list(Result.objects.values_list("game_id", "player_id")) == [(game.pk, player.pk)]


def test_signing_out_and_playing_again_as_a_guest_does_not_rank(client, clock):
    secured(client)
    ranked = play_out(started(client))
    assert client.post(reverse("core:sign_out")).status_code == 303
    again = started(client)  # a new guest: its own attempt, not the account's
    assert again.pk != ranked.pk and again.player_id != ranked.player_id
    play_out(again)
    assert list(Result.objects.values_list("game_id", flat=True)) == [ranked.pk]
    assert LeaderboardSize.of("ishido", daily.board_key(DAY)) == 1
    assert "data-would-be-rank" in client.get(again.get_absolute_url()).content.decode()


def test_a_nickname_secured_during_the_day_ranks_from_the_next_day(client, clock):
    """A guest who starts, then secures the nickname mid-game (or any nickname secured after
    midnight UTC) cannot bring a deal already seen onto the board."""
    game = started(client)
    game.apply_action(next_move(game), game.version)
    secured(client, since=clock.when)
    assert client.get(today_url())["Location"] == game.get_absolute_url()  # resumed
    play_out(game)
    assert not Result.objects.exists()
    assert "data-would-be-rank" in client.get(game.get_absolute_url()).content.decode()
    page = client.get(today_url("magdagdon")).content.decode()
    assert "Your nickname was secured today: it ranks from tomorrow" in page
    clock.set(2026, 12, 13, 9, 0)
    tomorrow = play_out(started(client, day=date(2026, 12, 13)))
    assert list(Result.objects.values_list("game_id", flat=True)) == [tomorrow.pk]
    assert daily.streak(tomorrow.player, "ishido") == (2, 2)  # both days count


# --- the day's board, and nothing on the usual ones -----------------------------------------
def test_a_ranked_daily_ranks_on_its_days_board_only(client, other_client, clock):
    secured(client, "Mine")
    secured(other_client, "Theirs")
    mine = play_out(started(client))
    theirs = play_out(started(other_client))
    key = daily.board_key(DAY)
    assert set(Result.objects.values_list("leaderboard", flat=True)) == {key}
    assert LeaderboardSize.of("ishido", key) == 2 and LeaderboardSize.of("ishido", "classic") == 0
    usual = client.get(reverse("core:leaderboard", args=["ishido", "classic"])).content.decode()
    assert "No results yet" in usual
    page = client.get(leaderboard_url()).content.decode()
    assert f'data-result="{mine.result.pk}" data-rank="1"' in page  # same score: earlier first
    assert f'data-result="{theirs.result.pk}" data-rank="2"' in page
    assert 'data-my-rank="1"' in page and "rank 1 of 2" in page
    assert "Replay</a>" not in page  # while the day runs, no replays
    assert client.get(reverse("core:replay", args=[mine.pk])).status_code == 404
    assert client.get(reverse("core:records")).content.decode().count("data-result") == 0


def test_the_days_board_ranks_with_the_games_own_tie_breaks(client, clock):
    from tests.support.games import make_result

    key = daily.board_key(DAY)
    low = make_result("Fewer", 500, kind_key="mishimash", leaderboard=key, turns=9)
    high = make_result("More", 700, kind_key="mishimash", leaderboard=key, turns=9)
    fast = make_result("Fast", 510, kind_key="mishimash", leaderboard=key, turns=6)
    page = client.get(leaderboard_url("mishimash")).content.decode()
    ranks = [int(r) for r in re.findall(r'data-result="(\d+)" data-rank', page)]
    assert ranks == [fast.pk, high.pk, low.pk]  # fewest turns first, then the higher score


def test_after_the_day_replays_open_and_a_practice_replays_the_deal_unranked(client, clock):
    secured(client)
    ranked = play_out(started(client))
    clock.set(2026, 12, 13, 8, 0)
    assert client.get(reverse("core:replay", args=[ranked.pk])).status_code == 200
    response = client.post(reverse("core:daily_practice", args=["ishido", DAY]))
    assert response.status_code == 303
    practice = Game.objects.exclude(pk=ranked.pk).get()
    assert (practice.day, practice.leaderboard, practice.seed) == (DAY, "", ranked.seed)
    play_out(practice)
    assert Result.objects.count() == 1  # the practice ranks nowhere
    assert LeaderboardSize.of("ishido", "classic") == 0
    page = client.get(practice.get_absolute_url()).content.decode()
    assert "A practice replay of a past day: not ranked." in page


@pytest.mark.parametrize("day", [DAY, date(2026, 12, 20)])
def test_a_practice_of_today_or_later_is_refused(client, clock, day):
    response = client.post(reverse("core:daily_practice", args=["ishido", day]))
    assert response.status_code == 400
    assert "can be replayed once that day is over" in response.content.decode()
    assert not Game.objects.exists()


def test_days_before_the_first_daily_have_no_board(client, clock):
    assert client.get(leaderboard_url(day=date(2026, 11, 30))).status_code == 404
    assert client.get("/ishido/daily/2026-02-30/").status_code == 404


# --- streaks across midnight, the end screen and the home page ------------------------------
def test_streaks_count_consecutive_utc_days_across_midnight(client, clock):
    """A guest's: unranked dailies count for the streak (it ranks nobody)."""
    clock.set(2026, 12, 10, 23, 59, 59)
    play_out(started(client, day=date(2026, 12, 10)))
    clock.set(2026, 12, 11, 0, 0, 1)  # two seconds later: the next day's challenge
    game = play_out(started(client, day=date(2026, 12, 11)))
    assert daily.streak(game.player, "ishido") == (2, 2)
    clock.set(2026, 12, 12, 23, 0)  # not played yet today: the streak still stands
    assert daily.streak(game.player, "ishido") == (2, 2)
    clock.set(2026, 12, 13, 0, 0)  # a whole day missed
    assert daily.streak(game.player, "ishido") == (0, 2)
    play_out(started(client, day=date(2026, 12, 13)))
    assert daily.streak(game.player, "ishido") == (1, 2)
    assert daily.streak(game.player, "magdagdon") == (0, 0)


def test_the_home_page_shows_the_players_current_streak_per_game(client, other_client, clock):
    clock.set(2026, 12, 10, 12, 0)
    play_out(started(client, day=date(2026, 12, 10)))
    clock.set(2026, 12, 11, 12, 0)
    play_out(started(client, day=date(2026, 12, 11)))
    clock.set(2026, 12, 12, 9, 0)  # today's not played yet: the streak of two still stands
    home = client.get("/").content.decode()
    assert re.findall(
        r'data-daily="(\w+)"[^>]*>(?:(?!</li>).)*?data-streak="(\d+)"', home, re.S
    ) == [("ishido", "2")]
    assert "Current daily streak: <b>2 days</b>" in home
    assert "data-streak" not in other_client.get("/").content.decode()  # no streak, no line
    clock.set(2026, 12, 13, 9, 0)  # a whole day missed: the streak is over
    assert "data-streak" not in client.get("/").content.decode()


def test_a_daily_finished_after_midnight_is_not_ranked(client, other_client, clock):
    moves = play_out(started(other_client)).version  # the same deal takes this many moves
    secured(client)  # its attempt would rank, if finished in time
    clock.set(2026, 12, 12, 23, 59)
    game = started(client)
    while game.version < moves - 1:
        game.apply_action(next_move(game), game.version)
    clock.set(2026, 12, 13, 0, 1)  # the seed is public now
    play_out(game)
    assert not Result.objects.filter(game=game).exists()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Finished after its day ended: not ranked." in page


def test_the_end_screen_shows_rank_and_streak(client, clock):
    secured(client)
    game = play_out(started(client))
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'data-daily-rank="1"' in page and "Rank 1 of 1 on the day" in page
    assert 'data-streak="1"' in page
    assert game.seed not in page


def test_the_mishimash_share_text_names_the_turns(client, clock):
    secured(client)
    game = play_out(started(client, "mishimash"))
    page = client.get(game.get_absolute_url()).content.decode()
    turns = game.result.turns
    assert f"MISHIMASH daily #12 · {game.result.score.normalize():f} in {turns} turn" in page


def test_the_usual_end_screen_has_no_daily_block(client, clock):
    response = client.post(reverse("ishido:new"), {"confirm": "1"})
    game = play_out(Game.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1])))
    assert "data-daily-end" not in client.get(game.get_absolute_url()).content.decode()


def test_home_shows_todays_three_with_the_players_status(client, other_client, clock):
    home = client.get("/").content.decode()
    for kind in ("magdagdon", "mishimash", "ishido"):
        assert f'data-daily="{kind}" data-daily-status="new"' in home
    secured(client, "Mine")
    secured(other_client, "Theirs")
    play_out(started(other_client))
    finished = play_out(started(client))
    started(client, "magdagdon")
    home = client.get("/").content.decode()
    assert 'data-daily="magdagdon" data-daily-status="running"' in home
    assert 'data-daily="mishimash" data-daily-status="new"' in home
    assert 'data-daily="ishido" data-daily-status="finished"' in home
    score = f"{finished.result.score:f}".removesuffix(".0")
    assert f'data-daily-score="{score}" data-daily-rank="1"' in home
    assert "rank 1 of 2" in home


def test_verify_games_accepts_ranked_practice_and_late_dailies(client, other_client, clock):
    from io import StringIO

    from django.core.management import call_command

    play_out(started(client))
    late = started(other_client)
    clock.set(2026, 12, 13, 0, 5)
    play_out(late)  # finished after its day: no result, as the replay says too
    client.post(reverse("core:daily_practice", args=["ishido", DAY]))
    play_out(Game.objects.get(leaderboard=""))
    out = StringIO()
    call_command("verify_games", stdout=out)
    assert "3 finished games replayed, 0 differ." in out.getvalue()


def test_verify_games_checks_a_guests_daily_ranked_before_the_rule_like_any_result(client, clock):
    """Before secured nicknames alone ranked, a guest's daily got a result row: it is checked
    against its replay (a wrong score is found), never reported for existing."""
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    game = play_out(started(client))
    fields = game.result_fields(game.state, game.finished_at, secured_only=False)
    row = Result.objects.create(
        game=game,
        kind_key=game.kind_key,
        player=game.player,
        nickname=game.player.display_name,
        finished_at=game.finished_at,
        **fields.__dict__,
    )
    out = StringIO()
    call_command("verify_games", stdout=out)
    assert "1 finished games replayed, 0 differ." in out.getvalue()
    Result.objects.filter(pk=row.pk).update(score=row.score + 1)
    with pytest.raises(CommandError):
        call_command("verify_games", stdout=StringIO(), stderr=StringIO())
