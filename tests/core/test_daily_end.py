"""What a finished daily shows its player (issue 30: 3, 4, 12): it is kept in My records,
marked daily; its replay and review stay closed to everyone, its own player too, until the
day ends, and both pages say when they open; its SHARE text is the ordinary one's shape (title,
rank, picture, link) with the streak and a picture that gives none of the deal away; and the
daily's words say what PLAY AGAIN, HINT, the day's board and the archive do."""

import dataclasses
import random
import re
from datetime import date
from html import unescape

import pytest
from django.urls import reverse

from games.core.daily import challenges as daily
from games.core.kinds import get_kind
from games.core.models import Game
from games.ishido import share as ishido_share
from games.rules import ishido
from tests.support.daily import DAY, leaderboard_url, play_out, secured, started

pytestmark = pytest.mark.django_db


def share_text(page: str) -> str:
    return unescape(re.search(r'data-share-text="([^"]*)"', page).group(1))


def page_of(client, game: Game) -> str:
    return client.get(game.get_absolute_url()).content.decode()


# --- 3: kept, and when its replay and review open ------------------------------------------
@pytest.mark.parametrize(
    ("at", "countdown"),
    [((12, 0), "12 h 0 min"), ((18, 47, 30), "5 h 13 min"), ((23, 59, 59), "1 min")],
)
def test_the_end_screen_says_when_the_replay_and_review_open(client, clock, at, countdown):
    secured(client)
    game = play_out(started(client))
    clock.set(2026, 12, 12, *at)
    page = page_of(client, game)
    assert f'<time datetime="2026-12-13T00:00:00+00:00">{countdown}</time>' in page
    assert "Kept in My records, marked daily." in page
    assert game.replay_url() not in page
    assert reverse("core:review", args=[game.pk]) not in page


def test_its_own_player_gets_no_replay_nor_review_until_the_day_ends(client, clock):
    game = play_out(started(client))
    replay, review = game.replay_url(), reverse("core:review", args=[game.pk])
    assert client.get(replay).status_code == 404
    assert client.get(review).status_code == 404
    clock.set(2026, 12, 13, 0, 0)  # midnight UTC: the seed is public
    assert client.get(replay).status_code == 200
    assert client.get(review).status_code == 200
    page = page_of(client, game)
    assert f'href="{replay}"' in page and f'href="{review}"' in page
    assert "data-opens" not in page


def test_my_records_list_the_daily_marked_with_its_opening_then_its_links(client, clock):
    secured(client)
    ranked = play_out(started(client))
    coached = started(client, "magdagdon")
    Game.objects.filter(pk=coached.pk).update(coached=True)
    coached.refresh_from_db()
    play_out(coached)
    page = client.get(reverse("core:records")).content.decode()
    assert "data-invite-to-play" not in page
    rows = re.findall(r'data-daily-record="(\d+)" data-standing="(\w+)"', page)
    assert sorted(rows) == sorted([(str(ranked.pk), "ranked"), (str(coached.pk), "coached")])
    assert "Ishido daily #12" in page and 'data-daily-rank="1"' in page
    assert page.count('<time datetime="2026-12-13T00:00:00+00:00">12 h 0 min</time>') == 2
    assert ranked.replay_url() not in page
    clock.set(2026, 12, 13, 0, 1)
    page = client.get(reverse("core:records")).content.decode()
    assert f'href="{ranked.replay_url()}"' in page
    assert f'href="{reverse("core:review", args=[ranked.pk])}"' in page
    assert "data-opens" not in page


def test_a_guests_unranked_daily_and_a_practice_are_listed_too(client, clock):
    attempt = play_out(started(client))
    page = client.get(reverse("core:records")).content.decode()
    assert f'data-daily-record="{attempt.pk}" data-standing="unranked"' in page
    clock.set(2026, 12, 13, 8, 0)
    client.post(reverse("core:daily_practice", args=["ishido", DAY]))
    practice = play_out(Game.objects.exclude(pk=attempt.pk).get())
    page = client.get(reverse("core:records")).content.decode()
    assert f'data-daily-record="{practice.pk}" data-standing="practice"' in page
    assert f'href="{practice.replay_url()}"' in page


def test_the_records_of_nobody_have_no_daily_section(client, clock):
    assert "data-daily-records" not in client.get(reverse("core:records")).content.decode()


# --- 4: the share text ---------------------------------------------------------------------
def test_the_daily_share_text_has_title_rank_streak_picture_and_the_days_board(client, clock):
    secured(client)
    game = play_out(started(client))
    lines = share_text(page_of(client, game)).splitlines()
    score = f"{game.result.score.normalize():f}"
    assert lines[:3] == [f"Ishido daily #12 · {score}", "#1/1", "🔥 1-day streak"]
    assert lines[-1] == "http://testserver/ishido/daily/2026-12-12/"
    squares = "".join(lines[3:-2])
    assert set(squares) <= set(ishido_share.WAYS)
    assert len(squares) == len(game.state.placements)  # one square per placement, in order
    assert lines[-2] == f"{72 - game.state.stones_left}/72 · 4×{game.state.four_ways}"


def test_the_streak_in_the_share_text_counts_consecutive_days(client, clock):
    clock.set(2026, 12, 11, 20, 0)
    play_out(started(client, day=date(2026, 12, 11)))
    clock.set(2026, 12, 12, 9, 0)
    game = play_out(started(client))
    assert "🔥 2-day streak" in share_text(page_of(client, game)).splitlines()


def test_a_practice_shares_no_streak(client, clock):
    play_out(started(client, day=DAY))
    clock.set(2026, 12, 13, 8, 0)
    client.post(reverse("core:daily_practice", args=["ishido", DAY]))
    practice = play_out(Game.objects.get(leaderboard=""))
    text = share_text(page_of(client, practice))
    assert text.startswith("Ishido daily #12 · ") and "streak" not in text


def test_the_ishido_daily_picture_shows_no_stone_and_no_cell():
    """The same placements with every stone another colour and shape: the same picture."""
    state = ishido.new_game(ishido.Options(), random.Random(7))
    while not state.is_finished:
        stone = state.pouch[0]
        state = ishido.apply(state, ishido.Place(min(ishido.legal_cells(state.board, stone))))
    grey = ishido.Stone(0, 0)
    other = dataclasses.replace(
        state,
        board=tuple(None if s is None else grey for s in state.board),
        placements=tuple(p._replace(stone=grey) for p in state.placements),
    )
    assert ishido_share.daily_picture(other) == ishido_share.daily_picture(state)
    assert ishido_share.picture(other) != ishido_share.picture(state)  # the usual one does


def test_the_mishimash_daily_picture_is_one_square_a_turn(client, clock):
    secured(client)
    game = play_out(started(client, "mishimash"))
    lines = share_text(page_of(client, game)).splitlines()
    turns = game.result.turns
    drawn = "".join(line for line in lines[3:-1] if not line.startswith("+"))
    assert set(drawn) <= {"🟩", "🟥"} and len(drawn) == min(turns, 50)
    if turns > 50:
        assert lines[-2].startswith(f"+{turns - 50}: ")


def test_the_magdagdon_daily_picture_names_no_die(client, clock):
    secured(client)
    game = play_out(started(client, "magdagdon"))
    lines = share_text(page_of(client, game)).splitlines()
    assert not any(ch.isdigit() for line in lines[3:-1] for ch in line)
    assert lines[-1] == "http://testserver/magdagdon/daily/2026-12-12/"


# --- 12: the daily's words -----------------------------------------------------------------
def test_play_again_after_a_daily_says_it_starts_an_ordinary_game(client, clock):
    game = play_out(started(client, "magdagdon"))
    page = page_of(client, game)
    assert "PLAY AN ORDINARY GAME" in page and "PLAY AGAIN" not in page
    assert "It starts an ordinary PEACEFUL game with a new deal" in page
    response = client.post(reverse("core:again", args=[game.pk]))
    fresh = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 303 and fresh.day is None and fresh.leaderboard == "peaceful"


def test_the_hint_warning_on_a_daily_says_it_gives_up_the_ranked_attempt(client, clock):
    game = started(client)
    asked = client.post(reverse("core:hint", args=[game.pk]), {"version": game.version})
    assert asked.status_code == 200
    assert "A hint gives up today's ranked attempt" in asked.content.decode()
    assert not Game.objects.get(pk=game.pk).coached


def test_the_days_board_offers_no_new_start_once_started(client, clock):
    board = client.get(leaderboard_url()).content.decode()
    assert "Play today's challenge" in board and "Be the first!" in board
    game = started(client)
    board = client.get(leaderboard_url()).content.decode()
    assert "Play today's challenge" not in board
    assert f'href="{game.get_absolute_url()}">Continue your attempt' in board
    play_out(game)
    board = client.get(leaderboard_url()).content.decode()
    assert "Play today's challenge" not in board and "data-played" in board
    assert "Be the first!" not in board  # the guest's own is not ranked: none is yet


def test_a_closed_day_without_results_does_not_ask_to_be_first(client, clock):
    board = client.get(leaderboard_url(day=date(2026, 12, 5))).content.decode()
    assert "Be the first!" not in board and "Nobody ranked on this day." in board


def test_the_archive_lists_the_playable_days_before_the_fingerprints(client, clock):
    page = client.get(reverse("core:daily_archive")).content.decode()
    today, past, coming = (
        page.index('data-day="2026-12-12"'),
        page.index("data-past-days"),
        page.index("data-coming-days"),
    )
    assert today < past < coming
    assert page.index('data-day="2026-12-11"') < coming < page.index('data-day="2026-12-13"')
    folded = page[coming:]
    assert "<details><summary>Fingerprints of the next 14 days</summary>" in folded
    assert daily.Challenge(get_kind("ishido"), date(2026, 12, 13)).fingerprint in folded
