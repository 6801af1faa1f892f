"""What the review's grades say about players of known strength: per game, the coach, a careful
greedy player with exact odds, the first legal move and random play (benchmarks/baselines.py)
play the same seeded deals, and every game is reviewed as the site reviews it.

    nice -n 10 .venv/bin/python benchmarks/review_grades.py --game ishido --games 6 \
        --out test-artifacts/grades-ishido.jsonl
    .venv/bin/python benchmarks/review_grades.py --summary test-artifacts/grades-*.jsonl

Game g of a game is `new_game` from `random.Random("grades-<g>")` (MAGDAGDON PEACEFUL, MISHIMASH
solo to 1000, Ishido), the same generator going on for the dice, so every player meets the same
deal (the dice of one roll the same until their choices part). Each reviewed game is appended to
`--out` as it ends (a stopped run keeps its games; `--first` goes on after them). Prints, per game
and player: the accuracy (games.coach.review.summary: the share of the game's expected result
kept) with its standard error, inaccuracies / mistakes / blunders a game, the mean final
result, and whether the collapse is charged: the sum of a game's signed losses (what the
accuracy adds up) beside its chart's fall, the coach's expected result at the first decision
less the realised one, their paired difference (the draws' luck, mean zero when the values a
choice is charged by are what the chart will say on average, plus the chart's own drift over
the coach's choices), and the losses shown (never negative) for comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baselines import PLAYERS  # noqa: E402

from games.coach import ishido as ishido_coach  # noqa: E402
from games.coach import magdagdon as magdagdon_coach  # noqa: E402
from games.coach import mishimash as mishimash_coach  # noqa: E402
from games.coach import review  # noqa: E402
from games.coach.ishido import value as ishido_value  # noqa: E402
from games.rules import ishido, magdagdon, mishimash  # noqa: E402

GAMES: dict[str, Any] = {
    "magdagdon": (
        magdagdon,
        magdagdon_coach.COACH,
        lambda r: magdagdon.new_game(magdagdon.Options(magdagdon.Difficulty.PEACEFUL), r),
        lambda s: magdagdon.live_score(s).total,
    ),
    "mishimash": (
        mishimash,
        mishimash_coach.COACH,
        lambda r: mishimash.new_game(mishimash.Options(("A",), 1000), r),
        lambda s: s.turns[0],
    ),
    "ishido": (
        ishido,
        ishido_coach.COACH,
        lambda r: ishido.new_game(ishido.Options(), r),
        lambda s: s.final_score,
    ),
}


def ishido_preferred(states: list[Any], found: list[dict[str, Any]]) -> float:
    """The points by which the model values the player's cells above the coach's, summed over a
    game: the review shows them as nothing lost and credits nothing (games.coach.ishido.review),
    so they are part of its summed losses less the chart's fall."""
    total = 0.0
    for d in found:
        if d["same"] or d["forced"]:
            continue
        cell = d["coach"][0]["cell"]
        coach = ishido_value.cell_values(states[d["step"]], [cell])[cell]
        total += max(0.0, d["player_value"] - coach)
    return total


# The part of a game's summed losses less its chart's fall that the values left uncredited, by
# game (where a choice valued above the coach's is credited, nothing is left)
UNCREDITED = {"ishido": ishido_preferred}


def reviewed(game: str, player: str, index: int) -> dict[str, Any]:
    rules, coach, new, result = GAMES[game]
    rng = random.Random(f"grades-{index}")
    pick = random.Random(f"pick-{index}")
    state = new(rng)
    states, payloads = [state], []
    play = PLAYERS[game][player]
    while not state.is_finished:
        action = play(state, pick)
        state = rules.apply(state, action, rng)
        states.append(state)
        payloads.append(action.to_dict())
    started = time.process_time()
    found = [coach.analyse(p, states, payloads) for p in coach.decision_points(states, payloads)]
    seconds = time.process_time() - started
    uncredited = UNCREDITED[game](states, found) if game in UNCREDITED else 0.0
    s = review.summary(found)
    charted = [d for d in found if d["chart"] is not None]
    return {
        "game": game,
        "player": player,
        "index": index,
        "result": result(state),
        "accuracy": s.accuracy,
        "lost": s.lost,
        "decisions": s.decisions,
        "inaccuracies": s.inaccuracies,
        "mistakes": s.mistakes,
        "blunders": s.blunders,
        "losses": sum(d["loss"] for d in found if not d["forced"]),
        "net_losses": sum(d["change"] for d in found if not d["forced"]),
        "start": charted[0]["chart"] if charted else None,
        "shares": [d["share"] for d in found if not d["forced"]],
        "seconds": seconds,
        "uncredited": uncredited,
    }


def mean_se(values: list[float]) -> str:
    if not values:
        return "-"
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:9.1f} ± {se:6.1f}"


def summarise(rows: list[dict[str, Any]]) -> None:
    by: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by[(row["game"], row["player"])].append(row)
    print(
        f"{'game':10} {'player':12} {'games':>5}  {'accuracy %':>17}  inacc/game  mist/game  "
        f"blund/game  {'mean result':>17}  {'sum of losses':>17}  {'chart fall':>17}  "
        f"{'losses - fall':>17}  {'of it uncredited':>17}  {'the rest':>17}  "
        f"{'losses > 0 only':>17}  share p50 / p90 / p99"
    )
    for game in GAMES:
        for player in PLAYERS[game]:
            found = by.get((game, player), [])
            if not found:
                continue
            n = len(found)
            shares = sorted(s for r in found for s in r["shares"])
            q = [shares[min(len(shares) - 1, int(f * len(shares)))] for f in (0.5, 0.9, 0.99)]
            lower = game == "mishimash"  # turns: the chart rises as it goes wrong
            falls = [
                (r["result"] - r["start"]) if lower else (r["start"] - r["result"])
                for r in found
                if r["start"] is not None
            ]
            net = [r.get("net_losses", r["losses"]) for r in found if r["start"] is not None]
            excess = [a - b for a, b in zip(net, falls, strict=True)]
            uncredited = [r.get("uncredited", 0.0) for r in found if r["start"] is not None]
            rest = [a - b for a, b in zip(excess, uncredited, strict=True)]
            print(
                f"{game:10} {player:12} {n:5}  {mean_se([100 * r['accuracy'] for r in found])}  "
                f"{statistics.fmean(r['inaccuracies'] for r in found):10.1f}  "
                f"{statistics.fmean(r['mistakes'] for r in found):9.1f}  "
                f"{statistics.fmean(r['blunders'] for r in found):10.1f}  "
                f"{mean_se([float(r['result']) for r in found])}  "
                f"{mean_se(net)}  {mean_se(falls)}  {mean_se(excess)}  "
                f"{mean_se(uncredited)}  {mean_se(rest)}  "
                f"{mean_se([r['losses'] for r in found])}  "
                f"{100 * q[0]:.2f} / {100 * q[1]:.2f} / {100 * q[2]:.2f} %"
            )


def paired(rows: list[dict[str, Any]]) -> None:
    """Each pair of players' accuracy difference over the deals both played (the deal's own
    luck cancels)."""
    accuracy = {(r["game"], r["player"], r["index"]): r["accuracy"] for r in rows}
    for game in GAMES:
        names = [p for p in PLAYERS[game] if any(k[:2] == (game, p) for k in accuracy)]
        for i, first in enumerate(names):
            for second in names[i + 1 :]:
                diffs = [
                    100 * (a - accuracy[(game, second, index)])
                    for (g, p, index), a in accuracy.items()
                    if (g, p) == (game, first)
                    and (game, second, index) in accuracy
                    and a is not None
                    and accuracy[(game, second, index)] is not None
                ]
                if len(diffs) > 1:
                    print(
                        f"{game:10} {first} − {second}, same deals: {len(diffs)} deals, "
                        f"accuracy {mean_se(diffs).strip()} points"
                    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=list(GAMES), action="append")
    parser.add_argument(
        "--player", choices=("coach", "greedy", "first legal", "random"), action="append"
    )
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summary", type=Path, nargs="+")
    args = parser.parse_args()
    if args.summary:
        rows = [json.loads(line) for p in args.summary for line in p.read_text().splitlines()]
        summarise(rows)
        paired(rows)
        return
    rows = []
    for index in range(args.first, args.first + args.games):
        for game in args.game or list(GAMES):
            for player in args.player or list(PLAYERS[game]):
                row = reviewed(game, player, index)
                rows.append(row)
                if args.out:
                    with args.out.open("a") as out:
                        out.write(json.dumps(row) + "\n")
    summarise(rows)
    paired(rows)


if __name__ == "__main__":
    main()
