"""Look-alike nicknames (issue 29, item 3): identity by Unicode's TR39 skeletons, over the whole
of confusables.txt; invisible and blank characters refused; existing keys recomputed."""

import importlib
import unicodedata

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.core.accounts.models import Account
from games.core.accounts.nicknames import nickname_key, nickname_shape, prototypes, skeleton
from games.core.forms import NicknameForm
from games.core.models import Player
from tests.support import accounts
from tests.support.accounts import secure, sign_in
from tests.support.client import CsrfClient

NICKNAME = reverse("core:nickname")
# What a guest took with "Bill" secured: capital i's, Cyrillic palochkas, dental clicks, small
# capital L's; and "BILL", which only differs in case.
LOOK_ALIKES = ["BiII", "Bi\u04cf\u04cf", "Bi\u01c0\u01c0", "Bi\u029f\u029f", "BILL", "bill"]
INVISIBLE = ["\u3164", "\uffa0", "\u2800", "\u034f"]


def same(a: str, b: str) -> bool:
    return nickname_shape(nickname_key(a)) == nickname_shape(nickname_key(b))


# --- across Unicode's data --------------------------------------------------------------------
def test_every_confusable_of_unicodes_data_has_the_key_of_its_prototype():
    table = prototypes()
    assert len(table) > 6000  # the whole of confusables.txt, not a sample
    # Sources that NFD decomposes never reach the table (TR39 maps after NFD): their parts do.
    whole = [ch for ch in table if unicodedata.is_normalized("NFD", ch)]
    assert len(whole) > 5000
    wrong = [(ch, table[ch]) for ch in whole if not same(ch, table[ch])]
    assert wrong == []


def test_every_confusable_of_a_latin_letter_or_digit_gives_that_letters_key():
    latin = {ch: p for ch, p in prototypes().items() if p.isascii() and p.isalnum()}
    assert len(latin) > 1400
    assert all(same(ch + "ob", prototype + "ob") for ch, prototype in latin.items())


WHOLE = sorted(ch for ch in prototypes() if unicodedata.is_normalized("NFD", ch))


@given(st.lists(st.sampled_from(WHOLE), min_size=1, max_size=12))
def test_a_name_and_its_prototypes_spelled_out_are_one_name(letters):
    assert same("".join(letters), "".join(prototypes()[ch] for ch in letters))


def test_the_key_is_a_function_of_the_tr39_skeleton():
    assert skeleton("BiII") == skeleton("Bill") and skeleton("paypa\u04cf") != skeleton("paypal")
    assert nickname_key("rnagnus") == nickname_key("Magnus") == "magnus"


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_the_issues_look_alikes_of_bill_are_one_name(look_alike):
    assert same(look_alike, "Bill")


@pytest.mark.parametrize("other", ["Bob", "Bil", "Billy", "Böll", "Biļļ", "Β ill"])
def test_names_that_look_different_stay_apart(other):
    assert not same(other, "Bill")


# --- through the views ------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_with_bill_secured_a_guest_cannot_take_a_look_alike(client, other_client, look_alike):
    assert secure(CsrfClient(), nickname="Bill").status_code == 303
    accounts.assert_a_guest_cannot_take(other_client, look_alike)


@pytest.mark.django_db
@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_with_bill_secured_nobody_secures_a_look_alike(client, look_alike):
    assert secure(CsrfClient(), nickname="Bill").status_code == 303
    response = secure(client, nickname=look_alike)
    assert response.status_code == 400
    assert "is secured by another player" in response.content.decode()
    assert Account.objects.count() == 1 and Player.objects.count() == 1


@pytest.mark.django_db
def test_a_guest_who_took_a_look_alike_first_cannot_secure_it_once_bill_is_secured(client):
    client.post(NICKNAME, {"nickname": "BiII"})  # nobody had secured "Bill" yet
    assert secure(CsrfClient(), nickname="Bill").status_code == 303
    response = secure(client, nickname="BiII")
    assert response.status_code == 400
    assert Account.objects.get().player.nickname == "Bill"


@pytest.mark.django_db
def test_the_owner_signs_in_with_any_spelling_that_reads_the_same(client):
    assert secure(CsrfClient(), nickname="Bill").status_code == 303
    assert sign_in(client, nickname="BILL").status_code == 303


@pytest.mark.django_db
def test_the_database_refuses_a_second_account_of_the_same_shape():
    bill = Player.objects.create(nickname="Bill")
    Account.objects.create(
        user=User.objects.create_user("a"), player=bill, nickname_key=nickname_key("Bill")
    )
    other = Player.objects.create(nickname="BILL")
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.create(
            user=User.objects.create_user("b"), player=other, nickname_key=nickname_key("BILL")
        )


# --- invisible and blank characters -----------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("invisible", INVISIBLE)
def test_invisible_and_blank_characters_are_refused_and_nothing_changes(client, invisible):
    client.post(NICKNAME, {"nickname": "Guest"})
    response = client.post(NICKNAME, {"nickname": "Bill" + invisible})
    assert response.status_code == 400
    assert f"U+{ord(invisible):04X}" in response.content.decode()
    assert Player.objects.get().nickname == "Guest"


@pytest.mark.parametrize("invisible", INVISIBLE + ["\ufe0f", "\u200d"])
def test_an_invisible_character_between_letters_is_refused(invisible):
    form = NicknameForm({"nickname": "Bi" + invisible + "ll"})
    assert not form.is_valid()
    assert "invisible" in str(form.errors["nickname"])


@pytest.mark.parametrize(
    "emoji",
    [
        "Anna 👨\u200d👩\u200d👧",
        "🏳\ufe0f\u200d🌈 Zoe",
        "Kim ❤\ufe0f",
        "1\ufe0f\u20e3 Ann",
        "Ian 🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "👋🏽 Ida",
    ],
)
def test_emoji_with_joiners_and_variation_selectors_still_work(emoji):
    form = NicknameForm({"nickname": emoji})
    assert form.is_valid(), form.errors


# --- existing accounts ------------------------------------------------------------------------
@pytest.mark.django_db
def test_the_migration_recomputes_keys_and_the_first_secured_keeps_a_clashing_name():
    migration = importlib.import_module("games.core.migrations.0012_nickname_skeletons")
    players = [Player.objects.create(nickname=name) for name in ["Bill", "BiII", "Ｍａｇｎｕｓ"]]
    # Keys of an older rule ("BiII" and "Bill" were two names then; the keys are recomputed from
    # the nicknames alone, whatever they were).
    old_keys = ["bill", "old:biii", "old:magnus"]
    for number, (player, old_key) in enumerate(zip(players, old_keys, strict=True)):
        user = User.objects.create_user(f"u{number}")
        Account.objects.create(user=user, player=player, nickname_key=old_key)
    migration.recompute_keys(apps, None)
    keys = {a.player.nickname: a.nickname_key for a in Account.objects.select_related("player")}
    assert keys["Bill"] == "bill" and keys["Ｍａｇｎｕｓ"] == "magnus"
    assert keys["BiII"].startswith("bill\x01")  # kept its player, games and password
    assert Player.objects.get(pk=players[1].pk).nickname == "BiII"  # display names unchanged
