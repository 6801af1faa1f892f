"""Link previews: a 1200×630 picture of a finished game's final board, the OpenGraph image of
its replay (the address its SHARE text carries), so that a shared result previews itself.

The shared card (`drawing.card`: the game's name, its board's label and the final score) is
drawn here; the board itself by the game's `GameKind.draw_preview` hook on a `Canvas`. A
picture is drawn once per game and kept in Django's cache (`views`); drawing one that is not
kept counts against a per-address limit a minute. A daily challenge's stays closed until its
day is over, as its replay does.
"""
