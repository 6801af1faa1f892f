"""CUBIRI games: the shared app (core), one Django app per game, and the pure rules package."""
