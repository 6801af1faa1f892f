"""HINT is computed once per game version and kept, and limited per player and per address
(issue 29, item 2): a second hint for the same board runs no coach, is worded in each visitor's
own language, and past either limit the answer is a 429 with a message and nothing marked."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from games.core.kinds import get_kind
from games.core.models import Game
from games.rules import ishido, magdagdon, mishimash
from tests.support.games import frozen, start_seeded

pytestmark = pytest.mark.django_db


class CountingCoach:
    """The kind's real coach, counting the advice it is asked for (nothing else changed)."""

    def __init__(self, coach) -> None:
        self.coach, self.calls = coach, 0

    def advise(self, state):
        self.calls += 1
        return self.coach.advise(state)

    def __getattr__(self, name):
        return getattr(self.coach, name)


@pytest.fixture(autouse=True)
def stopped(clock):
    """The limits count in fixed windows (this minute, these ten seconds): a test's requests
    all fall in one window, as they would within a second, whenever the test runs."""
    return clock


@pytest.fixture
def counted(monkeypatch) -> CountingCoach:
    kind = get_kind("ishido")
    coach = CountingCoach(kind.coach)
    monkeypatch.setattr(kind, "coach", coach)
    return coach


def ask(client, game: Game, *, htmx: bool = False):
    data = {"version": game.version, "confirm": "1"}
    return client.post(reverse("core:hint", args=[game.pk]), data, htmx=htmx)


def marked(game: Game) -> bool:
    game.refresh_from_db()
    return game.coached


def test_a_second_hint_for_the_same_version_runs_no_coach(client, counted):
    game = start_seeded(client, "ishido", ishido.Options(), "kept")
    first = ask(client, game).context["hint_panel"].hint
    assert counted.calls == 1
    again = ask(client, game, htmx=True).context["hint_panel"].hint  # a reload, another tab
    assert counted.calls == 1 and again == first


def test_a_new_version_gets_a_new_hint(client, counted):
    game = start_seeded(client, "ishido", ishido.Options(), "kept")
    first = ask(client, game).context["hint_panel"].hint
    game.apply_action(ishido.action_from_text(first.action), game.version)
    hint = ask(client, game).context["hint_panel"].hint
    assert counted.calls == 2
    assert ishido.action_from_text(hint.action) in ishido.legal_actions(game.state)


def test_the_question_before_the_first_hint_runs_no_coach(client, counted):
    game = start_seeded(client, "ishido", ishido.Options(), "kept")
    data = {"version": game.version}
    assert client.post(reverse("core:hint", args=[game.pk]), data).status_code == 200
    assert counted.calls == 0 and not marked(game)


def test_a_kept_hint_is_worded_in_each_visitors_language(client, counted):
    game = start_seeded(client, "ishido", ishido.Options(), "words")
    english = ask(client, game).context["hint_panel"].hint
    client.cookies["django_language"] = "hu"
    hungarian = ask(client, game).context["hint_panel"].hint
    assert counted.calls == 1  # the kept advice, worded again
    assert hungarian.action == english.action
    assert hungarian.advice != english.advice
    with translation.override("hu"):
        expected = get_kind("ishido").hint(game.state, counted.coach.advise(game.state))
    assert hungarian == expected
    assert "sor" in hungarian.advice  # "… a(z) 3. sor …": Hungarian for row


@override_settings(HINT_LIMITS={"player": 2, "address": 100})
def test_past_the_players_limit_a_hint_is_refused_and_marks_nothing(client):
    first = start_seeded(client, "ishido", ishido.Options(), "limit")
    assert ask(client, first).status_code == 200
    assert ask(client, first).status_code == 200
    other = Game.start(
        first.player, get_kind("magdagdon"), magdagdon.Options(magdagdon.Difficulty.PEACEFUL)
    )
    before = frozen(other)
    answer = ask(client, other)
    assert answer.status_code == 429
    assert 1 <= int(answer["Retry-After"]) <= 60
    html = answer.content.decode()
    assert "You asked for too many hints in a minute (at most 2). Nothing was changed" in html
    assert "data-hint=" not in html
    assert frozen(other) == before and not marked(other)


@override_settings(HINT_LIMITS={"player": 100, "address": 2})
def test_past_the_addresss_limit_another_player_there_is_refused(client, other_client):
    mine = start_seeded(client, "ishido", ishido.Options(), "address-1")
    assert ask(client, mine).status_code == 200
    assert ask(client, mine).status_code == 200
    theirs = start_seeded(other_client, "ishido", ishido.Options(), "address-2")
    assert theirs.player_id != mine.player_id
    before = frozen(theirs)
    answer = ask(other_client, theirs, htmx=True)
    assert answer.status_code == 429
    html = answer.content.decode()
    assert "Too many hints were asked for from your address in a minute (at most 2)." in html
    # htmx: the board's message alone, swapped over its place (the board stays as it is)
    assert "data-hint-refused" in html and 'id="board"' not in html and "<html" not in html
    assert answer["HX-Retarget"] == "#board-message" and answer["HX-Reswap"] == "outerHTML"
    assert 'id="board-message"' in html
    assert frozen(theirs) == before and not marked(theirs)


@override_settings(HINT_LIMITS={"player": 1, "address": 100})
def test_the_limit_is_per_minute_and_a_refused_hint_is_not_counted(client, clock):
    game = start_seeded(client, "ishido", ishido.Options(), "minute")
    assert ask(client, game).status_code == 200
    assert ask(client, game).status_code == 429
    clock.advance(seconds=60)
    assert ask(client, game).status_code == 200
    assert ask(client, game).status_code == 429


@override_settings(HINT_LIMITS={"player": 1, "address": 100})
def test_the_refusal_is_in_the_visitors_language(client):
    game = start_seeded(client, "ishido", ishido.Options(), "limit-hu")
    ask(client, game)
    client.cookies["django_language"] = "hu"
    answer = ask(client, game)
    assert answer.status_code == 429
    html = answer.content.decode()
    assert "You asked for" not in html
    assert "Egy perc alatt túl sok tippet kértél (legfeljebb 1)." in html


@pytest.mark.parametrize(
    "key, options",
    [
        ("ishido", ishido.Options()),
        ("magdagdon", magdagdon.Options(magdagdon.Difficulty.NIGHTMARE)),
        ("mishimash", mishimash.Options(("Solo",), 1000)),
    ],
)
def test_every_games_advice_is_kept_as_it_was_given(client, key, options):
    game = start_seeded(client, key, options, f"kept-{key}")
    first = ask(client, game).context["hint_panel"].hint
    kept = cache.get(f"hint:{game.pk}:{game.version}")
    assert kept == get_kind(key).coach.advise(game.state)
    assert ask(client, game).context["hint_panel"].hint == first


def bursts(player: int, address: int) -> override_settings:
    """Burst limits of `player` and `address` hints in 10 s, the minute's limits out of reach."""
    return override_settings(
        HINT_LIMITS={"player": 100, "address": 100},
        HINT_BURSTS={"player": player, "address": address},
        HINT_BURST_SECONDS=10,
    )


@bursts(player=2, address=100)
def test_a_burst_of_hints_is_refused_within_seconds(client, clock):
    game = start_seeded(client, "ishido", ishido.Options(), "burst")
    assert ask(client, game).status_code == 200
    assert ask(client, game).status_code == 200
    before = frozen(game)
    answer = ask(client, game, htmx=True)
    assert answer.status_code == 429
    assert 1 <= int(answer["Retry-After"]) <= 10
    html = answer.content.decode()
    assert "Too many hints at once (at most 2 in 10 seconds)." in html
    assert "data-hint-refused" in html and "data-hint=" not in html
    assert frozen(game) == before
    clock.advance(seconds=10)
    assert ask(client, game).status_code == 200


@bursts(player=100, address=2)
def test_a_burst_from_one_address_is_refused_for_its_other_players(client, other_client):
    mine = start_seeded(client, "ishido", ishido.Options(), "burst-1")
    assert ask(client, mine).status_code == 200
    assert ask(client, mine).status_code == 200
    theirs = start_seeded(other_client, "ishido", ishido.Options(), "burst-2")
    assert ask(other_client, theirs).status_code == 429


@override_settings(HINT_LIMITS={"player": 1, "address": 100})
def test_a_hint_past_a_full_limit_takes_no_write(client):
    game = start_seeded(client, "ishido", ishido.Options(), "read-only")
    assert ask(client, game).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        assert ask(client, game, htmx=True).status_code == 429
    writes = [q["sql"] for q in queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert writes == []


def test_the_burst_refusal_is_in_the_visitors_language(client, settings):
    settings.HINT_BURSTS = {"player": 1, "address": 100}
    game = start_seeded(client, "ishido", ishido.Options(), "burst-hu")
    ask(client, game)
    client.cookies["django_language"] = "sk"
    html = ask(client, game).content.decode()
    assert "Priveľa tipov naraz (najviac 1 za 10 sekúnd)." in html


@override_settings(HINT_LIMITS={"player": 1, "address": 100})
def test_a_visitor_past_a_limit_is_refused_before_the_game_is_read(client):
    game = start_seeded(client, "ishido", ishido.Options(), "at-once")
    assert ask(client, game).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        answer = ask(client, game, htmx=True)
    assert answer.status_code == 429 and "You asked for too many hints" in answer.content.decode()
    assert not any("core_game" in q["sql"] for q in queries.captured_queries)
    assert len(queries.captured_queries) <= 3  # the counts, and what every request reads
    plain = ask(client, game)  # without JavaScript: a page that says why, with a way back
    assert plain.status_code == 429 and "<html" in plain.content.decode()
    assert "You asked for too many hints" in plain.content.decode()
