"""The stats page: its figures and charts against the stored results, final states and moves;
moderation; the SVG's accessible, style-free markup."""

import re
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest
from django.urls import reverse

from games.core import charts
from games.core.daily import challenges as daily
from games.core.models import Game, Player
from games.rules import mishimash
from tests.support.daily import play_out, secured, started
from tests.support.games import make_result
from tests.support.magdagdon_oracle import make_state

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def stats_page(client, player: Player) -> str:
    response = client.get(reverse("core:stats", args=[player.pk]))
    assert response.status_code == 200
    return response.content.decode()


def board_row(page: str, kind: str, board: str) -> dict[str, str]:
    section = page.split(f'data-stats="{kind}"')[1].split("</section>")[0]
    row = re.search(rf'<tr data-board="{board}"[^>]*>.*?</tr>', section, re.S)
    assert row, (kind, board)
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', row.group(0)))


def fact(page: str, kind: str, key: str) -> str:
    section = page.split(f'data-stats="{kind}"')[1].split("</section>")[0]
    found = re.search(rf'data-fact="{key}" data-value="([^"]*)"', section)
    assert found, key
    return found.group(1)


def test_played_finished_best_mean_and_median_per_board(client):
    player = Player.objects.create(nickname="Ann")
    for n, score in enumerate([100, 300, 200, 250]):
        make_result("Ann", score, player=player, finished_at=T0 + timedelta(hours=n))
    Game.objects.create(kind_key="ishido", player=player, leaderboard="classic", seed="s")
    make_result("Ann", 999, player=player, hidden=True)  # moderated: not counted anywhere
    make_result("Ann", 150, player=player, leaderboard=daily.board_key(date(2026, 12, 3)))
    page = stats_page(client, player)
    assert board_row(page, "ishido", "classic") == {
        "board": "classic",
        "played": "5",  # four finished and one running; the hidden one's game is left out
        "finished": "4",
        "best": "300.0",
        "mean": "212.5",
        "median": "225.0",
    }
    assert board_row(page, "ishido", "daily")["best"] == "150.0"
    assert "999" not in page
    assert 'data-stats="magdagdon"' not in page  # no games there


def test_a_banned_players_stats_are_hidden(client):
    player = Player.objects.create(nickname="Cheat")
    make_result("Cheat", 500, player=player)
    player.ban()
    page = stats_page(client, player)
    assert "No public games yet." in page and "500" not in page


def test_the_histogram_counts_every_visible_score_in_its_range(client):
    player = Player.objects.create(nickname="Bo")
    scores = [12, 18, 25, 31, 33, 37, 48, 90]
    for n, score in enumerate(scores):
        make_result("Bo", score, player=player, finished_at=T0 + timedelta(days=n))
    page = stats_page(client, player)
    bars = re.findall(r'<rect class="bar"[^>]*data-low="([\d.]+)" data-count="(\d+)"', page)
    step = charts.nice_step(max(scores) - min(scores), 8)
    assert step == 10
    expected = {str(low): sum(low <= s < low + step for s in scores) for low in range(10, 100, 10)}
    assert {low: int(count) for low, count in bars} == expected
    assert sum(int(count) for _, count in bars) == len(scores)
    assert 'role="img"' in page and "<title id=" in page and "<desc id=" in page
    assert "10 to 20: 2 games." in page
    assert " style=" not in page  # the Content-Security-Policy forbids style attributes


def test_the_timeline_has_one_point_per_result_oldest_first(client):
    player = Player.objects.create(nickname="Cy")
    values = [40, 80, 20]
    for n, score in enumerate(values):
        make_result("Cy", score, player=player, finished_at=T0 + timedelta(days=n))
    page = stats_page(client, player)
    timeline = page.split('data-chart="timeline"')[1]
    dots = re.search(r'<path class="dots" d="([^"]+)"', timeline).group(1)
    points = [(float(x), float(y)) for x, y in re.findall(r"M([\d.]+) ([\d.]+)h0", dots)]
    assert len(points) == len(values)
    xs = [x for x, _ in points]
    assert xs == sorted(xs) and xs[1] - xs[0] == pytest.approx(xs[2] - xs[1])  # a day apart
    # the vertical axis runs from 0 (the baseline) to the best score (the top of the plot)
    expected = [charts.TOP + charts.PLOT_HEIGHT * (1 - v / max(values)) for v in values]
    assert [y for _, y in points] == pytest.approx(expected, abs=0.1)
    assert "3 games from 2026-12-01 to 2026-12-03; the latest scored 20." in page


def test_magdagdon_line_bonuses_and_ruins_from_the_final_boards(client):
    player = Player.objects.create(nickname="Di")
    boards = ["1234 5555 2112 6X36", "1234 1234 1234 1234"]
    for board in boards:
        result = make_result("Di", 100, player=player, kind_key="magdagdon", leaderboard="peaceful")
        result.game.snapshot = make_state(board, turns=5).to_dict()
        result.game.save(update_fields=["snapshot"])
    page = stats_page(client, player)
    # 1234 is a straight, 5555 a four of a kind, 2112 two pairs; the second board has four
    # straight rows and four columns of a kind; one RUIN in all.
    assert fact(page, "magdagdon", "straight") == "5 (2.50)"
    assert fact(page, "magdagdon", "four_of_a_kind") == "5 (2.50)"
    assert fact(page, "magdagdon", "two_pairs") == "1 (0.50)"
    assert fact(page, "magdagdon", "ruins") == "1 (0.50)"
    assert fact(page, "magdagdon", "ruined") == "50 %"


def test_mishimash_turns_and_bust_rate_from_the_stored_game(client, clock):
    secured(client)  # a ranked daily: its result row holds the figures
    game = play_out(started(client, "mishimash"))
    busts = 0
    states = list(game.replay_states())
    for before, after in zip(states, states[1:], strict=False):
        busts += sum(isinstance(e, mishimash.Busted) for e in mishimash.new_events(before, after))
    turns = game.result.turns
    page = stats_page(client, game.player)
    assert fact(page, "mishimash", "best_turns") == str(turns)
    assert fact(page, "mishimash", "bust_rate") == f"{100 * busts / turns:.0f} %"
    assert board_row(page, "mishimash", "daily")["finished"] == "1"
    assert fact(page, "mishimash", "streak") == "1"


def test_ishido_stones_left_and_four_ways_from_the_final_state(client, clock):
    secured(client)  # a ranked daily: its result row holds the figures
    game = play_out(started(client, "ishido"))
    page = stats_page(client, game.player)
    state = game.state
    assert fact(page, "ishido", "fewest_left") == str(state.stones_left)
    assert fact(page, "ishido", "best_four_ways") == str(state.four_ways)
    assert fact(page, "ishido", "four_ways") == f"{state.four_ways} ({state.four_ways:.2f})"
    assert board_row(page, "ishido", "daily")["best"] == f"{Decimal(state.final_score):.1f}"


def test_streaks_on_the_stats_page(client, clock):
    player = Player.objects.create(nickname="Ed")
    for day in (8, 9, 11, 12):
        key = daily.board_key(date(2026, 12, day))
        make_result("Ed", 10, player=player, leaderboard=key)
    page = stats_page(client, player)
    assert fact(page, "ishido", "streak") == "2"  # the 11th and 12th
    assert fact(page, "ishido", "longest_streak") == "2"


def test_an_unknown_player_is_404(client):
    assert client.get(reverse("core:stats", args=[9999])).status_code == 404


def test_each_games_figures_cover_the_latest_finished_games(client, monkeypatch):
    from games.core.stats import figures as stats

    monkeypatch.setattr(stats, "FACT_GAMES", 1)
    player = Player.objects.create(nickname="Fay")
    for n, left in enumerate([0, 7]):
        make_result("Fay", 10, player=player, stones_left=left, finished_at=T0 + timedelta(n))
    page = stats_page(client, player)
    assert fact(page, "ishido", "fewest_left") == "7"  # the latest game only
    assert board_row(page, "ishido", "classic")["finished"] == "2"  # the boards count every game
    assert "the other figures from the latest finished game." in page


@pytest.mark.parametrize("language", ["sk", "hu", "ar"])
def test_the_charts_coordinates_are_numbers_in_every_language(client, language):
    """In Slovak the bars were missing and the labels cut: "144,0" is no SVG coordinate."""
    player = Player.objects.create(nickname="Di")
    for n, score in enumerate([12, 18, 25, 31, 33, 37, 48, 91]):
        make_result("Di", score, player=player, finished_at=T0 + timedelta(days=n, hours=n))
    client.cookies["django_language"] = language
    page = stats_page(client, player)
    assert f'lang="{language}"' in page
    charts_markup = re.findall(r"<svg viewBox.*?</svg>", page, re.S)
    assert len(charts_markup) == 2
    for svg in charts_markup:
        for _attribute, value in re.findall(r' (x|y|x1|x2|y1|y2|width|height)="([^"]*)"', svg):
            float(value)  # a plain number, whatever the language
        for path in re.findall(r' d="([^"]*)"', svg):
            assert re.fullmatch(r"[MLh0-9. -]+", path), path


def test_a_negative_score_reads_left_to_right_in_arabic(client):
    """The table showed "38-" for −38 in Arabic: each figure is isolated left to right."""
    player = Player.objects.create(nickname="Ed")
    make_result("Ed", -38, player=player, finished_at=T0)
    client.cookies["django_language"] = "ar"
    page = stats_page(client, player)
    row = re.search(r"<tr data-board=.*?</tr>", page, re.S).group(0)
    assert row.count("\u2066-38\u2069") == 3  # best, mean and median
