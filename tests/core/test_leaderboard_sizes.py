"""Each leaderboard's size ("rank 3 of 41") is stored, not counted on every page: it follows
every way a visible result comes or goes, and can be rebuilt from the rows."""

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from games.core.models import LeaderboardSize, Player, Result
from tests.support.games import finish_ishido, make_result

pytestmark = pytest.mark.django_db
BOARD = reverse("core:leaderboard", args=["ishido", "classic"])


def size() -> int:
    return LeaderboardSize.of("ishido", "classic")


def visible() -> int:
    return Result.objects.visible().filter(kind_key="ishido", leaderboard="classic").count()


def test_a_finished_game_and_a_new_row_count_once_a_hidden_one_not():
    finish_ishido(Player.objects.create(nickname="Real"))
    make_result("Shown", 10)
    make_result("Hidden", 99, hidden=True)
    assert size() == visible() == 2
    assert LeaderboardSize.of("ishido", "nowhere") == 0


def test_hiding_showing_and_banning_keep_it_in_step():
    rows = [make_result(f"p{n}", n) for n in range(5)]
    Result.objects.filter(pk__in=[r.pk for r in rows[:2]]).set_hidden(True)
    assert size() == visible() == 3
    Result.objects.filter(pk=rows[0].pk).set_hidden(False)
    assert size() == visible() == 4
    rows[4].player.ban()
    assert size() == visible() == 3


def test_staff_hiding_in_the_admin_keeps_it_in_step(client):
    rows = [make_result(f"p{n}", n) for n in range(3)]
    client.force_login(User.objects.create_superuser("staff", "s@example.com", "pw"))
    changelist = reverse("admin:core_result_changelist")
    ids = [str(r.pk) for r in rows[:2]]
    client.post(changelist, {"action": "hide", "_selected_action": ids})
    assert size() == visible() == 1
    client.post(changelist, {"action": "unhide", "_selected_action": ids[:1]})
    assert size() == visible() == 2


def test_the_page_says_the_stored_size_and_a_recount_mends_a_bulk_write(client):
    for n in range(4):
        make_result(f"p{n}", n)
    Result.objects.filter(nickname="p0").update(hidden=True)  # past the model: not followed
    LeaderboardSize.recount()
    me = client.post(reverse("core:nickname"), {"nickname": "me"}) and Player.objects.get(
        pk=client.session["player_id"]
    )
    make_result("me", 2, player=me)
    page = client.get(BOARD).content.decode()
    assert size() == visible() == 4 and "of 4 with" in page


def test_the_recount_command_rebuilds_every_size():
    make_result("a", 1)
    make_result("b", 2)
    LeaderboardSize.objects.update(visible=0)  # as after rows written past the models
    out = StringIO()
    call_command("recount_leaderboards", stdout=out)
    assert size() == visible() == 2 and "ishido/classic: 2" in out.getvalue()


def test_the_count_of_players_and_their_best_rows_follow_every_write():
    """Issue 30, 7: the board ranks players; each one's best row is marked as it is written."""
    one = make_result("One", 10).player
    make_result("One", 30, player=one)
    two = make_result("Two", 20).player

    def best() -> dict[str, int]:
        rows = Result.objects.filter(kind_key="ishido", leaderboard="classic", best=True)
        return {row.nickname: int(row.score) for row in rows}

    assert best() == {"One": 30, "Two": 20}
    assert LeaderboardSize.of("ishido", "classic", players=True) == 2
    Result.objects.filter(player=one, score=30).set_hidden(True)
    assert best() == {"One": 10, "Two": 20}
    two.ban()
    assert best() == {"One": 10}
    assert LeaderboardSize.of("ishido", "classic", players=True) == 1
    Result.objects.update(best=False)  # a bulk write past the model: recount rebuilds it
    LeaderboardSize.recount()
    assert best() == {"One": 10} and LeaderboardSize.of("ishido", "classic", players=True) == 1
