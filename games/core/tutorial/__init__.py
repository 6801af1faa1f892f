"""How to play: a guided first turn of a game on its public deal, never ranked.

A how-to-play is a real game (`Game.tutorial`) dealt from the kind's public `tutorial_seed`, so
every visitor gets the same opening and the step texts can speak of it. It is played on the
game's own page, every move through the usual views and the rules; the board shows the kind's
`tutorial_step` for the state reached, so the steps follow what the server accepted. It ranks
nowhere (`Game.result_fields`), is no daily and counts in no stats, and it runs beside the
player's own game of that kind.
"""
