"""The forms of online MISHIMASH tables: opening one (target as in hot-seat, seats, the turn
time limit), ordering seats, and the moves (which carry no seat: the server knows who asks)."""

from typing import Any

from crispy_forms.bootstrap import InlineRadios
from crispy_forms.layout import Layout
from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.core.forms import WholeNumberField
from games.core.play.moves import MoveForm
from games.mishimash import computers
from games.mishimash.forms import NewGameForm
from games.mishimash.online import tables as online
from games.rules import mishimash as rules


def _limit_label(seconds: int) -> str:
    minutes = seconds // 60
    return str(ngettext_lazy("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes})


class TableForm(NewGameForm):
    """The hot-seat options form without the names (people bring their own nicknames)."""

    size = forms.TypedChoiceField(
        label=_("Seats"),
        choices=[(n, str(n)) for n in range(online.MIN_SEATS, online.MAX_SEATS + 1)],
        coerce=int,
        initial=4,
        error_messages={"invalid_choice": _("A table has 2 to 8 seats.")},
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Time for a turn"),
        help_text=_("After this long without a move, the others may skip that player's turn."),
        choices=[(s, "") for s in online.TURN_LIMITS],
        coerce=int,
        initial=online.DEFAULT_TURN_LIMIT,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose one of the times offered.")},
    )
    form_action = "mishimash_online:new"
    submit_label = _("Open the table")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["mode"], self.fields["count"], self.fields["players"]
        limits = self.fields["turn_seconds"]
        assert isinstance(limits, forms.ChoiceField)
        limits.choices = [(s, _limit_label(s)) for s in online.TURN_LIMITS]
        self.helper.layout = Layout(
            InlineRadios("target"), "custom_target", "size", InlineRadios("turn_seconds")
        )

    def table_options(self) -> dict[str, int]:
        data = self.cleaned_data
        return {
            "target": data["target_points"],
            "size": data["size"],
            "turn_seconds": data["turn_seconds"],
        }


class ComputerSeatForm(forms.Form):
    """The host seats the computer: its name and its strength."""

    name = forms.CharField(
        label=_("Computer’s name"),
        max_length=200,  # a longer name is refused with the rules' message
        error_messages={"required": _("Give the computer a name.")},
    )
    strength = forms.ChoiceField(
        label=_("Strength"),
        choices=list(computers.STRENGTH_LABELS.items()),
        error_messages={"invalid_choice": _("Choose one of the computer strengths offered.")},
    )


class SeatOrderForm(forms.Form):
    position = WholeNumberField(min_value=0, max_value=rules.MAX_PLAYERS - 1)
    direction = forms.ChoiceField(choices=[("earlier", "earlier"), ("later", "later")])


class OnlineSelectForm(MoveForm):
    """Set aside the ticked dice, then bank or roll again."""

    dice = forms.TypedMultipleChoiceField(
        label=_("Dice"),
        choices=[(str(i), str(i + 1)) for i in range(rules.DICE)],
        coerce=int,
        required=False,  # "choose at least one die" is the rules' message
        error_messages={"invalid_choice": _("That die is not in this roll.")},
    )
