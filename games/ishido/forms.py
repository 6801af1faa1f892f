"""Ishido's forms: starting a game (no options; a confirmation when one is running) and
placing the current stone."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.core import forms as core_forms
from games.core.play.moves import MoveForm
from games.rules import ishido

STONE_CHOICES = [
    (ishido.stone_name((colour, shape)),) * 2
    for colour in range(len(ishido.COLOURS))
    for shape in range(len(ishido.SHAPES))
]


class NewGameForm(core_forms.NewGameForm):
    form_action = "ishido:new"


class PlaceForm(MoveForm):
    """Place the current stone on `cell`. `stone` is what the page showed as the current stone:
    never trusted, only checked against the server's, so a forged stone changes nothing."""

    cell = core_forms.WholeNumberField(
        label=_("Cell"),
        min_value=0,
        max_value=ishido.CELLS - 1,
        error_messages={
            "required": _("Choose a cell for the stone."),
            "invalid": _("A cell is a whole number from 0 to 95."),
            "min_value": _("There is no such cell: cells are numbered 0 to 95."),
            "max_value": _("There is no such cell: cells are numbered 0 to 95."),
        },
    )
    stone = forms.ChoiceField(
        label=_("Stone"),
        choices=STONE_CHOICES,
        required=False,
        error_messages={"invalid_choice": _("There is no stone called “%(value)s”.")},
    )
