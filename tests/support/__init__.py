"""Helpers every test package shares: players, games at chosen positions, leaderboard rows,
what a refused move must leave alone, and screenshots. (Fixtures live in tests/conftest.py.)"""
