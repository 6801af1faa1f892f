"""Nickname keys by Unicode's look-alike skeletons (TR39), and one account per key's shape.

Every secured nickname's key is computed anew. When two accounts now share a shape ("Bill"
and a "BiII" secured before this rule), the one secured first keeps the name; each later one
keeps its player, games, display name, password and sessions, but gets a key that no nickname
can produce (its key, a control character and its id): signing in by that name finds the
first owner, so the later player chooses a new nickname (their nickname card saves it under a
proper key) and staff can see them in the admin's list of secured nicknames.
"""

import django.db.models.functions.text
from django.db import migrations, models

from games.core.accounts.nicknames import nickname_key, nickname_shape

CLASH = "\x01"  # a control character: refused in every nickname, so never in a real key


def recompute_keys(apps, schema_editor):  # type: ignore[no-untyped-def]
    Account = apps.get_model("core", "Account")
    accounts = list(Account.objects.select_related("player").order_by("created_at", "pk"))
    # First out of the way of the unique column, then the new keys, oldest account first.
    for account in accounts:
        Account.objects.filter(pk=account.pk).update(nickname_key=f"{CLASH}{account.pk}")
    shapes: set[str] = set()
    for account in accounts:
        key = nickname_key(account.player.nickname)
        if nickname_shape(key) in shapes:
            key = f"{key}{CLASH}{account.pk}"
        shapes.add(nickname_shape(key))
        Account.objects.filter(pk=account.pk).update(nickname_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0011_review_worker_checkpoints"),
    ]

    operations = [
        migrations.RunPython(recompute_keys, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Replace(
                    models.F("nickname_key"), models.Value("i"), models.Value("l")
                ),
                name="one_account_per_nickname_shape",
            ),
        ),
    ]
