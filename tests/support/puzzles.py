"""Puzzles for the puzzle tests (games.core.puzzles): finished games with a known slip, reviewed
and mined, and the form data of a choice (the retry board's; MAGDAGDON's usual board's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.coach.mishimash import policies
from games.coach.mishimash.review import choice_key, par_of
from games.core.kinds import get_kind
from games.core.models import Game, Player
from games.core.puzzles import mining
from games.core.puzzles.models import Puzzle
from games.core.review import store as reviews
from games.rules import ishido, magdagdon, mishimash
from tests.support.finished import finish

OPTIONS: dict[str, Any] = {
    "magdagdon": magdagdon.Options(magdagdon.Difficulty.PEACEFUL),
    "mishimash": mishimash.Options(("Ada",), 500),
    "ishido": ishido.Options(),
}
Choices = list[tuple[Any, float]]


def ranked(state: mishimash.State) -> Choices:
    """The distinct MISHIMASH choices (by meaning) with their shares of par lost, best first,
    read from the coach's exact tables (not through the review's analysis)."""
    policy = policies.policy(state)
    par = par_of(state, policy)
    values = policies.action_values(state)
    best = values[0][1]
    seen, choices = set(), []
    for action, value in values:
        key = choice_key(state, action)
        if key in seen:
            continue
        seen.add(key)
        lost = value - best if policy.lower_is_better else best - value
        choices.append((action, lost / par))
    return choices


def played_with_one_slip(
    slip: Callable[[Choices], Any], seed: str = "mined", nickname: str = "Miner"
) -> tuple[Game, int]:
    """A MISHIMASH game played as the coach plays, but for the first decision where
    `slip(choices)` names another choice: that one is played instead. The game and the number
    of the slipped decision (counted as the review counts decisions)."""
    player = Player.objects.create(nickname=nickname)
    game = Game.start(player, get_kind("mishimash"), OPTIONS["mishimash"], seed=seed)
    number, slipped = 0, None
    selections = mishimash.SelectAndBank | mishimash.SelectAndRollAgain
    while game.is_active:
        state = game.state
        moves = mishimash.legal_actions(state)
        if any(isinstance(a, selections) for a in moves):
            number += 1
            choices = ranked(state)
            action = choices[0][0]
            if slipped is None and (other := slip(choices)) is not None:
                action, slipped = other, number
        else:
            action = moves[0]
        game.apply_action(action, game.version)
    assert slipped is not None
    return game, slipped


def clear_slip(choices: Choices) -> Any:
    """A choice losing 5 % of par or more where the runner-up loses 2.5 % or more."""
    if len(choices) >= 3 and choices[1][1] >= 0.025:
        bad = [a for a, lost in choices[1:] if lost >= 0.05]
        return bad[0] if bad else None
    return None


def near_tie_slip(choices: Choices) -> Any:
    """A bad choice where the two best choices are within half an inaccuracy of each other."""
    if len(choices) >= 3 and choices[1][1] <= 0.005:
        bad = [a for a, lost in choices[2:] if lost >= 0.05]
        return bad[0] if bad else None
    return None


def reviewed(game: Game) -> Game:
    while not reviews.advance(game).is_done:
        pass
    return game


def mishimash_puzzle(seed: str = "mined", nickname: str = "Miner") -> Puzzle:
    """A MISHIMASH puzzle from a game with one clear slip."""
    game, _number = played_with_one_slip(clear_slip, seed, nickname)
    reviewed(game)
    mining.mine_game(game.pk)
    return Puzzle.objects.get(game=game)


def puzzle_of(kind_key: str, nickname: str = "Source") -> Puzzle:
    """A puzzle of any game: simple players' finished games (tests/support/finished.py),
    reviewed and mined, dealt from seeds tried in order until one gives a puzzle."""
    if kind_key == "mishimash":
        return mishimash_puzzle(nickname=nickname)
    player = Player.objects.create(nickname=nickname)
    for seed in ("a", "b", "c", "d", "e", "f"):
        game = reviewed(finish(player, kind_key, OPTIONS[kind_key], seed=seed))
        if mining.mine_game(game.pk):
            return Puzzle.objects.filter(game=game).order_by("number").first()  # type: ignore[return-value]
    raise AssertionError("no puzzle found")


def magdagdon_puzzle(first: str, nickname: str = "Source") -> Puzzle:
    """A MAGDAGDON puzzle whose coach's choice starts with an action of type `first` ("stage",
    "accept_magdagdon", "increase"...), from the simple players' games of puzzle_of."""
    player = Player.objects.create(nickname=nickname)
    for seed in ("e", "a", "b", "c", "d", "f"):
        game = reviewed(finish(player, "magdagdon", OPTIONS["magdagdon"], seed=seed))
        mining.mine_game(game.pk)
        for puzzle in Puzzle.objects.filter(game=game).order_by("number"):
            if puzzle.decision["coach"][0]["type"] == first:
                return puzzle
    raise AssertionError(f"no MAGDAGDON puzzle answered by {first}")


def form_of(kind_key: str, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The retry board's form data for a choice (its stored actions)."""
    if kind_key == "ishido":
        return {"cell": str(actions[0]["cell"])}
    if kind_key == "mishimash":
        then = "bank" if actions[0]["type"] == "select_and_bank" else "roll"
        return {"dice": [str(d) for d in actions[0]["dice"]], "then": then}
    first = actions[0]
    if first["type"] == "stage":  # the usual board's staging, in order, then CONFIRM
        staged = [f"{a['die']}-{a['cell']}" for a in actions if a["type"] == "stage"]
        return {"staged": staged, "answer": "confirm"}
    if first["type"] == "accept_magdagdon":
        return {"answer": "ruin", "cell": str(first["cell"])}
    if first["type"] == "reroll":
        return {"power": "reroll", "reroll": [str(d) for d in first["dice"]]}
    return {"power": f"{first['type']}-{first['die']}"}
