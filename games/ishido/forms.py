"""Ishido's forms: starting a game (no options; a confirmation when one is running) and
placing the current stone."""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.utils.translation import gettext_lazy as _

from games.core.moves import MoveForm
from games.rules import ishido

STONE_CHOICES = [
    (ishido.stone_name((colour, shape)),) * 2
    for colour in range(len(ishido.COLOURS))
    for shape in range(len(ishido.SHAPES))
]


class NewGameForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Yes, abandon my running game and start a new one"), required=False
    )

    def __init__(self, *args, running: bool = False, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.running = running
        if not running:
            self.fields["confirm"].widget = forms.HiddenInput()
            self.initial["confirm"] = True
        self.helper = FormHelper()
        self.helper.form_action = "ishido:new"
        self.helper.add_input(
            Submit("start", _("Start a new game"), css_class="button primary start")
        )

    def clean_confirm(self) -> bool:
        confirm = bool(self.cleaned_data.get("confirm"))
        if self.running and not confirm:
            raise forms.ValidationError(
                _("Tick the box to confirm: starting anew abandons your running game.")
            )
        return confirm


class PlaceForm(MoveForm):
    """Place the current stone on `cell`. `stone` is what the page showed as the current stone:
    never trusted, only checked against the server's, so a forged stone changes nothing."""

    cell = forms.IntegerField(
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
