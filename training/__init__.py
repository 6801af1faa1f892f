"""Offline training and table building for the coaches: never imported by the site.

`python -m training.build_magdagdon` (MAGDAGDON's afterstate tables) and
`python -m training.build_tables` (MISHIMASH's expected-turns tables) write the files under
games/coach/data/, whose provenance games/coach/data/PROVENANCE.md records.
"""
