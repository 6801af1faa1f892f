"""Helpers every test package shares. A test module or a conftest.py imports helpers from here
only, never from another test module (tests/test_layout.py checks it); fixtures stay in the
conftest.py files.

- `games`: players, stored games at chosen positions, leaderboard rows, what a refused move
  must leave alone; `finished`: finished games of every kind for the review; `clock`: a
  fixed clock; `client`: the CSRF-enforcing test client; `accounts`: secured nicknames;
  `daily`: daily challenges through the views.
- Per game: `ishido`, `magdagdon`, `mishimash` (view helpers and simple players),
  `mishimash_online` (online tables), `ishido_oracle`, `magdagdon_oracle`, `mishimash_oracle`
  (independent oracles of the rules), `mishimash_rules` (scripted dice, a bot, recorded-game
  notation, end-game positions).
- `reference`: the recorded reference games in tests/rules/reference/ and their loader.
- `browser`, `ishido_browser`: helpers for the Chromium tests; `servers`: real gunicorn
  servers on a fresh database, and a browser-like HTTP visitor.
- `toy`: a fourth game that only the test suite registers.
"""
