"""HINT and the coached mark (issue 12, "In the game"): only a confirmed POST marks a game;
a coached game is kept in My records, marked, and never ranked; refused requests change
nothing; the hint shown is always one of the rules' legal actions."""

import random

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.core.kinds import get_kind
from games.core.models import Game, LeaderboardSize, Player, Result
from games.rules import ishido, magdagdon, mishimash
from tests.support.games import bind_player, frozen, start_seeded

pytestmark = pytest.mark.django_db


def hint_url(game: Game) -> str:
    return reverse("core:hint", args=[game.pk])


def ask(client, game: Game, *, confirm: bool = True, htmx: bool = False, **data):
    fields = {"version": game.version, **({"confirm": "1"} if confirm else {}), **data}
    return client.post(hint_url(game), fields, htmx=htmx)


def ishido_game(client, seed: str = "hint") -> Game:
    return start_seeded(client, "ishido", ishido.Options(), seed)


def play_out(game: Game) -> Game:
    """Play the lowest legal Ishido cell until the game ends."""
    while game.is_active:
        game.apply_action(ishido.Place(min(game.state.legal_cells)), game.version)
    return game


def marked(game: Game) -> bool:
    game.refresh_from_db()
    return game.coached


def test_a_get_never_marks_a_game(client):
    game = ishido_game(client)
    assert client.get(hint_url(game)).status_code == 405
    assert client.get(game.get_absolute_url() + "?confirm=1").status_code == 200
    assert not marked(game)


def test_the_first_hint_asks_first_and_changes_nothing(client):
    game = ishido_game(client)
    before = frozen(game)
    answer = ask(client, game, confirm=False)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "A hint marks this game as coached: it will not be ranked. Show the hint?" in html
    assert 'name="confirm" value="1"' in html and "data-hint=" not in html
    assert frozen(game) == before and not marked(game)


def test_the_confirmed_hint_marks_the_game_and_shows_a_legal_move_on_the_board(client):
    game = ishido_game(client)
    before = frozen(game)
    answer = ask(client, game)
    assert answer.status_code == 200
    assert marked(game)
    assert frozen(game) == before  # a hint is not a move: no action, same version and state
    hint = answer.context["hint_panel"].hint
    action = ishido.action_from_text(hint.action)
    assert action in ishido.legal_actions(game.state)
    html = answer.content.decode()
    assert f'data-hint="{hint.action}"' in html
    # The board marks the cell, and the page is the whole page (a plain POST, no JavaScript).
    assert f'value={action.cell} data-cell="{action.cell}" data-value data-legal data-hint' in html
    assert "<html" in html and "data-coached-mark" not in html


def test_with_htmx_the_answer_is_the_board_alone(client):
    game = ishido_game(client)
    answer = ask(client, game, htmx=True)
    html = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<section id="board"') and "data-hint=" in html
    assert answer["Vary"] == "HX-Request" or "HX-Request" in answer["Vary"]
    assert marked(game)


def test_once_coached_the_hint_shows_at_once_and_the_page_says_coached(client):
    game = ishido_game(client)
    ask(client, game)
    answer = ask(client, game, confirm=False)
    assert "data-hint=" in answer.content.decode()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "data-coached-mark" in page and "coached: not ranked" in page


def test_a_stale_version_is_refused_and_changes_nothing(client):
    game = ishido_game(client)
    game.apply_action(ishido.Place(min(game.state.legal_cells)), game.version)
    before = frozen(game)
    answer = client.post(hint_url(game), {"version": game.version - 1, "confirm": "1"})
    assert answer.status_code == 409
    assert "old board" in answer.content.decode()
    assert frozen(game) == before and not marked(game)


def test_a_finished_game_gets_no_hint(client):
    game = play_out(ishido_game(client))
    before = frozen(game)
    answer = ask(client, game)
    assert answer.status_code == 400
    assert "This game has ended" in answer.content.decode()
    assert frozen(game) == before and not marked(game)


def test_another_players_game_and_a_made_up_id_are_404(client, other_client):
    game = ishido_game(client)
    bind_player(other_client, "Eve")
    assert ask(other_client, game).status_code == 404
    assert other_client.post(reverse("core:hint", args=[10**6]), {"version": 0}).status_code == 404
    assert not marked(game)


@pytest.mark.parametrize("version", ["", "x", "-1"])
def test_a_tampered_version_is_a_clear_400(client, version):
    game = ishido_game(client)
    answer = client.post(hint_url(game), {"version": version, "confirm": "1"})
    assert answer.status_code == 400
    assert "did not say which board" in answer.content.decode()
    assert not marked(game)


def test_a_coached_game_is_kept_in_my_records_marked_but_never_ranked(client):
    player = bind_player(client, "Coached")
    game = Game.start(player, get_kind("ishido"), ishido.Options(), seed="coached-end")
    ask(client, game)
    play_out(Game.objects.get(pk=game.pk))
    result = Result.objects.get(game=game)
    assert result.hidden
    assert LeaderboardSize.of("ishido", "classic") == 0
    board = client.get(reverse("core:leaderboard", args=["ishido", "classic"])).context
    assert board["rows"] == [] and board["mine"] is None and board["total"] == 0
    home = client.get("/").context
    assert all(card.top == [] for card in home["games"])
    records = client.get(reverse("core:records")).content.decode()
    assert f'href="{reverse("core:replay", args=[game.pk])}"' in records
    assert "data-coached" in records
    ending = client.get(game.get_absolute_url())
    assert ending.context["ending"].coached and ending.context["ending"].rank is None
    html = ending.content.decode()
    assert "Not ranked: a hint was used in this game." in html
    assert "Your score is on the leaderboard" not in html


def test_a_game_finished_without_a_hint_is_ranked_and_not_marked(client):
    player = bind_player(client, "Plain")
    game = play_out(Game.start(player, get_kind("ishido"), ishido.Options(), seed="plain"))
    assert not Result.objects.get(game=game).hidden
    assert "data-coached" not in client.get(reverse("core:records")).content.decode()


def test_staff_cannot_show_a_coached_result_again_and_verify_games_passes(client):
    player = bind_player(client, "Staff")
    game = Game.start(player, get_kind("ishido"), ishido.Options(), seed="staff")
    ask(client, game)
    play_out(Game.objects.get(pk=game.pk))
    assert Result.objects.filter(game=game).set_hidden(False) == 0
    assert Result.objects.get(game=game).hidden
    call_command("verify_games")  # the hint left no action behind: the replay still matches


def test_a_coached_daily_is_not_on_the_days_board(client):
    from games.core.daily import challenges as daily

    client.post(reverse("core:daily", args=["ishido"]), {"day": daily.today().isoformat()})
    game = Game.objects.get(day=daily.today())
    ask(client, game)
    play_out(Game.objects.get(pk=game.pk))
    assert not list(daily.day_results(get_kind("ishido"), daily.today()))
    page = client.get(game.get_absolute_url()).content.decode()
    assert "A hint was used: not ranked on the day" in page
    home = client.get("/").content.decode()
    assert 'data-daily-status="finished"' in home and "A hint was used: not ranked." in home


def test_online_tables_offer_no_hint(client, other_client):
    """A hint at a table of friends would help one of them against the others."""
    from games.mishimash.online import tables as online
    from games.mishimash.online.models import Table
    from tests.support.mishimash_online import join, open_table, url

    table = open_table(client, "Anna")
    join(other_client, table, "Bela")
    online.start(table, Player.objects.get(nickname="Anna"), seed="fixed")
    table.refresh_from_db()
    page = client.get(url(table)).content.decode()
    assert "data-hint-button" not in page and "data-coach" not in page
    game = Game.objects.get(pk=table.game_id)
    answer = client.post(hint_url(game), {"version": game.version, "confirm": "1"})
    assert answer.status_code == 400 and "This game offers no hints." in answer.content.decode()
    assert not marked(game)
    assert Table.objects.filter(pk=table.pk).exists()
    assert not get_kind("mishimash_online").offers_hints
    assert all(get_kind(k).offers_hints for k in ("magdagdon", "mishimash", "ishido"))


# --- the hint is always a legal move, whatever the game and position ----------------------


def positions(key: str, options, rng: random.Random, count: int):
    """States met in random legal play, for hints to be asked in."""
    kind = get_kind(key)
    state = kind.new_state(options, rng)
    seen = []
    while not kind.is_finished(state) and len(seen) < count:
        seen.append(state)
        state = kind.apply(state, rng.choice(kind.rules.legal_actions(state)), rng)
    return seen


@pytest.mark.parametrize(
    "key, options",
    [
        ("magdagdon", magdagdon.Options(magdagdon.Difficulty.PEACEFUL)),
        ("magdagdon", magdagdon.Options(magdagdon.Difficulty.NIGHTMARE)),
        ("mishimash", mishimash.Options(("Solo",), 1000)),
        ("mishimash", mishimash.Options(("Ann", "Bo"), 500)),
        ("mishimash", mishimash.Options(("Solo",), 700)),
        ("ishido", ishido.Options()),
    ],
)
def test_every_hint_names_a_legal_action_and_marks_the_board(key, options):
    kind = get_kind(key)
    for state in positions(key, options, random.Random(f"hint-{key}"), 12):
        hint = kind.hint(state, kind.coach.advise(state))
        assert kind.rules.action_from_text(hint.action) in kind.rules.legal_actions(state)
        assert hint.advice and hint.choices and sum(c.best for c in hint.choices) == 1
        assert len(hint.choices) <= 3  # short enough for a phone
        drawn = kind.board_view(state, playable=True, ui=None, hint=hint)
        assert drawn is not None


def test_the_mishimash_hint_says_bank_or_roll_again_with_the_bust_chance(client):
    game = start_seeded(client, "mishimash", mishimash.Options(("Solo",), 1000), "mm-hint")
    game.apply_action(mishimash.Roll(0), game.version)
    hint = ask(client, game).context["hint_panel"].hint
    labels = [c.label for c in hint.choices]
    assert "BANK" in labels and "ROLL AGAIN" in labels
    assert hint.note.startswith("Expected turns") and "lower is better" in hint.note
    assert any("bust" in c.value for c in hint.choices)
    assert hint.dice and set(hint.dice) <= set(range(len(game.state.roll)))
    html = client.post(hint_url(game), {"version": game.version}).content.decode()
    button = "bank" if hint.action.startswith("bank") else "roll-again"
    assert f'data-action="{button}" data-primary data-hint' in html or (
        f'data-action="{button}" data-hint' in html
    )


def test_the_magdagdon_hint_marks_the_planned_cells_and_dice(client):
    game = start_seeded(client, "magdagdon", magdagdon.Options(magdagdon.Difficulty.PEACEFUL))
    game.apply_action(magdagdon.Roll(), game.version)
    answer = ask(client, game)
    hint = answer.context["hint_panel"].hint
    html = answer.content.decode()
    for cell, value in hint.labels:
        assert f'data-cell="{cell}"' in html and f'data-hint="{value}"' in html
    assert hint.note.startswith("Expected final score")


def test_values_are_written_as_the_language_writes_numbers(client):
    game = start_seeded(client, "mishimash", mishimash.Options(("Solo",), 1000), "mm-hu")
    client.post(reverse("set_language"), {"language": "hu", "next": "/"})
    hint = ask(client, game).context["hint_panel"].hint
    assert "," in hint.choices[0].value  # 64,2 in Hungarian


def test_a_hint_in_another_tab_counts_for_a_move_loaded_before_it(client):
    """The finishing move reads the mark in its own transaction, not from the row it loaded."""
    player = bind_player(client, "Tabs")
    game = Game.start(player, get_kind("ishido"), ishido.Options(), seed="two-tabs")
    loaded = Game.objects.get(pk=game.pk)  # the other tab's copy, read before the hint
    ask(client, game)
    assert not loaded.coached
    play_out(loaded)
    assert Result.objects.get(game=game).hidden


def test_the_mishimash_hint_names_one_die_as_a_die_and_several_as_dice():
    """ "Set aside die 3", never "Set aside dice 3" (one die), and "dice 1, 2" for more."""
    import random as rnd

    from games.core.kinds import get_kind
    from games.rules import mishimash as mm

    kind = get_kind("mishimash")
    seen = set()
    for seed in range(60):
        state = mm.new_game(mm.Options(("Anna",), 1000), rnd.Random(seed))
        state = mm.apply(state, mm.Roll(0), rnd.Random(seed))
        if state.phase != "choosing":
            continue
        advice = kind.coach.advise(state)
        text = kind.hint(state, advice).advice
        count = len(advice.action.dice)
        assert text.startswith("Set aside die " if count == 1 else "Set aside dice "), text
        seen.add(count == 1)
        if seen == {True, False}:
            break
    assert seen == {True, False}, "both wordings met"
