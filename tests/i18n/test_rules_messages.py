"""The rules package's refusals reach the player in the player's language (games.core.play.moves
translates the gettext_noop-marked template, then fills in the parameters)."""

import random

import pytest
from django.utils import translation

from games.core.kinds import get_kind
from games.core.play.refusals import rules_message
from games.rules import IllegalMove
from games.rules import magdagdon as mg
from games.rules import mishimash as mm


def refusal(key: str) -> IllegalMove:
    """An illegal first action of a fresh game of `key`."""
    kind = get_kind(key)
    options = {
        "magdagdon": {"difficulty": "nightmare"},
        "mishimash": {"players": ["Ann"], "target": 500},
        "ishido": {},
    }[key]
    rng = random.Random(7)
    state = kind.new_state(kind.options_from_dict(options), rng)
    if key == "magdagdon":
        action = mg.Confirm()  # nothing rolled yet
    elif key == "mishimash":
        action = mm.SelectAndBank(0, (0,))  # nothing rolled yet
    else:  # an empty cell that touches no stone
        empty = [c for c in range(len(state.board)) if state.board[c] is None]
        action = kind.rules.Place(next(c for c in empty if c not in state.legal_cells))
    with pytest.raises(IllegalMove) as caught:
        kind.apply(state, action, rng)
    return caught.value


@pytest.mark.parametrize("key", ["magdagdon", "mishimash", "ishido"])
@pytest.mark.parametrize("language", ["hu", "sk", "ar"])
def test_a_refused_move_is_explained_in_the_players_language(key, language):
    error = refusal(key)
    english = rules_message(error)
    with translation.override(language):
        translated = rules_message(error)
    assert translated and translated != english
    for value in error.params.values():
        if isinstance(value, int):
            assert str(value) in translated
