"""A fourth game that only the test suite registers: one die, five rolls, keep two.

It proves the contract (games/core/GUIDE.md): a kind registered through `GameKind` alone gets
a page, moves, a hint, a review, stats and a leaderboard from the shared app, without a line
of games/core naming it.
"""
