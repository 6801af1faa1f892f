"""The reference games (tests/rules/reference/*.txt, like chess's perft files) replay exactly.

Every recorded action must be legal when it is played (in `legal_actions`), read back from its
text and its dict form, and the game must end with the recorded score and ending. The files
are written by `python -m tests.rules.reference.make`; a rules change that alters any game
shows up here, and the files are regenerated only when the change is meant.
"""

from __future__ import annotations

import json

import pytest

from tests.support.reference import GAMES, ReferenceGame, load, path, result

REFERENCE = [ref for game in GAMES for ref in load(game)]


def test_every_game_has_a_few_hundred_small_reference_games() -> None:
    for game in GAMES:
        assert len(load(game)) >= 300
        assert path(game).stat().st_size < 1_000_000


def test_the_references_cover_the_options() -> None:
    difficulties = {ref.options["difficulty"] for ref in load("magdagdon")}
    assert difficulties == {"peaceful", "survival", "nightmare"}
    tables = {(len(ref.options["players"]), ref.options["target"]) for ref in load("mishimash")}
    assert {1, 2, 3, 4} == {players for players, _ in tables}
    assert len({target for players, target in tables if players == 1}) >= 3


@pytest.mark.parametrize("ref", REFERENCE, ids=lambda ref: ref.seed)
def test_reference_game_replays_to_its_recorded_result(ref: ReferenceGame) -> None:
    rules = ref.rules
    state = None
    for step, (before, action, after) in enumerate(ref.replay()):
        assert action in rules.legal_actions(before), f"{ref.seed} action {step}: {action}"
        assert rules.action_from_text(action.text()) == action
        assert rules.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        if step % 5 == 0:  # a sample of the stored forms along the way
            stored = json.loads(json.dumps(after.to_dict()))
            assert rules.State.from_dict(stored) == after
        state = after
    assert state is not None and state.is_finished
    assert rules.legal_actions(state) == ()
    assert result(ref.game, state) == ref.result
