"""Puzzles (games.core.puzzles): mining over finished games, and serving a puzzle near a rating
among many, next to Django's floor in the same run.

    .venv/bin/python benchmarks/puzzles.py [games to mine] [puzzles to serve among]

(0 games: the serving part only.)

Mining: finished games of the review tests' simple players (tests/support/finished.py: random
MAGDAGDON stagings, MISHIMASH banking at 30, random Ishido cells), a few distinct deals per game
reviewed for real, then copied (the game, its actions and its review) up to the number asked,
MAGDAGDON and MISHIMASH 48 % each and Ishido 4 % (an Ishido game's review takes 8 s to make
here and its mining about 2 s); each copy is mined as the worker mines it (replay, the coach's
advice and one analysis per candidate decision). Prints the seconds per game by game, the
puzzles found, and the share of decisions that were candidates and puzzles.

Serving: `puzzles` rows with ratings spread as N(1500, 350), a player who has answered 500 of
them; the time of `serving.near` alone, of GET /puzzles/next/ (the redirect to a puzzle near
the player's rating), and of GET /floor/ (a plain HttpResponse behind the same middleware),
through the test client in this process (process time, medians of 300).
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import ROOT, scratch_database  # noqa: E402, I001  (sets Django up first)

sys.path.insert(0, str(ROOT))

from django.contrib.sessions.backends.signed_cookies import SessionStore  # noqa: E402
from django.test import Client, override_settings  # noqa: E402

from games.core.models import Action, Game, Player  # noqa: E402
from games.core.puzzles import mining, serving  # noqa: E402
from games.core.puzzles.models import Puzzle, PuzzleAttempt  # noqa: E402
from games.core.review.models import DecisionPage, Review  # noqa: E402
from tests.support.finished import finish  # noqa: E402
from tests.support.puzzles import OPTIONS, reviewed  # noqa: E402

MIX = {"magdagdon": 0.48, "mishimash": 0.48, "ishido": 0.04}
DISTINCT = {"magdagdon": 12, "mishimash": 12, "ishido": 3}


def copy_of(game: Game) -> Game:
    """Another finished game with the same deal, actions and review (its own rows)."""
    review = Review.objects.get(game=game)
    pages = list(DecisionPage.objects.filter(review=review))
    actions = list(Action.objects.filter(game=game))
    game.pk = None
    game.save()
    Action.objects.bulk_create(
        Action(game=game, number=a.number, payload=a.payload) for a in actions
    )
    review.pk, review.game = None, game
    review.save()
    for page in pages:
        page.pk, page.review = None, review
    DecisionPage.objects.bulk_create(pages)
    return game


def mine(total: int) -> list[Game]:
    player = Player.objects.create(nickname="Bench")
    made: list[Game] = []
    for kind_key, share in MIX.items():
        started = time.perf_counter()
        originals = [
            reviewed(finish(player, kind_key, OPTIONS[kind_key], seed=f"bench-{n}"))
            for n in range(DISTINCT[kind_key])
        ]
        wanted = max(1, round(total * share))
        games = [
            copy_of(Game.objects.get(pk=originals[n % len(originals)].pk)) for n in range(wanted)
        ]
        spent = time.perf_counter() - started
        print(f"{kind_key}: {wanted} games made ({len(originals)} deals) in {spent:.0f} s")
        made.extend(games)
    by_kind: dict[str, list[float]] = {k: [] for k in MIX}
    found: dict[str, int] = {k: 0 for k in MIX}
    decisions: dict[str, int] = {k: 0 for k in MIX}
    candidates: dict[str, int] = {k: 0 for k in MIX}
    started = time.perf_counter()
    for game in made:
        begun = time.perf_counter()
        found[game.kind_key] += mining.mine_game(game.pk)
        by_kind[game.kind_key].append(time.perf_counter() - begun)
        review = Review.objects.get(game=game)
        decisions[game.kind_key] += len(review.decisions)
        candidates[game.kind_key] += len(mining.candidates(review.decisions))
    spent = time.perf_counter() - started
    each = spent / len(made) * 1000
    print(f"mining {len(made)} finished games: {spent:.1f} s ({each:.0f} ms a game)")
    for kind_key, times in by_kind.items():
        print(
            f"  {kind_key:10} {len(times):4} games, {statistics.mean(times) * 1000:7.1f} ms a game "
            f"(max {max(times) * 1000:.0f}), {decisions[kind_key]} decisions, "
            f"{candidates[kind_key]} candidates (played >= {mining.PLAYED_SHARE:.0%} of par), "
            f"{found[kind_key]} puzzles (runner-up >= {mining.RUNNER_UP_SHARE:.0%})"
        )
    again = time.perf_counter()
    kept = sum(mining.mine_game(game.pk) for game in made[:50])
    spent = time.perf_counter() - again
    print(f"mining the first 50 again: {kept} puzzles kept, {spent:.1f} s")
    return made


def thresholds(games: list[Game]) -> None:
    """How far the runner-up is from the coach's choice at each candidate decision (the choice
    played gave up PLAYED_SHARE or more) of each distinct deal: where RUNNER_UP_SHARE cuts."""
    from games.core.review.replays import replay_and_store

    seen: set[tuple[str, str]] = set()
    shares: dict[str, list[float]] = {k: [] for k in MIX}
    for game in games:
        if (game.kind_key, game.seed) in seen:
            continue
        seen.add((game.kind_key, game.seed))
        review = Review.objects.get(game=game)
        states = replay_and_store(game)[0]
        for number, d in mining.candidates(review.decisions):
            other = mining.runner_up(game.kind, game.pk, number, states[d["step"]])
            shares[game.kind_key].append(0.0 if other is None or other["same"] else other["share"])
    print("runner-up's share of par lost at the candidates, by deal (distinct deals only):")
    for kind_key, found in shares.items():
        cuts = [0.005, 0.01, 0.02, 0.04]
        below = [sum(1 for x in found if x < cut) for cut in cuts]
        parts = ", ".join(f"< {c:.1%}: {b}" for c, b in zip(cuts, below, strict=True))
        median = statistics.median(found) if found else 0.0
        print(f"  {kind_key:10} {len(found)} candidates, median {median:.2%}; {parts}")


def client_for(player: Player) -> Client:
    session = SessionStore()
    session["player_id"] = player.pk
    session.save()
    client = Client()
    client.cookies["sessionid"] = session.session_key
    return client


def timed(call, n: int = 300) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(n):
        started = time.process_time()
        call()
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times)


def serve(total: int, games: list[Game]) -> None:
    rng = random.Random(7)
    source = games[0]
    started = time.perf_counter()
    Puzzle.objects.all().delete()
    rows = [
        Puzzle(
            game=source,
            kind_key=source.kind_key,
            number=n + 1,
            step=0,
            decision={},
            runner_up={},
            played_share=0.05,
            runner_up_share=0.03,
            rating=rng.gauss(1500, 350),
            deviation=rng.uniform(60, 500),
        )
        for n in range(total)
    ]
    Puzzle.objects.bulk_create(rows, batch_size=5000)
    player = Player.objects.create(nickname="Solver")
    up = Puzzle.objects.filter(rating__gte=1500).order_by("rating").values_list("id", flat=True)
    down = Puzzle.objects.filter(rating__lt=1500).order_by("-rating").values_list("id", flat=True)
    ids = [*up[:250], *down[:250]]  # the 500 nearest 1500: two windows read past
    PuzzleAttempt.objects.bulk_create(
        PuzzleAttempt(
            player=player,
            puzzle_id=pk,
            solved=True,
            choice=[],
            rating_before=1500,
            rating_after=1500,
        )
        for pk in ids
    )
    print(f"\n{total} puzzles and 500 answers stored in {time.perf_counter() - started:.0f} s")
    ratings = [rng.gauss(1500, 300) for _ in range(300)]
    picks = iter(ratings * 10)
    near = timed(lambda: serving.near(next(picks), player))
    near_1500 = timed(lambda: serving.near(1500.0, player))  # the answered ones are read past
    client = client_for(player)
    with override_settings(ROOT_URLCONF="floor_urls"):
        assert client.get("/puzzles/next/").status_code == 303
        assert client.get("/floor/").status_code == 200
        floor = timed(lambda: client.get("/floor/"))
        page = timed(lambda: client.get("/puzzles/next/"))
        fresh = client_for(Player.objects.create(nickname="New"))
        new = timed(lambda: fresh.get("/puzzles/next/"))
    print(f"serving.near, a random rating:           {near:6.2f} ms (median)")
    print(f"serving.near at 1500 (500 answered near): {near_1500:6.2f} ms")
    print(
        f"GET /puzzles/next/, that player:         {page:6.2f} ms ({page / floor:.1f}x the floor)"
    )
    print(f"GET /puzzles/next/, a new player:        {new:6.2f} ms ({new / floor:.1f}x the floor)")
    print(f"GET /floor/ (Django's floor):            {floor:6.2f} ms")


def main(games: int, puzzles: int) -> None:
    """`games` 0: serving only (from one finished game, not mined)."""
    with scratch_database():
        if games:
            made = mine(games)
            thresholds(made)
        else:
            player = Player.objects.create(nickname="Bench")
            made = [finish(player, "magdagdon", OPTIONS["magdagdon"], seed="bench")]
        serve(puzzles, made)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 1000,
        int(sys.argv[2]) if len(sys.argv) > 2 else 100_000,
    )
