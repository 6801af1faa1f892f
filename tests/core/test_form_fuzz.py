"""Every field of every form, at every POST endpoint of the site, answers hostile values with a
4xx (or a redirect) and the site's message, never a 500, and a refused request writes nothing.

The endpoints are the URL resolver's (a test fails when one is added without a row here), the
forms every Form class of `games` (likewise); each field gets the values of
tests.support.fuzz.HOSTILE (5,000-digit numbers, NaN, other scripts' digits, NUL bytes,
100,000 characters, repeated or missing), one at a time, on a well-formed POST, each undone
before the next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.urls import reverse

from games.core.accounts import recovery
from games.core.accounts.forms import RecoverForm, SecureForm, SignInForm
from games.core.admin import PlayerAdminForm
from games.core.daily.challenges import FIRST_DAY
from games.core.daily.views import DayForm
from games.core.forms import NicknameForm, whole_number
from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.core.play.hint import HintForm
from games.core.play.moves import MoveForm
from games.ishido.forms import NewGameForm as IshidoNewGameForm
from games.ishido.forms import PlaceForm
from games.magdagdon import forms as magdagdon_forms
from games.mishimash.forms import NewGameForm as MishimashNewGameForm
from games.mishimash.forms import RollForm, SelectForm
from games.mishimash.online import tables
from games.mishimash.online.forms import (
    ComputerSeatForm,
    OnlineSelectForm,
    SeatOrderForm,
    TableForm,
)
from games.rules import ishido
from games.rules import magdagdon as magdagdon_rules
from games.rules import mishimash as mishimash_rules
from tests.support import accounts
from tests.support import magdagdon as mg
from tests.support import mishimash as mm
from tests.support import mishimash_online as online
from tests.support.daily import DAY
from tests.support.finished import finish
from tests.support.fuzz import (
    HOSTILE,
    TEXT,
    changed,
    fingerprint,
    has_message,
    hostile_posts,
    post_endpoints,
    site_forms,
    undone,
)
from tests.support.games import bind_player, frozen

pytestmark = pytest.mark.django_db

# A refused request answers one of these; an accepted one 200 (htmx), 204 or a redirect.
REFUSED = {400, 403, 404, 409, 429}
ACCEPTED = {200, 204, 302, 303}
# Values a field may legitimately accept: a valid value repeated (the last one counts), and
# for a field that is not required, nothing.
HARMLESS = {"repeated"}
OPTIONAL_HARMLESS = {"missing", "empty", "whitespace"}
# Fields whose every hostile value must be refused (they get them all): numbers, choices, dates.
STRICT = (forms.IntegerField, forms.ChoiceField, forms.DateField)


@dataclass
class Visit:
    """The visitor posting (`client`), a second visitor, and the fixtures a setup may need."""

    client: Any
    other: Any
    clock: Any


@dataclass(frozen=True)
class Endpoint:
    """How to reach a state where the URL's form is read: `setup` returns the URL and a
    well-formed POST; `forms` are the forms the view reads, `fields` what a form reads
    besides its declared fields (a widget's), `raw` what the view reads itself;
    `refuses_with_200`: the admin shows a refused form again with 200."""

    setup: Callable[[Visit], tuple[str, dict[str, Any]]]
    forms: tuple[type[forms.BaseForm], ...] = ()
    raw: tuple[str, ...] = ()
    refuses_with_200: bool = False
    fields: dict[str, forms.Field] = field(default_factory=dict)
    filled: tuple[str, ...] = ()  # fields the view fills in when they are missing


# --- states ---------------------------------------------------------------------------------


def magdagdon_game(visit: Visit) -> Game:
    """A MAGDAGDON game with the dice rolled and one staged: every action has a die to name."""
    game = mg.start_seeded(visit.client)
    game.apply_action(magdagdon_rules.Roll(), game.version)
    die, cell = mg.staging_plan(game.state)[0]
    game.apply_action(magdagdon_rules.Stage(die, cell), game.version)
    return game


def magdagdon(action: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        game = magdagdon_game(visit)
        return mg.url(game, action), {"version": game.version, **data}

    return setup


def mishimash(action: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        game = mm.start(visit.client, players=("Anna", "Bea"))
        if action != "roll":
            game.apply_action(mishimash_rules.Roll(0), game.version)
        return mm.url(action, game), {"version": game.version, "player": 0, **data}

    return setup


def lobby(url_name: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    """A table not started yet: the host (the visitor), a guest and a computer seated."""

    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        table = online.open_table(visit.client, "Anna", size=4)
        online.join(visit.other, table, "Bea")
        tables.add_computer(table, Player.objects.get(nickname="Anna"), "Robo", "optimal")
        return online.url(table, url_name), data

    return setup


def table(url_name: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    """A started table, the visitor (the host) to act, the dice rolled for the select moves."""

    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        table = online.open_table(visit.client, "Anna", size=2)
        online.join(visit.other, table, "Bea")
        tables.start(table, Player.objects.get(nickname="Anna"), seed="fixed")
        table.refresh_from_db()
        if url_name in ("bank", "roll_again"):
            online.post(visit.client, table, "roll")
        return online.url(table, url_name), {"version": online.version(table), **data}

    return setup


def page(url_name: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    """A URL without arguments, posted by a visitor with a nickname."""

    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        bind_player(visit.client, "Tester")
        return reverse(url_name), data

    return setup


def page_of(url_name: str, kind: str) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    """A form of one game kind's that reads no field (the kind is in its URL)."""

    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        bind_player(visit.client, "Tester")
        return reverse(url_name, args=[kind]), {}

    return setup


def hint(visit: Visit) -> tuple[str, dict[str, Any]]:
    game = magdagdon_game(visit)
    return reverse("core:hint", args=[game.pk]), {"version": game.version, "confirm": "1"}


def again(visit: Visit) -> tuple[str, dict[str, Any]]:
    game = finish(bind_player(visit.client), "ishido", ishido.Options())
    return reverse("core:again", args=[game.pk]), {}


def place(visit: Visit) -> tuple[str, dict[str, Any]]:
    game = Game.start(bind_player(visit.client), get_kind("ishido"), ishido.Options())
    cell = min(game.state.legal_cells)
    return reverse("ishido:place", args=[game.pk]), {"version": game.version, "cell": cell}


def retry(visit: Visit) -> tuple[str, dict[str, Any]]:
    """A finished, reviewed MISHIMASH game's first flagged decision, tried again as the coach."""
    from games.core.review import store as reviews

    game = finish(bind_player(visit.client), "mishimash", mishimash_rules.Options(("Ada",), 500))
    while not (review := reviews.advance(game)).is_done:
        pass
    number, decision = next((n, d) for n, d in enumerate(review.decisions, 1) if d["grade"])
    coach = decision["coach"][0]
    then = "bank" if coach["type"] == "select_and_bank" else "roll"
    data = {"dice": [str(d) for d in coach["dice"]], "then": then}
    return reverse("core:retry", args=[game.pk, number]), data


def puzzle(visit: Visit) -> tuple[str, dict[str, Any]]:
    """A MISHIMASH puzzle answered as the coach (games.core.puzzles)."""
    from tests.support.puzzles import form_of, mishimash_puzzle

    found = mishimash_puzzle()
    bind_player(visit.client, "Tester")
    data = {**form_of("mishimash", found.decision["coach"]), "mode": "streak"}
    return reverse("core:puzzle", args=[found.pk]), data


def daily(visit: Visit) -> tuple[str, dict[str, Any]]:
    bind_player(visit.client, "Tester")
    return reverse("core:daily", args=["ishido"]), {"day": DAY.isoformat()}


def practice(visit: Visit) -> tuple[str, dict[str, Any]]:
    bind_player(visit.client, "Tester")
    return reverse("core:daily_practice", args=["ishido", FIRST_DAY]), {}


def secure(visit: Visit) -> tuple[str, dict[str, Any]]:
    bind_player(visit.client, "Tester")
    password = accounts.PASSWORD
    return accounts.SECURE, {"nickname": "Tester", "password1": password, "password2": password}


def signed_in(url_name: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        bind_player(visit.client, "Magnus")
        assert accounts.secure(visit.client).status_code == 303
        return reverse(url_name), data

    return setup


def sign_in(visit: Visit) -> tuple[str, dict[str, Any]]:
    bind_player(visit.other, "Magnus")
    assert accounts.secure(visit.other).status_code == 303
    return accounts.SIGN_IN, {"nickname": "Magnus", "password": accounts.PASSWORD}


def recover(visit: Visit) -> tuple[str, dict[str, Any]]:
    player = bind_player(visit.other, "Magnus")
    assert accounts.secure(visit.other).status_code == 303
    code = recovery.new_codes(Player.objects.get(pk=player.pk).account.user)[0]
    return reverse("core:recover"), {"nickname": "Magnus", "password": code}


def staff(url_name: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        user = get_user_model().objects.create_superuser("staff", password=accounts.PASSWORD)
        visit.client.force_login(user)
        player = Player.objects.create(nickname="Rude")
        args = [player.pk] if "change" in url_name else []
        return reverse(url_name, args=args), data

    return setup


def admin_login(visit: Visit) -> tuple[str, dict[str, Any]]:
    get_user_model().objects.create_superuser("staff", password=accounts.PASSWORD)
    return reverse("admin:login"), {"username": "staff", "password": accounts.PASSWORD}


def new_game(url_name: str, **data: Any) -> Callable[[Visit], tuple[str, dict[str, Any]]]:
    """A new-game form, with a running game to abandon (so `confirm` is read)."""

    def setup(visit: Visit) -> tuple[str, dict[str, Any]]:
        if url_name.startswith("magdagdon"):
            mg.start_seeded(visit.client)
        elif url_name.startswith("ishido"):
            Game.start(bind_player(visit.client), get_kind("ishido"), ishido.Options())
        else:
            mm.start(visit.client)
        return reverse(url_name), {"confirm": "on", **data}

    return setup


MISHIMASH_NEW = {"mode": "hotseat", "count": "2", "players": ["Anna", "Bea"], "target": "1000"}
MISHIMASH_NEW_FIELDS = {"computer": forms.CharField()}

# Every POST endpoint of the site (admin pages other than a player's and the sign-in: below).
ENDPOINTS: dict[str, Endpoint] = {
    "core:nickname": Endpoint(page("core:nickname", nickname="Anna"), (NicknameForm,), ("next",)),
    "core:preference": Endpoint(
        page("core:preference", name="mishimash.target", value="750"), raw=("name", "value", "next")
    ),
    "core:again": Endpoint(again),
    "core:play_now": Endpoint(page_of("core:play_now", "ishido")),
    "core:tutorial": Endpoint(page_of("core:tutorial", "magdagdon")),
    "core:secure": Endpoint(secure, (SecureForm,)),
    "core:sign_in": Endpoint(sign_in, (SignInForm,)),
    "core:sign_out": Endpoint(signed_in("core:sign_out")),
    "core:recover": Endpoint(recover, (RecoverForm,)),
    "core:recovery_codes": Endpoint(signed_in("core:recovery_codes")),
    "core:sign_out_others": Endpoint(signed_in("core:sign_out_others")),
    "core:password": Endpoint(
        signed_in(
            "core:password",
            old_password=accounts.PASSWORD,
            new_password1="other-Dice-42-stones",
            new_password2="other-Dice-42-stones",
        ),
        (PasswordChangeForm,),
    ),
    "core:daily": Endpoint(daily, (DayForm,)),
    "core:daily_practice": Endpoint(practice),
    "core:hint": Endpoint(hint, (HintForm,)),
    "core:retry": Endpoint(retry, raw=("dice", "then")),
    "core:puzzle": Endpoint(puzzle, raw=("dice", "then", "mode")),
    "magdagdon:new": Endpoint(
        new_game("magdagdon:new", difficulty="peaceful"), (magdagdon_forms.SettingsForm,)
    ),
    "magdagdon:roll": Endpoint(magdagdon("roll"), (magdagdon_forms.PlainForm,)),
    "magdagdon:stage": Endpoint(magdagdon("stage", die=0, cell=0), (magdagdon_forms.StageForm,)),
    "magdagdon:unstage": Endpoint(magdagdon("unstage", die=0), (magdagdon_forms.DieForm,)),
    "magdagdon:unstage_all": Endpoint(magdagdon("unstage_all"), (magdagdon_forms.PlainForm,)),
    "magdagdon:confirm": Endpoint(magdagdon("confirm"), (magdagdon_forms.PlainForm,)),
    "magdagdon:decrease": Endpoint(magdagdon("decrease", die=1), (magdagdon_forms.DieForm,)),
    "magdagdon:increase": Endpoint(magdagdon("increase", die=1), (magdagdon_forms.DieForm,)),
    "magdagdon:reroll": Endpoint(magdagdon("reroll", dice=[1, 2]), (magdagdon_forms.RerollForm,)),
    "magdagdon:accept": Endpoint(magdagdon("accept", cell=0), (magdagdon_forms.AcceptForm,)),
    "mishimash:new": Endpoint(
        new_game("mishimash:new", **MISHIMASH_NEW),
        (MishimashNewGameForm,),
        fields=MISHIMASH_NEW_FIELDS,
    ),
    "mishimash:roll": Endpoint(mishimash("roll"), (RollForm,), ("dice", "toggle")),
    "mishimash:bank": Endpoint(mishimash("bank", dice=[0]), (SelectForm,), ("toggle",)),
    "mishimash:roll_again": Endpoint(mishimash("roll_again", dice=[0]), (SelectForm,), ("toggle",)),
    "mishimash:computer": Endpoint(mishimash("computer"), (MoveForm,)),
    "mishimash_online:new": Endpoint(
        page("mishimash_online:new", target="1000", size="3", turn_seconds="120"), (TableForm,)
    ),
    "mishimash_online:join": Endpoint(lobby("join")),
    "mishimash_online:order": Endpoint(
        lobby("order", position=1, direction="later"), (SeatOrderForm,)
    ),
    "mishimash_online:start": Endpoint(lobby("start")),
    "mishimash_online:add_computer": Endpoint(
        lobby("add_computer", name="Robo 2", strength="optimal"), (ComputerSeatForm,)
    ),
    "mishimash_online:drop_computer": Endpoint(
        lobby("drop_computer", position=2), (SeatOrderForm,), filled=("direction",)
    ),
    "mishimash_online:roll": Endpoint(table("roll"), (MoveForm,), ("dice", "toggle")),
    "mishimash_online:bank": Endpoint(table("bank", dice=[0]), (OnlineSelectForm,), ("toggle",)),
    "mishimash_online:roll_again": Endpoint(
        table("roll_again", dice=[0]), (OnlineSelectForm,), ("toggle",)
    ),
    "mishimash_online:skip": Endpoint(table("skip"), (MoveForm,)),
    "mishimash_online:remove": Endpoint(table("remove"), (MoveForm,)),
    "ishido:new": Endpoint(new_game("ishido:new"), (IshidoNewGameForm,)),
    "ishido:place": Endpoint(place, (PlaceForm,), ("hints",)),
    "set_language": Endpoint(
        lambda visit: (reverse("set_language"), {"language": "hu", "next": "/"}),
        raw=("language", "next"),
    ),
    "admin:login": Endpoint(admin_login, (AuthenticationForm,), ("next",), refuses_with_200=True),
    "admin:core_player_change": Endpoint(
        staff("admin:core_player_change", nickname="Polite", _save="Save"),
        (PlayerAdminForm,),
        refuses_with_200=True,
    ),
}


# --- the checks -----------------------------------------------------------------------------


def fields_of(endpoint: Endpoint) -> dict[str, forms.Field]:
    """The fields the endpoint reads: its forms' (as a form built without data has them),
    the endpoint's own, then the raw ones."""
    found: dict[str, forms.Field] = {}
    for form_class in endpoint.forms:
        try:
            found.update(form_class().fields)
        except TypeError:  # a form that needs its request, user or player: as declared
            found.update(form_class.base_fields)
    found.update(endpoint.fields)
    for name in endpoint.raw:
        found.setdefault(name, forms.CharField(required=False))
    return found


def may_accept(
    field_name: str, value_name: str, form_field: forms.Field, endpoint: Endpoint
) -> bool:
    """Whether a hostile value may be taken as valid: free text (a nickname, a password, a
    tick box) may be; a number, a choice or a date only if repeated, or absent when optional
    (or when the view fills it in)."""
    if value_name in HARMLESS or not isinstance(form_field, STRICT):
        return True
    if value_name == "missing" and field_name in endpoint.filled:
        return True
    return not form_field.required and value_name in OPTIONAL_HARMLESS


def test_every_post_endpoint_is_fuzzed():
    """The URL resolver's POST endpoints are the table's, and every admin page answers an
    anonymous hostile POST with the sign-in page; the site's every form is read somewhere."""
    found = post_endpoints(HOSTILE["5000 digits"])
    site = {name for name in found if not name.startswith("admin:")}
    assert site - set(ENDPOINTS) == set(), "a POST endpoint without a fuzz row"
    assert {name for name in ENDPOINTS if not name.startswith("admin:")} <= site
    read = {base for e in ENDPOINTS.values() for f in e.forms for base in f.__mro__}
    assert site_forms() - read == set(), "a form no fuzz row reads (itself or a subclass)"


@pytest.fixture
def fast_passwords(settings):
    """Hostile sign-ins and password changes hash passwords: the test's cost, not what it checks."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.usefixtures("fast_passwords")
@pytest.mark.parametrize("name", sorted(ENDPOINTS))
def test_hostile_values_are_refused_with_a_message(name, client, other_client, clock):
    endpoint = ENDPOINTS[name]
    url, data = endpoint.setup(Visit(client, other_client, clock))
    client.raise_request_exception = False
    before = fingerprint()  # each request is undone: the state every hostile value meets
    failures = []
    fields = fields_of(endpoint) or {"unread": forms.CharField(required=False)}
    for field_name, form_field in fields.items():
        values = HOSTILE if isinstance(form_field, STRICT) else TEXT
        for index, (value_name, posted) in enumerate(hostile_posts(data, field_name, values)):
            htmx = index % 2 == 1  # both renderings: the board partial and the whole page
            with undone(client, other_client):
                response = client.post(url, posted, htmx=htmx)
                status = response.status_code
                refused = status in REFUSED or (endpoint.refuses_with_200 and status == 200)
                what = f"{field_name}={value_name}{' (htmx)' if htmx else ''}: {status}"
                if status >= 500 or not (refused or status in ACCEPTED):
                    failures.append(f"{what}, not an answer")
                elif refused and status != 404 and not has_message(response):
                    failures.append(f"{what} without a message")
                elif refused and (written := changed(before, fingerprint())):
                    failures.append(f"{what}, and written: {', '.join(written)}")
                elif not refused and not may_accept(field_name, value_name, form_field, endpoint):
                    failures.append(f"{what}, accepted")
    assert failures == [], "\n".join(failures)


# --- the shared field ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [("3", 3), (" 12 ", 12), ("-1", -1), ("+7", 7), ("9" * 18, int("9" * 18))],
)
def test_whole_number_reads_short_ascii_numbers(text, number):
    assert whole_number(text) == number


@pytest.mark.parametrize(
    "text", ["", " ", "-", "9" * 19, "9" * 5000, "1.5", "1e3", "NaN", "0x1", "٣", "３", "1\x00"]
)
def test_whole_number_refuses_anything_else(text):
    assert whole_number(text) is None


def test_a_5000_digit_die_gets_the_die_message(client):
    """Issue 29, item 5: a 500 (int() refuses over 4,300 digits) where the message belongs."""
    game = magdagdon_game(Visit(client, None, None))
    before = frozen(game)
    response = client.post(mg.url(game, "increase"), {"version": game.version, "die": "9" * 5000})
    assert response.status_code == 400
    assert "There is no such die" in response.content.decode()
    assert frozen(game) == before


def test_a_move_form_reads_its_fields_without_copying_or_changing_them():
    """Move forms share their class's fields (games.core.play.moves.SharedFields): two forms
    read the same field objects, and a form trying to change its fields is refused instead of
    changing every later form's."""
    from games.ishido.forms import PlaceForm

    first, second = PlaceForm({"version": "0", "cell": "5"}), PlaceForm({"version": "x"})
    assert first.fields["cell"] is second.fields["cell"] is PlaceForm.base_fields["cell"]
    assert first.is_valid() and first.cleaned_data["cell"] == 5
    assert not second.is_valid() and "version" in second.errors
    with pytest.raises(TypeError):
        first.fields["cell"] = first.fields["version"]  # type: ignore[index]
    assert PlaceForm({"version": "1", "cell": "95"}).is_valid()
