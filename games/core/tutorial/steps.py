"""One step of a how-to-play, and the step a game's board shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.functional import Promise

if TYPE_CHECKING:
    from games.core.models import Game


@dataclass(frozen=True)
class TutorialStep:
    """What the guide says at one moment of the guided turn: "Step 2 of 4: tap a die…"."""

    number: int  # from 1
    total: int
    text: str | Promise
    done: bool = False  # the guided turn is over: the step offers a game of one's own


def current_step(game: Game) -> TutorialStep | None:
    """The step a how-to-play's board shows now (None for any other game)."""
    if not game.tutorial:
        return None
    step: TutorialStep = game.kind.tutorial_step(game.state)
    return step
