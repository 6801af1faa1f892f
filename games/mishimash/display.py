"""What the MISHIMASH board shows, computed from a rules state: the dice, the preview of a
selection, the scores, the turn log and the announcements, translated. The board template only
lays these out; the play page, the htmx swap and the replay page share them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.template.defaultfilters import floatformat
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.core.moves import rules_message
from games.rules import mishimash as rules

NUMBER_WORDS = (_("no"), _("one"), _("two"), _("three"), _("four"), _("five"), _("six"))


def points(halves: int) -> Decimal:
    """Half-points as the exact Decimal templates show with `floatformat` (12.5 → "12,5")."""
    return rules.halves_to_decimal(halves)


def combo_words(combo: rules.Combo) -> str:
    """One scoring combination in words: "three 4s", "one 5", "three pairs"."""
    if combo.kind == "straight":
        return gettext("a straight 1–6")
    if combo.kind == "three_pairs":
        return gettext("three pairs")
    return ngettext("%(number)s %(face)d", "%(number)s %(face)ds", combo.count) % {
        "number": NUMBER_WORDS[combo.count],
        "face": combo.face,
    }


def selection_words(roll: Sequence[int], faces: Sequence[int]) -> str:
    """The best reading of a selection (X6) in words: "three 4s + one 5"."""
    split = rules.best_split(roll, faces) or ()
    return " + ".join(combo_words(combo) for combo in split)


# --- the dice and the preview ------------------------------------------------------------------


@dataclass(frozen=True)
class Die:
    index: int  # position in the roll (0-5)
    value: int
    selected: bool
    scoring: bool  # belongs to some legal selection

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def pips(self) -> SafeString:
        return mark_safe("<i></i>" * self.value)


@dataclass(frozen=True)
class Preview:
    """What setting aside the ticked dice would do now (X6, X10, X11)."""

    dice: tuple[int, ...]
    legal: bool
    error: str = ""
    words: str = ""
    base: Decimal = Decimal(0)  # before the multiplier
    k: int = 1
    product: Decimal = Decimal(0)  # base x k
    bonus: int = 0  # the clear bonus, when the selection takes every die in play
    gain: Decimal = Decimal(0)  # product + bonus
    turn_after: Decimal = Decimal(0)
    total_if_banked: Decimal = Decimal(0)
    reaches_target: bool = False
    left: int = 0  # dice left to roll again (six after a clear)
    gain_halves: int = 0

    @property
    def clears(self) -> bool:
        return self.bonus > 0

    @property
    def gain_text(self) -> str:
        """Unlocalised, for the data-gain test hook."""
        return rules.format_points(self.gain_halves)


def clean_selection(state: rules.State, selection: Sequence[int]) -> tuple[int, ...]:
    """The ticked positions that exist in the roll showing, each once, sorted (UI state is
    never trusted: anything else is ignored)."""
    return tuple(sorted({i for i in selection if 0 <= i < len(state.roll)}))


def preview(state: rules.State, dice: tuple[int, ...]) -> Preview:
    if not dice:
        return Preview(dice, legal=False)
    problem = state.selection_error(dice)
    if problem is not None:
        return Preview(dice, legal=False, error=rules_message(problem))
    faces = [state.roll[i] for i in dice]
    base = rules.selection_halves(state.roll, faces) or 0
    gain = state.selection_halves(dice) or 0
    bonus = rules.clear_bonus(state.clears + 1) if len(dice) == state.dice_in_play else 0
    total = state.banked_halves[state.current] + state.turn_halves + gain
    return Preview(
        dice,
        legal=True,
        words=selection_words(state.roll, faces),
        base=points(base),
        k=state.k,
        product=points(base * state.k),
        bonus=bonus,
        gain=points(gain),
        turn_after=points(state.turn_halves + gain),
        total_if_banked=points(total),
        reaches_target=total >= 2 * state.options.target,
        left=state.dice_in_play - len(dice) or rules.DICE,
        gain_halves=gain,
    )


# --- the log -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One line of a turn log; `kind` is the event type ("roll", "select", "clear", ...)."""

    kind: str
    player: str = ""
    k: int = 0
    faces: tuple[int, ...] = ()
    words: str = ""
    base: Decimal = Decimal(0)
    points: Decimal = Decimal(0)
    total: Decimal = Decimal(0)
    n: int = 0
    names: str = ""
    then: str = ""
    halves: int = 0

    @property
    def points_text(self) -> str:
        return rules.format_points(self.halves)

    @property
    def html(self) -> SafeString:
        return line_html(self)


def _names(state: rules.State, seats: Sequence[int]) -> str:
    return ", ".join(state.players[seat] for seat in seats)


def log_lines(state: rules.State, events: Sequence[rules.Event]) -> list[Line]:
    """Readable lines for `events` (a run of whole turns or the turn in progress)."""
    lines: list[Line] = []
    roll: tuple[int, ...] = ()
    for event in events:
        match event:
            case rules.Rolled(player, k, faces):
                roll = faces
                lines.append(Line("roll", state.players[player], k=k, faces=faces))
            case rules.Selected(player, k, faces, halves, result):
                lines.append(
                    Line(
                        "select",
                        state.players[player],
                        k=k,
                        faces=faces,
                        words=selection_words(roll, faces) if roll else "",
                        base=points(halves // k),
                        points=points(halves),
                        then=result,
                        halves=halves,
                    )
                )
            case rules.Cleared(player, n, halves):
                lines.append(Line("clear", state.players[player], n=n, points=points(halves)))
            case rules.Banked(player, halves, total):
                lines.append(
                    Line("bank", state.players[player], points=points(halves), total=points(total))
                )
            case rules.Busted(player, k, lost):
                lines.append(Line("bust", state.players[player], k=k, points=points(lost)))
            case rules.FinalRoundStarted(player, seats):
                lines.append(Line("final_round", state.players[player], names=_names(state, seats)))
            case rules.SuddenDeathStarted(rnd, seats):
                lines.append(Line("sudden_death", n=rnd, names=_names(state, seats)))
            case rules.Won(player, total):
                lines.append(Line("win", state.players[player], total=points(total)))
    return lines


def number(value: Decimal) -> str:
    """A point value as the page shows it, localised: 12.5 → "12,5" in Hungarian."""
    return str(floatformat(value, "-1"))


def chips(faces: Sequence[int]) -> SafeString:
    return format_html(
        '<span class="chips">{}</span>', format_html_join(" ", "<b>{}</b>", ((f,) for f in faces))
    )


def _bdi(name: str) -> SafeString:
    return format_html("<bdi>{}</bdi>", name)


def line_html(line: Line) -> SafeString:
    """One log line as HTML (built here, not in a template: the log is on every move's answer)."""
    match line.kind:
        case "roll":
            text = format_html(
                "{}: {}", gettext("Roll %(k)d (×%(k)d)") % {"k": line.k}, chips(line.faces)
            )
        case "select":
            text = format_html(
                '{} {} {} = {} × {} = <strong data-points="{}">{}</strong>',
                gettext("set aside"),
                chips(line.faces),
                line.words,
                number(line.base),
                line.k,
                line.points_text,
                number(line.points),
            )
        case "clear":
            text = format_html(
                "<strong>MISHIMASH!</strong> {}",
                gettext("+%(bonus)s, six dice back") % {"bonus": number(line.points)},
            )
        case "bank":
            text = _safe(
                gettext("%(name)s banked <strong>%(points)s</strong> → %(total)s"),
                name=_bdi(line.player),
                points=number(line.points),
                total=number(line.total),
            )
        case "bust":
            text = _safe(
                gettext("<strong>BUST</strong> on roll %(k)s: %(name)s lost %(lost)s"),
                k=line.k,
                name=_bdi(line.player),
                lost=number(line.points),
            )
        case "final_round" if line.names:
            text = _safe(
                gettext("%(name)s reached the target. Final round: %(names)s."),
                name=_bdi(line.player),
                names=line.names,
            )
        case "final_round":
            text = _safe(gettext("%(name)s reached the target."), name=_bdi(line.player))
        case "sudden_death":
            text = _safe(
                gettext("Tie for first! Sudden death round %(round)s: %(names)s."),
                round=line.n,
                names=line.names,
            )
        case _:
            text = _safe(
                gettext("%(name)s wins with %(total)s."),
                name=_bdi(line.player),
                total=number(line.total),
            )
    return format_html('<li class="line {}" data-kind="{}">{}</li>\n', line.kind, line.kind, text)


def _safe(template: str, **params: object) -> SafeString:
    """Fill a translated HTML template (%-style) with escaped parameters."""
    return mark_safe(template % {k: conditional_escape(v) for k, v in params.items()})


def earlier_turns(state: rules.State) -> list[Line]:
    """How each earlier kept turn ended (bank or bust), newest first."""
    earlier = state.log[: len(state.log) - len(state.turn_log())]
    ends = [e for e in earlier if isinstance(e, rules.Banked | rules.Busted)]
    return log_lines(state, ends[::-1])


# --- the scores --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    halves: int
    score: Decimal
    turns: int
    current: bool
    to_play: bool  # still plays in the final round / sudden death
    out: bool  # not a contender in sudden death, or done in the final round
    winner: bool
    rank: int = 0
    percent: int = 0  # of the target, for the progress bar

    @property
    def number(self) -> int:
        return self.seat + 1

    @property
    def score_text(self) -> str:
        """Unlocalised, for the data-score test hook."""
        return rules.format_points(self.halves)


def seats(state: rules.State) -> list[Seat]:
    still = set(state.still_to_play)
    contenders = set(state.contenders) if state.in_sudden_death else None
    result = []
    for seat, name in enumerate(state.players):
        halves = state.banked_halves[seat]
        result.append(
            Seat(
                seat=seat,
                name=name,
                halves=halves,
                score=points(halves),
                turns=state.turns[seat],
                current=seat == state.current and not state.is_finished,
                to_play=seat in still,
                out=(contenders is not None and seat not in contenders)
                or (state.in_final_round and seat not in still),
                winner=seat == state.winner,
                rank=1 + sum(h > halves for h in state.banked_halves),
                percent=min(100, halves * 50 // state.options.target),
            )
        )
    return result


# --- the whole board ---------------------------------------------------------------------------


@dataclass
class Board:
    state: rules.State
    playable: bool
    dice: list[Die] = field(default_factory=list)
    preview: Preview | None = None
    seats: list[Seat] = field(default_factory=list)
    turn: list[Line] = field(default_factory=list)
    earlier: list[Line] = field(default_factory=list)
    last_turn: Line | None = None  # between turns: how the previous turn ended
    cleared: Line | None = None  # a clear just brought the six dice back
    still_to_play: str = ""

    @property
    def solo(self) -> bool:
        return self.state.options.is_solo

    @property
    def target(self) -> int:
        return self.state.options.target

    @property
    def turn_points(self) -> Decimal:
        return points(self.state.turn_halves)

    @property
    def turn_points_text(self) -> str:
        return rules.format_points(self.state.turn_halves)

    @property
    def ranked(self) -> bool:
        return self.solo and self.target in rules.TARGET_CHOICES

    @property
    def turn_number(self) -> int:
        """The solo player's turn in progress, counted from 1."""
        return self.state.turns[0] + 1

    @property
    def waiting(self) -> range:
        return range(self.state.dice_in_play)

    @property
    def final_round_by(self) -> str:
        seat = self.state.final_round_by
        return "" if seat is None else self.state.players[seat]

    @property
    def contenders(self) -> str:
        return _names(self.state, self.state.contenders)

    @property
    def results(self) -> list[Seat]:
        return sorted(self.seats, key=lambda s: (s.rank, s.seat))

    @property
    def winner(self) -> Seat | None:
        return next((s for s in self.seats if s.winner), None)


def board(state: rules.State, *, playable: bool, selection: Sequence[int] = ()) -> Board:
    view = Board(state, playable=playable, seats=seats(state))
    view.still_to_play = _names(state, state.still_to_play)
    if state.roll:
        chosen = clean_selection(state, selection) if playable else ()
        scoring = set(rules.scoring_indices(state.roll))
        view.dice = [Die(i, face, i in chosen, i in scoring) for i, face in enumerate(state.roll)]
        view.preview = preview(state, chosen)
    turn = state.turn_log()
    view.turn = log_lines(state, turn)
    view.earlier = earlier_turns(state)
    if state.phase != "choosing":
        view.last_turn = next((ln for ln in view.turn if ln.kind in ("bank", "bust")), None)
    elif len(view.turn) >= 2 and view.turn[-2].kind == "clear":
        view.cleared = view.turn[-2]
    return view
