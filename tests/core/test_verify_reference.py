"""verify_games driven by the rules' reference games (tests/rules/reference): each one played
through the stored-game model as the site plays it, then replayed from its seed by the command;
a tampered result or action is reported."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.core.kinds import get_kind
from games.core.models import Action, Game, Player, Result
from tests.support.reference import GAMES, load

pytestmark = pytest.mark.django_db
SAMPLE = 6  # reference games per game kind (every 50th of 300): every kind of options


def store(reference) -> Game:  # type: ignore[no-untyped-def]
    """Play a reference game through Game.start and Game.apply_action, as the views do."""
    kind = get_kind(reference.game)
    options = kind.options_from_dict(reference.options)
    game = Game.start(Player.objects.create(), kind, options, seed=reference.seed)
    for text in reference.actions:
        game.apply_action(reference.rules.action_from_text(text), game.version)
    return game


@pytest.fixture
def stored() -> list[Game]:
    return [store(r) for game in GAMES for r in load(game)[::50][:SAMPLE]]


def verify(kind: str = "") -> str:
    out, err = StringIO(), StringIO()
    args = ["--kind", kind] if kind else []
    try:
        call_command("verify_games", *args, stdout=out, stderr=err)
    except CommandError:
        return "differs: " + err.getvalue()
    return out.getvalue()


def test_every_reference_game_is_stored_finished_and_verifies(stored):
    assert all(game.status == Game.Status.FINISHED for game in stored)
    assert len(stored) == SAMPLE * len(GAMES)
    assert f"{len(stored)} finished games replayed, 0 differ." in verify()


def test_the_stored_final_state_is_the_reference_games_final_state(stored):
    by_seed = {r.seed: r for game in GAMES for r in load(game)}
    for game in stored:
        assert game.state == by_seed[game.seed].final_state()


def test_a_tampered_score_is_reported(stored):
    result = Result.objects.filter(kind_key="ishido").first()
    Result.objects.filter(pk=result.pk).update(score=result.score + 1)
    assert "differs" in verify("ishido") and "score" in verify("ishido")


def test_a_tampered_action_is_reported(stored):
    game = next(g for g in stored if g.kind_key == "magdagdon")
    first = Action.objects.filter(game=game).order_by("number").first()
    Action.objects.filter(pk=first.pk).update(payload={"type": "confirm"})
    report = verify("magdagdon")
    assert "differs" in report and f"magdagdon #{game.pk}" in report
