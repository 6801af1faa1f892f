"""MISHIMASH's forms: the new-game options (solo or hot-seat, the target) and the three moves.

The option rules themselves (names, 2-8 players, the target) are the rules package's
`Options`; this form turns the request into one and shows its refusals next to the fields.
"""

from typing import Any

from crispy_forms.bootstrap import InlineRadios
from crispy_forms.layout import Layout
from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core import forms as core_forms
from games.core.play.moves import MoveForm
from games.core.play.refusals import rules_message
from games.mishimash import computers
from games.rules import IllegalMove
from games.rules import mishimash as rules

SEATS_SHOWN = rules.MAX_PLAYERS
NAME_INPUT_LIMIT = 200  # a longer name is refused with the rules' message, not cut silently


class NamesWidget(forms.Widget):
    """Eight name boxes sharing one name ("players"), so the seating order is the page order,
    each with its choice of who plays the seat ("computer": a person, or the computer at a
    strength). The page's script shows as many as the players chosen (`count`) and leaves the
    others out of the form; without it all eight show, and empty boxes after the last name
    are unused."""

    strengths: list[str] = []  # the seats' "computer" choices, set by the form when bound

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        return list(data.getlist(name)) if hasattr(data, "getlist") else list(data.get(name, []))

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        values = list(value or [])
        values += [""] * (SEATS_SHOWN - len(values))
        first_id = (attrs or {}).get("id", f"id_{name}")
        rows = []
        for seat, text in enumerate(values, start=1):
            input_id = first_id if seat == 1 else f"{first_id}_{seat}"
            rows.append(
                (
                    seat,
                    input_id,
                    gettext("Player %(seat)d") % {"seat": seat},
                    name,
                    text,
                    NAME_INPUT_LIMIT,
                )
            )
        chosen = list(self.strengths) + [""] * len(rows)
        items = format_html_join(
            "",
            '<li data-seat="{}"><span class="seat" aria-hidden="true">{}</span>'
            '<input type="text" id="{}" aria-label="{}" name="{}" value="{}" maxlength="{}" '
            'autocomplete="off" class="form-control">{}</li>',
            ((row[0], *row, seat_choice(row[1], row[0], chosen[row[0] - 1])) for row in rows),
        )
        return format_html('<ol class="mm-names">{}</ol>', items)


def seat_strengths(data: Any) -> list[str]:
    """The posted "who plays each seat" choices, in seat order (untrusted)."""
    values = data.getlist("computer") if hasattr(data, "getlist") else data.get("computer", [])
    return [str(value) for value in values]


def seat_choices() -> list[tuple[str, str]]:
    """Who plays a seat: a person, or the computer at one of its strengths."""
    computer = [
        (key, gettext("Computer: %(strength)s") % {"strength": label})
        for key, label in computers.STRENGTH_LABELS.items()
    ]
    return [("", gettext("Person")), *computer]


def seat_choice(input_id: str, seat: int, chosen: str) -> SafeString:
    """The seat's "who plays it" menu, beside its name box."""
    options = format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((key, " selected" if key == chosen else "", label) for key, label in seat_choices()),
    )
    label = gettext("Who plays seat %(seat)d") % {"seat": seat}
    return format_html(
        '<select name="computer" id="{}_who" aria-label="{}" class="form-select">{}</select>',
        input_id,
        label,
        options,
    )


class NamesField(forms.Field):
    widget = NamesWidget

    def to_python(self, value: Any) -> list[str]:
        names = [" ".join(str(v).split()) for v in (value or [])]
        while names and not names[-1]:  # empty boxes after the last name are just unused
            names.pop()
        return names


TARGETS = [(str(t), str(t)) for t in rules.TARGET_CHOICES] + [("custom", _("Your own"))]


class NewGameForm(core_forms.NewGameForm):
    mode = forms.ChoiceField(
        label=_("Who plays?"),
        choices=[
            ("solo", _("Just me (solo, counts for the leaderboard)")),
            ("hotseat", _("2–8 players taking turns on this device")),
        ],
        initial="solo",
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose solo or several players.")},
    )
    players = NamesField(
        label=_("Players, in seating order"),
        required=False,
        help_text=_(
            "For a game with several players: one name per box, 2 to 8 players. Any seat "
            "can be the computer: give it a name and choose its strength. Optimal plays the "
            "coach’s best move; Banks at 30 banks once the turn has 30 points; Reckless rolls "
            "again with 3 or more dice until the turn has 100 points."
        ),
    )
    count = forms.TypedChoiceField(
        label=_("How many players?"),
        choices=[(n, str(n)) for n in range(2, rules.MAX_PLAYERS + 1)],
        coerce=int,
        initial=2,
        required=False,  # only shows the boxes; the names typed decide who plays
    )
    target = forms.ChoiceField(
        label=_("Target score"),
        choices=TARGETS,
        initial=str(rules.DEFAULT_TARGET),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose a target score."),
            "invalid_choice": _("Choose a target of 500, 1000 or 2000, or “Your own”."),
        },
    )
    custom_target = core_forms.WholeNumberField(
        label=_("Your own target"),
        required=False,
        min_value=1,
        max_value=rules.NEW_GAME_MAX_TARGET,
        help_text=_("Any whole number from 1 to 10,000 (choose “Your own” above)."),
        error_messages={
            "invalid": _("The target must be a whole number of points, like 750."),
            "min_value": _("The target must be at least 1 point."),
            "max_value": _("The target can be at most 10,000 points."),
        },
    )
    form_action = "mishimash:new"
    submit_label = _("Start the game")

    def __init__(self, *args: Any, last_target: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["custom_target"].widget.attrs.update({"inputmode": "numeric"})
        widget = self.fields["players"].widget
        assert isinstance(widget, NamesWidget)
        widget.strengths = seat_strengths(self.data) if self.is_bound else []
        if last_target is not None:  # the player's last choice (games.core.preferences)
            if last_target in rules.TARGET_CHOICES:
                self.initial["target"] = str(last_target)
            else:
                self.initial.update(target="custom", custom_target=last_target)
        self.helper.layout = Layout(
            "mode", "count", "players", InlineRadios("target"), "custom_target", "confirm"
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        choice, custom = data.get("target"), data.get("custom_target")
        if choice == "custom":
            if custom is None and "custom_target" not in self.errors:
                self.add_error("custom_target", _("Type your own target score."))
            data["target_points"] = custom
        elif choice:
            if custom is not None:
                self.add_error(
                    "custom_target",
                    _("To play to your own target, choose “Your own” above (or empty this box)."),
                )
            data["target_points"] = int(choice)
        if data.get("mode") == "hotseat":
            names = data.get("players") or []
            if len(names) < 2 and "players" not in self.errors:
                self.add_error(
                    "players",
                    _("Type at least two names for a game on one device (or choose solo)."),
                )
        return data

    def computer_seats(self, seats: int) -> tuple[tuple[int, str], ...] | None:
        """(seat, strength) of the seats the computer plays, or None for a tampered choice."""
        choices = seat_strengths(self.data)
        if any(choice and choice not in computers.STRENGTH_LABELS for choice in choices):
            return None
        unnamed = next((n for n, c in enumerate(choices[seats:], seats + 1) if c), None)
        if unnamed is not None:
            self.add_error(
                "players",
                _("Give the computer at seat %(seat)d a name.") % {"seat": unnamed},
            )
            return None
        return tuple((seat, choice) for seat, choice in enumerate(choices[:seats]) if choice)

    def options(self, solo_name: str) -> computers.SeatedOptions | None:
        """The game's options, or None with the rules' refusal added to the form."""
        data = self.cleaned_data
        solo = data["mode"] == "solo"
        names = (solo_name,) if solo else tuple(data["players"])
        seats = () if solo else self.computer_seats(len(names))
        if seats is None:
            if not self.errors:
                self.add_error("players", _("Choose a person or one of the computer strengths."))
            return None
        try:
            return computers.SeatedOptions(names, data["target_points"], seats)
        except IllegalMove as error:
            field = "players" if data["mode"] == "hotseat" else None
            self.add_error(field, rules_message(error))
            return None


class RollForm(MoveForm):
    """Roll six dice to start the turn; `player` is whose turn the page showed (hot-seat)."""

    player = core_forms.WholeNumberField(
        label=_("Player"),
        min_value=0,
        max_value=rules.MAX_PLAYERS - 1,
        widget=forms.HiddenInput,
        error_messages={
            "required": _("The move does not say whose turn it is."),
            "invalid": _("The move does not say whose turn it is."),
            "min_value": _("There is no such player."),
            "max_value": _("There is no such player."),
        },
    )


class SelectForm(RollForm):
    """Set aside the ticked dice (positions in the roll), then bank or roll again."""

    dice = forms.TypedMultipleChoiceField(
        label=_("Dice"),
        choices=[(str(i), str(i + 1)) for i in range(rules.DICE)],
        coerce=int,
        required=False,  # "choose at least one die" is the rules' message
        error_messages={"invalid_choice": _("That die is not in this roll.")},
    )
