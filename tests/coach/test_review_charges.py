"""A collapse is charged to the decisions that caused it, in every game: a choice other than
the coach's is valued as the review's chart will value the position it leaves, on average over
what comes next (MAGDAGDON's next roll, Ishido's next stone), so that a game's losses and its
chart's fall differ by luck only, whoever plays (games.coach.review). And Ishido's HINT shows
the review's own values."""

import random
from functools import cache

from games.coach import ishido as ishido_coach
from games.coach import magdagdon as magdagdon_coach
from games.coach import review
from games.coach.ishido import value as ishido_value
from games.coach.magdagdon.boards import ROLL_CHANCES, ROLLS
from games.coach.review import DecisionPoint
from games.rules import ishido, magdagdon


class Faces(random.Random):
    """Dice that show the given faces (the rules roll one `randint(1, 6)` a die)."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__()
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def first_board(state: magdagdon.State) -> magdagdon.Action:
    """The first board the roll can confirm (the first dice on the first cells), else the RUIN
    on the first empty cell; never a power (benchmarks/baselines.py's first legal move)."""
    if state.phase == magdagdon.ROLLING:
        return magdagdon.Roll()
    legal = magdagdon.legal_actions(state)
    for kind in (magdagdon.Stage, magdagdon.Confirm, magdagdon.AcceptMagdagdon):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    raise AssertionError("no move")


@cache
def magdagdon_game(player: str) -> tuple[list, list, list, int]:
    rng = random.Random("charges-1")
    state = magdagdon.new_game(magdagdon.Options(magdagdon.Difficulty.PEACEFUL), rng)
    states, payloads = [state], []
    while not state.is_finished:
        action = magdagdon_coach.plan.advise(state) if player == "coach" else first_board(state)
        state = magdagdon.apply(state, action, rng)
        states.append(state)
        payloads.append(action.to_dict())
    coach = magdagdon_coach.COACH
    points = coach.decision_points(states, payloads)
    found = [coach.analyse(p, states, payloads) for p in points]
    return states, points, found, magdagdon.live_score(state).total


def test_a_magdagdon_choice_is_worth_what_the_next_turn_is_worth_on_average():
    states, points, found, _final = magdagdon_game("first legal")
    point, decision = next(
        (p, d)
        for p, d in zip(points, found, strict=True)
        if not d["same"] and not d["forced"] and None in states[p.end + 1].board
    )
    after = states[point.end + 1]  # the board confirmed, waiting for the next roll
    assert after.phase == magdagdon.ROLLING
    expected = 0.0
    for roll, chance in zip(ROLLS, ROLL_CHANCES, strict=True):
        nxt = magdagdon.apply(after, magdagdon.Roll(), Faces(roll))
        expected += chance * magdagdon_coach.COACH.advise(nxt).value  # what the chart will say
    assert abs(decision["player_value"] - expected) < 0.01
    assert abs(decision["loss"] - max(0.0, decision["best_value"] - expected)) < 0.01


def test_first_legal_magdagdon_is_charged_its_fall_and_graded_far_below_the_coach():
    _states, _points, coached, _final = magdagdon_game("coach")
    _states, _points, found, final = magdagdon_game("first legal")
    assert review.summary(coached).accuracy == 1.0
    accuracy = review.summary(found).accuracy
    assert accuracy is not None and accuracy < 0.5
    fall = found[0]["chart"] - final
    charged = sum(d["change"] for d in found if not d["forced"])
    assert fall > 200 and abs(charged - fall) < 0.35 * fall  # luck only, a roll at a time
    assert review.summary(found).blunders >= 2


@cache
def ishido_game() -> tuple[list, list, list]:
    state = ishido.new_game(ishido.Options(), random.Random("charges-2"))
    states, payloads = [state], []
    while not state.is_finished:
        action = ishido.Place(min(state.legal_cells))  # the first legal cell
        state = ishido.apply(state, action)
        states.append(state)
        payloads.append(action.to_dict())
    return states, payloads, ishido_coach.COACH.decision_points(states, payloads)


def test_the_ishido_hint_shows_the_reviews_values_and_keeps_the_coachs_cell():
    states, _payloads, _points = ishido_game()
    state = states[10]
    advice = ishido_coach.HINT.advice(state)
    assert advice.action == ishido_coach.HINT.raw_values(state)[0][0]  # the search's cell
    cells = [place.cell for place, _ in advice.alternatives]
    assert sorted(cells) == sorted(state.legal_cells)
    worth = ishido_value.cell_values(state, cells)
    best = worth[advice.action.cell]
    assert advice.value == best  # the review's chart value of the coach's cell
    assert [v for _, v in advice.alternatives[1:]] == [min(worth[c], best) for c in cells[1:]]
    others = [v for _, v in advice.alternatives[1:]]
    assert others == sorted(others, reverse=True)


def test_a_choice_valued_above_the_coachs_is_credited_to_the_accuracy():
    def decision(change: float, same: bool = False) -> dict:
        found = {"same": same, "loss": change, "par": 100.0, "forced": False, "unit": "points"}
        return review.graded(found, DecisionPoint(0, 0))

    worse, better = decision(30.0), decision(-10.0)
    assert (worse["loss"], worse["grade"]) == (30.0, "blunder")
    assert (better["loss"], better["share"], better["grade"]) == (0.0, 0.0, "")
    assert better["net_share"] == -0.1
    assert review.graded(better, DecisionPoint(0, 0)) == better  # grading twice: the same
    assert review.summary([worse, better]).accuracy == 0.8  # 1 − 0.3 + 0.1
    assert review.summary([better]).accuracy == 1.0  # never above the whole
    assert review.summary([decision(-10.0, same=True)]).accuracy == 1.0
