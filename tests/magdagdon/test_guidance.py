"""The page never leaves a player stuck or misled: the dead end after a bad staging order and
its one-tap way out (TAKE ALL BACK, stored as M3 take-backs that replay exactly), the prompt
that matches the state, the one primary action, and what each move changed (the live
region's text, the sound, what a power did and cost)."""

import html as html_lib
import random
import re

import pytest

from games.core.models import Game
from games.magdagdon import display
from games.rules import magdagdon as rules
from tests.support.games import frozen
from tests.support.magdagdon import start_at, start_seeded, url
from tests.support.magdagdon_oracle import make_state

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html_lib.unescape(response.content.decode())


def post(client, game: Game, action: str, data: dict | None = None, htmx: bool = True):
    game.refresh_from_db()
    return client.post(url(game, action), {"version": game.version, **(data or {})}, htmx=htmx)


def test_M11_M15_staging_the_1_of_1_3_4_4_first_is_a_dead_end_the_page_names():
    """The 1 goes anywhere on an empty board (M8), but no 3 or 4 may follow beside it (M9):
    the roll can make the minimum of 2 (3 and 4 side by side), this staging cannot."""
    state = make_state(roll=(1, 3, 4, 4))
    assert state.phase == "placing" and not display.is_dead_end(state)
    stuck = rules.apply(state, rules.Stage(0, 5), random.Random(0))
    assert display.is_dead_end(stuck)
    # Staging the 3 first is no dead end; nor is a staging that can CONFIRM.
    good = rules.apply(state, rules.Stage(1, 5), random.Random(0))
    assert not display.is_dead_end(good)
    done = rules.apply(good, rules.Stage(2, 6), random.Random(0))
    assert rules.can_confirm(done) and not display.is_dead_end(done)


def test_a_dead_end_says_so_and_take_all_back_is_the_primary_action(client):
    game = start_at(client, roll=(1, 3, 4, 4), staged=((0, 5),))
    page = text(client.get(game.get_absolute_url()))
    assert "data-dead-end" in page and "Stuck: from these staged dice" in page
    assert page.count("data-primary") == 1
    assert re.search(r'id="mg-take-back" data-focus data-primary>TAKE ALL BACK', page)
    assert "Choose a die, then a highlighted cell" not in page


def dead_end_seed(difficulty: str) -> tuple[str, list[rules.Stage]]:
    """A seed whose first roll has a staging (of 1 or 2 dice) that is a dead end (found by
    trying seeds, not guessed)."""
    options = rules.Options(rules.Difficulty(difficulty))

    def stagings(state: rules.State, depth: int):
        for die in rules.available_dice(state):
            for cell in sorted(rules.legal_cells_for_die(state, die)):
                after = rules.apply(state, rules.Stage(die, cell), random.Random(0))
                yield [rules.Stage(die, cell)], after
                if depth > 1:
                    for more, last in stagings(after, depth - 1):
                        yield [rules.Stage(die, cell), *more], last

    for n in range(500):
        seed = f"dead-{n}"
        rng = random.Random(seed)
        state = rules.apply(rules.new_game(options, rng), rules.Roll(), rng)
        if state.phase != "placing":
            continue
        for stages, after in stagings(state, rules.required(state) - 1):
            if len(stages) == rules.required(state) - 1 and display.is_dead_end(after):
                return seed, stages
    raise AssertionError("no seed found")


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_take_all_back_is_a_sequence_of_take_backs_that_replays_exactly(client, htmx):
    difficulty = "peaceful"
    seed, stages = dead_end_seed(difficulty)
    game = start_seeded(client, difficulty, seed=seed)
    assert post(client, game, "roll").status_code == 200
    for stage in stages:
        assert (
            post(client, game, "stage", {"die": stage.die, "cell": stage.cell}).status_code == 200
        )
    game.refresh_from_db()
    assert display.is_dead_end(game.state) and len(game.state.staged) == len(stages)
    response = post(client, game, "unstage_all", htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    game.refresh_from_db()
    assert game.state.staged == () and game.state.phase == "placing"
    payloads = [a.payload for a in game.actions.order_by("number")]
    back = payloads[1 + len(stages) :]
    assert 1 <= len(back) <= len(stages) and all(p["type"] == "unstage" for p in back)
    *_, replayed = game.replay_states()
    assert replayed == game.state  # every stored take-back is an ordinary, valid move (M3)
    assert game.version == len(payloads)
    if htmx:
        page = text(response)
        assert "data-dead-end" not in page and 'data-announce="Di' in page


def test_take_all_back_refuses_a_stale_board_and_an_empty_staging_writing_nothing(client):
    game = start_at(client, roll=(1, 3, 4, 4), staged=((0, 5),))
    before = frozen(game)
    response = client.post(url(game, "unstage_all"), {"version": game.version + 3}, htmx=True)
    assert response.status_code == 409 and "old board" in text(response)
    assert frozen(game) == before
    game = start_at(client, roll=(1, 3, 4, 4))
    before = frozen(game)
    response = post(client, game, "unstage_all")
    assert response.status_code == 400 and "nothing to take back" in text(response)
    assert frozen(game) == before
    response = client.post(url(game, "unstage_all"), {"version": "x"}, htmx=True)
    assert response.status_code == 400 and frozen(game) == before


@pytest.mark.parametrize(
    ("fields", "query", "prompt"),
    [
        ({}, "", "Turn 1: roll the four dice."),
        ({"roll": (4, 3, 2, 6)}, "", "Stage at least 2 dice this turn."),
        (
            {"roll": (4, 3, 2, 6), "staged": ((0, 1),)},
            "",
            "1 of 2 required dice staged: choose a die, then a highlighted cell.",
        ),
        ({"roll": (4, 3, 2, 6)}, "?die=1", "Die 2 (3): choose a highlighted cell."),
        (
            {"roll": (4, 3, 2, 6), "staged": ((0, 1), (1, 4))},
            "",
            "Enough dice staged: CONFIRM, or stage more.",
        ),
        (
            {"roll": (4, 3, 6, 6), "staged": ((0, 1), (1, 4))},
            "",
            "No other die fits: CONFIRM ends the turn.",
        ),
    ],
)
def test_the_prompt_matches_the_state(client, fields, query, prompt):
    game = start_at(client, "3... .... .... ....", **fields)
    page = text(client.get(game.get_absolute_url() + query))
    shown = re.search(r'<p class="mg-prompt"[^>]*>(.*?)</p>', page).group(1)
    assert prompt in shown
    if "CONFIRM" in prompt:  # never "choose a die" while the turn is ready to CONFIRM
        assert "Choose a die" not in page
    assert page.count("data-primary") == 1


def test_exactly_one_primary_action_in_every_state(client):
    cases = [
        ({}, "", 'id="mg-roll"'),
        ({"roll": (4, 3, 2, 6)}, "", 'id="mg-confirm"'),
        ({"board": "1121 2... ..X. ....", "roll": (6, 6, 5, 4)}, "", 'id="mg-accept"'),
        ({"board": "1121 2... ..X. ....", "roll": (6, 6, 5, 4)}, "?ruin=1", 'class="mg-grid'),
        ({"board": "1234 2345 3456 456X"}, "", "PLAY AGAIN"),
    ]
    for fields, query, primary in cases:
        board = fields.pop("board", "3... .... .... ....")
        game = start_at(client, board, **fields)
        if game.state.is_finished:
            Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
        page = text(client.get(game.get_absolute_url() + query))
        # The RUIN step's board rides along inert in a <template> (ACCEPT swaps it in).
        page = re.sub(r'<template id="mg-ruin-view">.*?</template>', "", page, flags=re.S)
        assert page.count("data-primary") == 1, primary
        found = re.search(r"<[^<>]*data-primary[^<>]*>", page)
        assert primary in page[found.start() : found.end() + 40], found.group()


def test_a_power_says_what_it_did_and_what_it_cost(client):
    game = start_at(client, "3... .... .... ....", roll=(3, 6, 1, 2))
    game = Game.objects.get(pk=game.pk)
    response = post(client, game, "reroll", {"dice": ["0", "2"]})
    game.refresh_from_db()
    new = game.state.roll
    page = text(response)
    did = f"REROLL dice 1 and 3: \u2066{3}→{new[0]}, {1}→{new[2]}\u2069 · \u2066−10\u2069"
    assert f'<p class="mg-did" data-did>{did}</p>' in page
    assert f'data-announce="{did}"' in page and 'data-sound="power"' in page
    response = post(client, game, "increase", {"die": "1"} if new[1] < 6 else {"die": "3"})
    assert "INCREASE die" in text(response) and "\u2066−20\u2069" in text(response)


def test_without_javascript_the_power_text_comes_with_the_next_page(client):
    game = start_at(client, "3... .... .... ....", roll=(3, 6, 1, 2))
    response = post(client, game, "decrease", {"die": "0"}, htmx=False)
    assert response.status_code == 303
    page = text(client.get(response["Location"]))
    assert "DECREASE die 1: \u20663→2\u2069 · \u2066−10\u2069" in page


@pytest.mark.parametrize(
    ("action", "data", "sound", "said"),
    [
        ("roll", {}, "roll", "Rolled "),
        ("stage", {"die": "0", "cell": "1"}, "place", "Die 1 staged on row 1, column 2."),
        ("unstage", {"die": "0"}, "", "Die 1 taken back."),
    ],
)
def test_each_move_sets_the_announcement_and_the_sound(client, action, data, sound, said):
    fields = {} if action == "roll" else {"roll": (4, 3, 2, 6)}
    if action == "unstage":
        fields["staged"] = ((0, 1),)
    game = start_at(client, "3... .... .... ....", **fields)
    page = text(post(client, game, action, data))
    announce = re.search(r'<section id="board"[^>]*data-announce="([^"]*)"', page).group(1)
    assert said in announce
    assert (f'data-sound="{sound}"' in page) == bool(sound)


def test_a_straight_is_celebrated_where_it_was_earned(client):
    # Row 1 holds 3-4-5 and takes a 6 at its end: STRAIGHT +60 (M19).
    game = start_at(client, "345. .... .... ....", roll=(6, 5, 1, 1))
    page = text(post(client, game, "stage", {"die": "0", "cell": "3"}))
    assert 'data-earned="r0"' in page and 'data-sound="fourway"' in page
    assert '<p class="mg-cheer" aria-hidden="true">STRAIGHT!</p>' in page
    assert "Row 1: STRAIGHT +60!" in page
    # The staged die just placed is marked.
    assert 'class="cell staged last" form="mg-unstage" name="die" value="0" data-cell="3"' in page


def test_the_end_says_the_final_score(client):
    game = start_at(client, "1234 2345 3456 45.X", roll=(6, 1, 1, 1), difficulty="nightmare")
    game.refresh_from_db()
    assert rules.required(game.state) == 1
    page = text(post(client, game, "stage", {"die": "0", "cell": "14"}))
    page = text(post(client, game, "confirm"))
    assert 'data-sound="end"' in page and "Game over: final score" in page


def test_take_all_back_returns_every_staged_die_whatever_leaned_on_what(client):
    # Two dice staged beside the confirmed 3, the 5 leaning on the 4 (M11): both come back.
    game = start_at(client, "3... .... .... ....", roll=(4, 5, 2, 6), staged=((0, 1), (1, 2)))
    response = post(client, game, "unstage_all")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state.staged == ()
    assert [a.payload for a in game.actions.order_by("number")] == [
        {"type": "unstage", "die": 0}  # the 5 only fitted beside the 4: it follows (M11)
    ]
    game = start_at(client, "3... .... .... ....", roll=(4, 2, 2, 6), staged=((0, 1), (1, 4)))
    post(client, game, "unstage_all")
    game.refresh_from_db()
    assert game.state.staged == () and game.actions.count() == 2


def test_the_magdagdon_board_carries_the_ruin_step_drawn_as_the_server_draws_it(client):
    """M16: ACCEPT MAGDAGDON is answered on the page from a copy of the RUIN-choosing board
    that came with the board; it is the very board `?ruin=1` answers."""
    game = start_at(client, "1121 2... ..X. ....", roll=(6, 6, 5, 4))
    page = text(client.get(game.get_absolute_url(), HTTP_HX_REQUEST="true"))
    carried = re.search(r'<template id="mg-ruin-view">(.*?)</template>', page, re.S).group(1)
    drawn = text(client.get(game.get_absolute_url() + "?ruin=1", HTTP_HX_REQUEST="true"))
    grid = r'<div class="mg-grid[^"]*".*?</div>'
    assert re.search(grid, carried, re.S).group() == re.search(grid, drawn, re.S).group()
    assert carried.count('form="mg-ruin"') == 10 and 'id="mg-ruin"' in carried
    # Nothing to carry once the RUIN step is on show, or when no MAGDAGDON happened.
    assert "mg-ruin-view" not in drawn
    placing = start_at(client, "3... .... .... ....", roll=(4, 3, 2, 6))
    assert "mg-ruin-view" not in text(client.get(placing.get_absolute_url()))


TAP_WORDS = ("tap ", "koppints", "ťukni", "اضغط", "انقر")  # touch-only verbs, per language


@pytest.mark.parametrize(
    "language, choose",
    [("en", "Choose a die"), ("hu", "Válassz egy kockát"), ("sk", "Vyber kocku"), ("ar", "اختر")],
)
def test_the_prompt_says_choose_which_fits_a_mouse_as_well_as_a_finger(client, language, choose):
    """Issue 30, 13: "Tap a die" was shown on desktop; the wording is neutral now."""
    game = start_at(client, roll=(4, 3, 2, 6))
    page = text(client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)).lower()
    assert choose.lower() in page
    assert not [word for word in TAP_WORDS if word in page]
