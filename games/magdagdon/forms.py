"""MAGDAGDON's forms: the settings (difficulty) that start a game, and one small form per
action. Dice and cells travel as 0-based indices (the rules' numbering); every message names
them 1-based, as the page does ("die 3", "row 2, column 4")."""

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from games.core import forms as core_forms
from games.core.play.moves import MoveForm
from games.rules import magdagdon

Difficulty = magdagdon.Difficulty

DIFFICULTY_CHOICES = [
    (
        Difficulty.PEACEFUL.value,
        format_lazy(
            "PEACEFUL — {}",
            _("3 Majda Powers (penalties −10, −20, −40), at least 2 dice per turn"),
        ),
    ),
    (
        Difficulty.SURVIVAL.value,
        format_lazy("SURVIVAL — {}", _("1 Majda Power (penalty −70), at least 2 dice per turn")),
    ),
    (
        Difficulty.NIGHTMARE.value,
        format_lazy("NIGHTMARE — {}", _("no Majda Powers, at least 3 dice per turn")),
    ),
]

NO_DIE = _("There is no such die: the roll has dice 1 to 4.")
NO_CELL = _("There is no such cell: the board has 16 cells.")


class SettingsForm(core_forms.NewGameForm):
    """Start a game at a difficulty; starting anew abandons the running game, so it asks."""

    difficulty = forms.ChoiceField(
        label=_("Difficulty"),
        choices=DIFFICULTY_CHOICES,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose a difficulty."),
            "invalid_choice": _("There is no difficulty called “%(value)s”."),
        },
    )
    form_action = "magdagdon:new"


def die_field() -> core_forms.WholeNumberField:
    return core_forms.WholeNumberField(
        label=_("Die"),
        min_value=0,
        max_value=3,
        error_messages={
            "required": _("Choose a die."),
            "invalid": NO_DIE,
            "min_value": NO_DIE,
            "max_value": NO_DIE,
        },
    )


def cell_field(required_message: StrOrPromise) -> core_forms.WholeNumberField:
    return core_forms.WholeNumberField(
        label=_("Cell"),
        min_value=0,
        max_value=magdagdon.CELLS - 1,
        error_messages={
            "required": required_message,
            "invalid": NO_CELL,
            "min_value": NO_CELL,
            "max_value": NO_CELL,
        },
    )


class PlainForm(MoveForm):
    """ROLL and CONFIRM: nothing but the version."""


class DieForm(MoveForm):
    """Take a staged die back, or DECREASE / INCREASE an available one."""

    die = die_field()


class StageForm(MoveForm):
    die = die_field()
    cell = cell_field(_("Choose a cell for the die."))


class RerollForm(MoveForm):
    dice = forms.TypedMultipleChoiceField(
        label=_("Dice to reroll"),
        choices=[(str(die), str(die + 1)) for die in range(4)],
        coerce=int,
        error_messages={
            "required": _("Tick at least one die to reroll."),
            "invalid_choice": NO_DIE,
            "invalid_list": _("Tick the dice to reroll."),
        },
    )


class AcceptForm(MoveForm):
    cell = cell_field(_("Choose the empty cell that becomes the RUIN."))
