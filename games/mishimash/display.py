"""What the MISHIMASH board shows, computed from a rules state: the dice, the preview of a
selection, the scores, the turn log and the announcements, translated. The play page, the htmx
swap and the replay page share them.

The board template lays out the one-off parts; the repeated ones (the dice, the preview, the
score list, the log lines) are built here as HTML with plain string building, because the
template engine spent most of a move's server time on their loops. Every value that is not a
constant of this module is escaped; translations keep the msgids the templates used."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import QueryDict
from django.utils import translation
from django.utils.formats import number_format
from django.utils.html import strip_tags
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from games.core.html import EMPTY, Html, escape, fill, join, markup, translated
from games.core.play.refusals import rules_message
from games.rules import mishimash as rules
from games.rules.errors import IllegalMove
from games.rules.mishimash_scoring import clear_bonus_halves

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


# --- localised numbers and phrases, once per board ---------------------------------------------


def number_text(halves: int) -> str:
    """Half-points as the page shows them in the visitor's language: 12.5 → "12,5" in
    Hungarian, 12 → "12". The same number_format call as the templates' `floatformat:"-1"`,
    without the filter's Decimal work, and kept: a board shows a score in its preview lines,
    its log and its score list (some twenty number_format calls a move)."""
    return _number_text(halves, translation.get_language())


@functools.lru_cache(maxsize=8192)
def _number_text(halves: int, language: str | None) -> str:
    return number_format(rules.format_points(halves), halves % 2, use_l10n=True)


@receiver(setting_changed)
def _forget_numbers(**kwargs: object) -> None:
    """A test's number format settings change how numbers read."""
    _number_text.cache_clear()


class Local:
    """One board's localised numbers, escaped texts and log phrases, each worked out once:
    number_format, escape and gettext cost microseconds a call, and a board repeats the same
    scores, names and phrases many times."""

    def __init__(self) -> None:
        self._numbers: dict[int, Html] = {}
        self._escaped: dict[str, Html] = {}
        self._phrases: dict[str, str] = {}

    def number(self, halves: int) -> Html:
        text = self._numbers.get(halves)
        if text is None:
            text = self._numbers[halves] = escape(number_text(halves))
        return text

    def escape(self, text: str) -> Html:
        escaped = self._escaped.get(text)
        if escaped is None:
            escaped = self._escaped[text] = escape(text)
        return escaped

    def phrase(self, key: str, **values: Html | int) -> Html:
        """A log phrase of LOG_PHRASES in the visitor's language, filled in with HTML values
        (a phrase without markup of its own is escaped first)."""
        phrase = self._phrases.get(key)
        if phrase is None:
            msgid, has_markup = LOG_PHRASES[key]
            phrase = gettext(msgid)
            phrase = self._phrases[key] = phrase if has_markup else escape(phrase)
        return translated(phrase, values)


# --- player names ------------------------------------------------------------------------------

DEFAULT_NAME = "Player %(number)d"  # the msgid; a default name is stored in this English form


def default_name(number: int) -> str:
    """The name stored for a player who gave none: untranslated, so that every viewer sees it
    in their own language (`shown_name`)."""
    return DEFAULT_NAME % {"number": number}


@functools.cache
def _default_names() -> re.Pattern[str]:
    """A stored default name in any of the site's languages ("Player 10", "Hráč 10"): games
    stored before defaults were kept in English hold the starting player's language."""
    forms = {DEFAULT_NAME}
    for code, _language in settings.LANGUAGES:
        with translation.override(code):
            forms.add(gettext(DEFAULT_NAME))
    parts = (re.escape(form).replace(re.escape("%(number)d"), r"(\d+)") for form in forms)
    return re.compile("|".join(f"(?:{part})" for part in sorted(parts)))


def shown_name(name: str) -> str:
    """A player's name as the viewer reads it: a default name in the viewer's language."""
    found = _default_names().fullmatch(name)
    if found is None:
        return name
    number = next(group for group in found.groups() if group is not None)
    return gettext(DEFAULT_NAME) % {"number": int(number)}


def shown_names(players: Sequence[str]) -> tuple[str, ...]:
    return tuple(shown_name(name) for name in players)


# --- the dice and the preview ------------------------------------------------------------------


@dataclass(frozen=True)
class Die:
    index: int  # position in the roll (0-5)
    value: int
    selected: bool
    scoring: bool  # belongs to some legal selection


@functools.lru_cache(maxsize=16)
def _texts(language: str | None) -> dict[str, str]:
    """The board's constant texts in `language`, the active one: looked up once per language
    rather than a dozen gettext calls a board (each a few µs). Read only."""
    return {
        "turn": gettext("Turn %(number)s"),
        "whose turn": gettext("<bdi>%(name)s</bdi>’s turn"),
        "roll": gettext("Roll"),
        "turn points": gettext("Turn points"),
        "dice in play": gettext("Dice in play"),
        "target": gettext("Target"),
        "to play": gettext("to play"),
        "die": gettext("Die %(number)s: %(value)s"),
    }


def texts() -> dict[str, str]:
    """`_texts` in the visitor's language."""
    return _texts(translation.get_language())


@functools.lru_cache(maxsize=256)
def _die_label(language: str | None, number: int, value: int) -> Html:
    return escape(_texts(language)["die"] % {"number": number, "value": value})


def face_html(value: int) -> Html:
    """A die's face: the house die (ivory, dark pips), an SVG symbol of the page's defs."""
    return FACES[value]


FACES = {
    v: fill('<svg class="die-face" aria-hidden="true"><use href="#mm-f%s"/></svg>', v)
    for v in range(1, 7)
}


def dice_html(
    dice: Sequence[Die], *, playable: bool, moved: bool, hinted: frozenset[int] = frozenset()
) -> Html:
    """The dice of the roll: toggle buttons of the move form (`playable`; the first one takes
    the focus after a move) or plain pictures. Each button has a hidden `dice` field, enabled
    while the die is ticked, which the moves post. The page's script toggles a die where it
    stands; without it the button asks the page's own address again (GET "?") with that die
    toggled (`toggle`). `hinted`: the dice a hint sets aside (ringed, `data-hint`).
    Built here: the template loop cost ~1 ms a board."""
    language = translation.get_language()
    parts: list[Html] = []
    for d in dice:
        aria = _die_label(language, d.index + 1, d.value)
        if not playable:  # a replay, or the dice a computer is about to set aside (selected)
            parts.append(
                fill(
                    '<span class="die%s" data-die="%s" data-value="%s" data-selected="%s" '
                    'role="img" aria-label="%s">%s</span>',
                    SELECTED if d.selected else EMPTY,
                    d.index,
                    d.value,
                    TRUE if d.selected else FALSE,
                    aria,
                    face_html(d.value),
                )  # fmt: skip
            )
            continue
        css = markup("die")
        css = fill("%s is-selected", css) if d.selected else css
        css = css if d.scoring else fill("%s is-dead", css)
        css = fill('%s is-hint" data-hint="', css) if d.index in hinted else css
        parts.append(
            fill(
                '<input type="hidden" name="dice" value="%s"%s>'
                '<button type="submit" class="%s" name="toggle" value="%s" formmethod="get" '
                'formaction="?" id="die-%s" data-die="%s" data-value="%s" data-selected="%s" '
                'aria-pressed="%s" aria-label="%s"%s>%s</button>',
                d.index,
                EMPTY if d.selected else DISABLED,
                css,
                d.index,
                d.index,
                d.index,
                d.value,
                TRUE if d.selected else FALSE,
                TRUE if d.selected else FALSE,
                aria,
                AUTOFOCUS if moved and not parts else EMPTY,
                face_html(d.value),
            )  # fmt: skip
        )
    return join(parts)


def busted_html(faces: Sequence[int]) -> Html:
    """The roll that busted, on the dice themselves (nothing in it scores)."""
    language = translation.get_language()
    return join(
        fill(
            '<span class="die busted" data-busted-die="%s" data-value="%s" role="img" '
            'aria-label="%s">%s</span>',
            i,
            v,
            _die_label(language, i + 1, v),
            face_html(v),
        )
        for i, v in enumerate(faces)
    )


TRUE, FALSE, SELECTED = markup("true"), markup("false"), markup(" is-selected")
DISABLED, AUTOFOCUS = markup(" disabled"), markup(" autofocus")


@dataclass(frozen=True)
class Preview:
    """What setting aside the ticked dice would do now (X6, X10, X11); points in halves."""

    dice: tuple[int, ...]
    legal: bool
    error: str = ""
    words: str = ""
    base_halves: int = 0  # before the multiplier
    k: int = 1
    bonus: int = 0  # the clear bonus, when the selection takes every die in play
    gain_halves: int = 0  # base x k + bonus
    turn_after_halves: int = 0
    total_halves: int = 0  # if banked now
    reaches_target: bool = False
    left: int = 0  # dice left to roll again (six after a clear)

    @property
    def clears(self) -> bool:
        return self.bonus > 0

    @property
    def mask(self) -> int:
        """The ticked dice as bits (die i = 1 << i): the key the page's script looks up."""
        return sum(1 << i for i in self.dice)

    @property
    def gain_text(self) -> str:
        """Unlocalised, for the data-gain test hook."""
        return rules.format_points(self.gain_halves)

    # The numbers of the preview line as the visitor's language writes them.
    @property
    def base_text(self) -> str:
        return number_text(self.base_halves)

    @property
    def product_text(self) -> str:
        return number_text(self.base_halves * self.k)

    @property
    def turn_text(self) -> str:
        return number_text(self.turn_after_halves)

    @property
    def total_text(self) -> str:
        return number_text(self.total_halves)

    @property
    def again_text(self) -> str:
        """What ROLL AGAIN would roll: "(3 dice)", "(six dice)"."""
        if not self.legal:
            return ""
        if self.clears:
            return gettext("(six dice)")
        return ngettext("(%(left)s die)", "(%(left)s dice)", self.left) % {"left": self.left}


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
    return legal_preview(state, dice)


def legal_preview(
    state: rules.State, dice: tuple[int, ...], reading: tuple[int, str] | None = None
) -> Preview:
    """The preview of a legal selection; `reading`: its base points (halves) and its words,
    when already known (`_readings`)."""
    faces = [state.roll[i] for i in dice]
    if reading is None:
        base = rules.selection_halves(state.roll, faces) or 0
        reading = (base, selection_words(state.roll, faces))
    base, words = reading
    clears = len(dice) == state.dice_in_play
    bonus = rules.clear_bonus(state.clears + 1) if clears else 0
    gain = base * state.k + (clear_bonus_halves(state.clears + 1) if clears else 0)
    total = state.banked_halves[state.current] + state.turn_halves + gain
    return Preview(
        dice,
        legal=True,
        words=words,
        base_halves=base,
        k=state.k,
        bonus=bonus,
        gain_halves=gain,
        turn_after_halves=state.turn_halves + gain,
        total_halves=total,
        reaches_target=total >= 2 * state.options.target,
        left=state.dice_in_play - len(dice) or rules.DICE,
    )


@dataclass(frozen=True)
class _PreviewWords:
    """The words of the preview lines in one language, looked up once (a roll has up to 63
    lines, each saying them)."""

    language: str
    bonus: str  # "+ MISHIMASH bonus %(bonus)s"
    after: str  # "Turn: … · bank now for a total of …"
    target: Html
    empty: Html
    again: tuple[str, ...]  # what ROLL AGAIN rolls, by dice left; [0]: six dice after a clear

    def number(self, halves: int) -> str:
        return _number_text(halves, self.language)

    def again_text(self, p: Preview) -> str:
        return "" if not p.legal else self.again[0 if p.clears else p.left]


@functools.lru_cache(maxsize=16)
def _preview_words(language: str | None) -> _PreviewWords:
    return _PreviewWords(
        language=language or "",
        bonus=gettext("+ MISHIMASH bonus %(bonus)s"),
        after=gettext("Turn: %(turn)s · bank now for a total of %(total)s"),
        target=escape(gettext("reaches the target!")),
        empty=escape(
            gettext(
                "Choose the scoring dice to set aside: single 1s and 5s, three or more of a kind, "
                "or a straight or three pairs of all six."
            )
        ),
        again=(
            gettext("(six dice)"),
            *(ngettext("(%(left)s die)", "(%(left)s dice)", n) % {"left": n} for n in range(1, 7)),
        ),
    )


@receiver(setting_changed)
def _forget_preview_words(**kwargs: object) -> None:
    _preview_words.cache_clear()


def preview_html(
    p: Preview, masks: Sequence[int] | None = None, words: _PreviewWords | None = None
) -> Html:
    """The preview line of a selection; `masks`: every selection it answers (the page's
    script finds a line by `data-masks~=`), by default its own; `words`: the active
    language's (found when not given)."""
    if words is None:
        words = _preview_words(translation.get_language())
    keys = escape(" ".join(str(m) for m in (masks if masks is not None else (p.mask,))))
    if p.legal:
        bonus = (
            fill(' <span class="bonus">%s</span>', escape(words.bonus % {"bonus": p.bonus}))
            if p.bonus
            else EMPTY
        )
        number = words.number
        after = escape(
            words.after % {"turn": number(p.turn_after_halves), "total": number(p.total_halves)}
        )
        if p.reaches_target:
            after = fill("%s · <strong>%s</strong>", after, words.target)
        return fill(
            '<p class="mm-preview ok" data-preview="legal" data-gain="%s" data-masks="%s" '
            'data-again="%s"><span class="calc"><span class="words">%s</span> = %s × %s = '
            '<strong>%s</strong>%s</span> <span class="after">%s</span></p>',
            escape(p.gain_text), keys, escape(words.again_text(p)), escape(p.words),
            escape(number(p.base_halves)), p.k, escape(number(p.base_halves * p.k)), bonus,
            after,
        )  # fmt: skip
    if p.error:
        return fill(
            '<p class="mm-preview bad" data-preview="illegal" data-masks="%s">%s</p>',
            keys,
            escape(p.error),
        )
    empty = '<p class="mm-preview" data-preview="empty" data-masks="%s">%s</p>'
    return fill(empty, keys, words.empty)


# A multiset of faces as one number: a base-8 digit per face counts its dice (at most 6), so
# a selection's code is the sum of its dice's codes, built mask by mask from a smaller one.
_FACE_CODES = tuple(8**face for face in range(7))


def _selection_codes(roll: Sequence[int]) -> list[int]:
    """The faces code of every selection of `roll`, indexed by its mask (die i = 1 << i)."""
    codes = [0] * (1 << len(roll))
    for mask in range(1, len(codes)):
        low = mask & -mask
        codes[mask] = codes[mask ^ low] + _FACE_CODES[roll[low.bit_length() - 1]]
    return codes


@functools.lru_cache(maxsize=4096)
def _readings(roll: tuple[int, ...], language: str) -> dict[int, tuple[str, int, str]]:
    """How each selection of faces from `roll` (sorted) reads, by its faces code: why the
    rules refuse it (a message in `language`, the active one) or "", its base points (halves)
    and its words. Only the faces matter to X5-X7, and a roll's dice have at most 923
    multisets, so the readings are kept (per language) rather than worked out on each move."""
    readings: dict[int, tuple[str, int, str]] = {}
    for mask, code in enumerate(_selection_codes(roll)):
        if not mask or code in readings:
            continue
        faces = tuple(f for i, f in enumerate(roll) if mask >> i & 1)
        refusal = rules.selection_refusal(roll, faces)
        if refusal is not None:
            readings[code] = (rules_message(IllegalMove(*refusal)), 0, "")
        else:
            halves = rules.selection_halves(roll, faces) or 0
            readings[code] = ("", halves, selection_words(roll, faces))
    return readings


def previews_html(state: rules.State) -> Html:
    """The preview of every selection of the roll showing (at most 63), for the page's script
    to show as dice are ticked, without asking the server. Selections of the same faces
    (either 5 of 1-5-2-4-5-2) read the same: one line answers them all, and each refusal is
    written once with every selection it answers."""
    by_faces: dict[int, list[int]] = {}
    codes = _selection_codes(state.roll)
    for mask in range(1, len(codes)):
        by_faces.setdefault(codes[mask], []).append(mask)
    language = translation.get_language()
    readings = _readings(tuple(sorted(state.roll)), language or "")
    words = _preview_words(language)
    parts = [preview_html(Preview((), legal=False), words=words)]
    refused: dict[str, list[int]] = {}
    for code, masks in by_faces.items():
        refusal, base, words_of_faces = readings[code]
        if refusal:
            refused.setdefault(refusal, []).extend(masks)
        else:
            dice = tuple(i for i in range(len(state.roll)) if masks[0] >> i & 1)
            preview = legal_preview(state, dice, (base, words_of_faces))
            parts.append(preview_html(preview, masks, words))
    parts.extend(
        preview_html(Preview((), legal=False, error=error), sorted(masks), words)
        for error, masks in refused.items()
    )
    return join(parts)


# --- the log -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One line of a turn log; `kind` is the event type ("roll", "select", "clear", ...)."""

    kind: str
    player: str = ""
    k: int = 0
    faces: tuple[int, ...] = ()
    words: str = ""
    n: int = 0
    names: str = ""
    then: str = ""
    halves: int = 0  # the points: of a selection, a clear's bonus, a bank, a bust's loss
    total_halves: int = 0  # the banked total after a bank or a win

    @property
    def points(self) -> Decimal:
        return points(self.halves)

    @property
    def total(self) -> Decimal:
        return points(self.total_halves)

    @property
    def points_text(self) -> str:
        return rules.format_points(self.halves)


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    return ", ".join(names[seat] for seat in seats)


def log_lines(
    state: rules.State, events: Sequence[rules.Event], names: Sequence[str] | None = None
) -> list[Line]:
    """Readable lines for `events` (a run of whole turns or the turn in progress); `names`:
    the players' names as shown (default names in the viewer's language)."""
    names = shown_names(state.players) if names is None else names
    lines: list[Line] = []
    roll: tuple[int, ...] = ()
    for event in events:
        match event:
            case rules.Rolled(player, k, faces):
                roll = faces
                lines.append(Line("roll", names[player], k=k, faces=faces))
            case rules.Selected(player, k, faces, halves, result):
                lines.append(
                    Line(
                        "select",
                        names[player],
                        k=k,
                        faces=faces,
                        words=selection_words(roll, faces) if roll else "",
                        then=result,
                        halves=halves,
                    )
                )
            case rules.Cleared(player, n, halves):
                lines.append(Line("clear", names[player], n=n, halves=halves))
            case rules.Banked(player, halves, total):
                lines.append(Line("bank", names[player], halves=halves, total_halves=total))
            case rules.Busted(player, k, lost):
                lines.append(Line("bust", names[player], k=k, halves=lost))
            case rules.Skipped(player, lost):  # online tables
                lines.append(Line("skip", names[player], halves=lost))
            case rules.Removed(player, lost):
                lines.append(Line("remove", names[player], halves=lost))
            case rules.FinalRoundStarted(player, seats):
                lines.append(Line("final_round", names[player], names=_names(names, seats)))
            case rules.SuddenDeathStarted(rnd, seats):
                lines.append(Line("sudden_death", n=rnd, names=_names(names, seats)))
            case rules.Won(player, total) if not state.options.is_solo:
                lines.append(Line("win", names[player], total_halves=total))
    return lines


# The log's phrases, as %-templates of HTML: (msgid, holds markup). Translated when first used
# on a board (Local.phrase); a plain-text one is escaped then.
LOG_PHRASES = {
    "roll": (gettext_noop("Roll %(k)d (×%(k)d)"), False),
    "select": (gettext_noop("set aside"), False),
    "clear": (gettext_noop("+%(bonus)s, six dice back"), False),
    "bank": (gettext_noop("%(name)s banked <strong>%(points)s</strong> → %(total)s"), True),
    "bust": (gettext_noop("<strong>BUST</strong> on roll %(k)s: %(name)s lost %(lost)s"), True),
    "skip": (gettext_noop("%(name)s was away: turn skipped, %(lost)s unbanked lost"), True),
    "remove": (gettext_noop("%(name)s left the table: %(lost)s unbanked lost"), True),
    "final_round": (gettext_noop("%(name)s reached the target. Final round: %(names)s."), True),
    "reached": (gettext_noop("%(name)s reached the target."), True),
    "sudden_death": (
        gettext_noop("Tie for first! Sudden death round %(round)s: %(names)s."),
        True,
    ),
    "win": (gettext_noop("%(name)s wins with %(total)s."), True),
}


def chips(faces: Sequence[int]) -> Html:
    return fill('<span class="chips">%s</span>', join((fill("<b>%s</b>", f) for f in faces), SPACE))


SPACE = markup(" ")
STRONG_MISHIMASH = markup("<strong>MISHIMASH!</strong>")


def line_html(line: Line, local: Local) -> Html:
    """One log line as HTML (built here, not in a template: the log is on every move's answer)."""
    phrase = local.phrase
    name = fill("<bdi>%s</bdi>", local.escape(line.player))
    match line.kind:
        case "roll":
            text = fill("%s: %s", phrase("roll", k=line.k), chips(line.faces))
        case "select":
            text = fill(
                '%s %s %s = %s × %s = <strong data-points="%s">%s</strong>',
                phrase("select"), chips(line.faces), local.escape(line.words),
                local.number(line.halves // line.k), line.k, escape(line.points_text),
                local.number(line.halves),
            )  # fmt: skip
        case "clear":
            bonus = phrase("clear", bonus=local.number(line.halves))
            text = fill("%s %s", STRONG_MISHIMASH, bonus)
        case "bank":
            text = phrase(
                "bank",
                name=name,
                points=local.number(line.halves),
                total=local.number(line.total_halves),
            )
        case "bust":
            text = phrase("bust", k=line.k, name=name, lost=local.number(line.halves))
        case "skip" | "remove":
            text = phrase(line.kind, name=name, lost=local.number(line.halves))
        case "final_round" if line.names:
            text = phrase("final_round", name=name, names=local.escape(line.names))
        case "final_round":
            text = phrase("reached", name=name)
        case "sudden_death":
            text = phrase("sudden_death", round=line.n, names=local.escape(line.names))
        case _:
            text = phrase("win", name=name, total=local.number(line.total_halves))
    kind = escape(line.kind)
    return fill('<li class="line %s" data-kind="%s">%s</li>\n', kind, kind, text)


def lines_html(lines: Sequence[Line], local: Local) -> Html:
    return join(line_html(line, local) for line in lines)


def earlier_turns(state: rules.State, names: Sequence[str]) -> list[Line]:
    """How each earlier kept turn ended (bank or bust), newest first."""
    earlier = state.log[: len(state.log) - len(state.turn_log())]
    ends = [
        e
        for e in earlier
        if isinstance(e, rules.Banked | rules.Busted | rules.Skipped | rules.Removed)
    ]
    return log_lines(state, ends[::-1], names)


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
    gain_halves: int = 0  # what this player just banked (answering that move)

    @property
    def number(self) -> int:
        return self.seat + 1

    @property
    def score_text(self) -> str:
        """Unlocalised, for the data-score test hook."""
        return rules.format_points(self.halves)


def seats(
    state: rules.State, names: Sequence[str], gains: dict[int, int] | None = None
) -> list[Seat]:
    still = set(state.still_to_play)
    contenders = set(state.contenders) if state.in_sudden_death else None
    gains = gains or {}
    result = []
    for seat, name in enumerate(names):
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
                gain_halves=gains.get(seat, 0),
            )
        )
    return result


def gain_html(halves: int, local: Local) -> Html:
    """Points just earned, drawn next to where they were earned ("+12.5")."""
    if not halves:
        return EMPTY
    return fill(' <span class="gain" aria-hidden="true">+%s</span>', local.number(halves))


def status_html(board: MishimashBoard) -> Html:
    """The turn's numbers (whose turn, roll k and its multiplier, turn points, dice in play,
    target), then how the last turn ended and a clear just made, as banners. The play page and
    the online tables show it above the dice."""
    state, local, words = board.state, board.local, texts()
    if board.solo:
        turn = translated(words["turn"], {"number": board.turn_number})
    else:
        name = escape(board.current_name)
        turn = translated(words["whose turn"], {"name": name})
    k = state.k
    roll = fill('%s <span class="mult">\u2066×%s\u2069</span>', k, k) if k else markup("–")
    parts = [
        fill(
            '<div class="mm-status" data-roll-number="%s" data-turn-points="%s" '
            'data-dice-in-play="%s" data-target="%s" data-current="%s">\n  <p class="mm-turn">%s'
            '</p>\n  <dl class="mm-stats">\n    <div><dt>%s</dt><dd>%s</dd></div>\n    '
            "<div><dt>%s</dt><dd>%s%s</dd></div>\n    <div><dt>%s</dt><dd>%s</dd></div>\n    "
            "<div><dt>%s</dt><dd>%s</dd></div>\n  </dl>\n</div>\n",
            k,
            escape(board.turn_points_text),
            state.dice_in_play,
            board.target,
            state.current,
            turn,
            translated(words["roll"]),
            roll,
            translated(words["turn points"]),
            local.number(state.turn_halves),
            board.turn_gain_html,
            translated(words["dice in play"]),
            state.dice_in_play,
            translated(words["target"]),
            board.target,
        )  # fmt: skip
    ]
    line = board.last_turn
    if line is not None:
        name = escape(line.player)
        if line.kind == "bust":
            values: dict[str, Html | int] = {
                "name": name,
                "k": line.k,
                "lost": local.number(line.halves),
            }
            said = translated(gettext(BUST_MESSAGE), values)
        else:
            values = {
                "name": name,
                "pts": local.number(line.halves),
                "total": local.number(line.total_halves),
            }
            said = translated(gettext(BANK_MESSAGE), values)
        kind = escape(line.kind)
        parts.append(
            fill(
                '\n<p class="mm-banner %s" role="status" data-last-turn="%s">%s</p>\n',
                kind,
                kind,
                said,
            )  # fmt: skip
        )
    if board.cleared is not None:
        bonus = translated(gettext(CLEAR_MESSAGE), {"bonus": local.number(board.cleared.halves)})
        parts.append(
            fill(
                '<p class="mm-banner clear" role="status" data-cleared="%s">%s</p>',
                board.cleared.n,
                bonus,
            )  # fmt: skip
        )
    return join(parts)


def scores_html(seats: Sequence[Seat], local: Local) -> Html:
    """The banked scores, one <li> per player, with a progress bar towards the target."""
    to_play = fill(' <span class="tag">%s</span>', escape(texts()["to play"]))
    parts = []
    for s in seats:
        css = fill("%s%s", CURRENT if s.current else EMPTY, OUT if s.out else EMPTY)
        tag = to_play if s.to_play and not s.current else EMPTY
        parts.append(
            fill(
                '<li data-player="%s" data-score="%s" class="%s"%s><span class="who"><bdi>%s'
                '</bdi>%s</span><span class="pts">%s%s</span><span class="bar" aria-hidden="true">'
                '<svg viewBox="0 0 100 4" preserveAspectRatio="none"><rect width="%s" height="4"/>'
                "</svg></span></li>",
                s.seat,
                escape(s.score_text),
                css,
                ARIA_CURRENT if s.current else EMPTY,
                local.escape(s.name),
                tag,
                local.number(s.halves),
                gain_html(s.gain_halves, local),  # after the score, as after the turn's points
                s.percent,
            )  # fmt: skip
        )
    return join(parts)


CURRENT, OUT = markup("is-current"), markup(" is-out")
ARIA_CURRENT = markup(' aria-current="true"')


# --- what the move just made did: shown, announced, heard ---------------------------------------


def plain(msgid: str, **values: object) -> str:
    """A translated page message as plain text, for the screen reader's live region: the
    catalogue's markup (<strong>, <bdi>) dropped, the values kept exactly as they are."""
    filled = gettext(msgid) % {
        key: value if isinstance(value, int) else escape(value) for key, value in values.items()
    }
    return html.unescape(strip_tags(filled))


@dataclass(frozen=True)
class Moment:
    """What the move the board answers did: `kind` is the sound it makes (roll, clear, bank,
    bust, end), `announce` what a screen reader says, the points it earned and where."""

    kind: str
    announce: str
    turn_gain_halves: int = 0  # set aside and rolled again: added to the turn's points
    banked: dict[int, int] = field(default_factory=dict)  # seat: points just banked


def whose_turn(state: rules.State, names: Sequence[str]) -> str:
    if state.options.is_solo:
        return plain("Turn %(number)s", number=state.turns[0] + 1)
    return plain("<bdi>%(name)s</bdi>’s turn", name=names[state.current])


def roll_words(event: rules.Rolled) -> str:
    roll = plain("Roll %(k)d (×%(k)d)", k=event.k)
    return f"{roll}: {', '.join(str(face) for face in event.faces)}."


def moment(state: rules.State, names: Sequence[str]) -> Moment | None:
    """What the last move did, read from the turn's log (None before the first move)."""
    turn = state.turn_log()
    said: list[str] = []
    banked: dict[int, int] = {}
    kind = ""
    for event in turn:
        match event:
            case rules.Banked(player, halves, total):
                banked[player] = halves
                said.append(plain(BANK_MESSAGE, name=names[player], pts=number_text(halves),
                                  total=number_text(total)))  # fmt: skip
                kind = "bank"
            case rules.Busted(player, k, lost):
                said.append(plain(BUST_MESSAGE, name=names[player], k=k, lost=number_text(lost)))
                kind = "bust"
    if state.is_finished:
        winner = state.winner or 0
        if state.options.is_solo:
            turns = state.turns[0]
            said.append(
                ngettext(
                    "Target reached in %(turns)s turn", "Target reached in %(turns)s turns", turns
                )
                % {"turns": turns}
            )
        else:
            said.append(plain(WIN_MESSAGE, name=names[winner],
                              score=number_text(state.banked_halves[winner])))  # fmt: skip
        return Moment("end", " ".join(said), banked=banked)
    if kind:
        if state.in_final_round and state.final_round_by is not None:
            said.append(plain(FINAL_MESSAGE, name=names[state.final_round_by],
                              still=_names(names, state.still_to_play)))  # fmt: skip
        elif state.in_sudden_death:
            said.append(plain(SUDDEN_MESSAGE, round=state.sudden_death_round,
                              tied=_names(names, state.contenders),
                              still=_names(names, state.still_to_play)))  # fmt: skip
        said.append(whose_turn(state, names))
        return Moment(kind, " ".join(said), banked=banked)
    if not turn or not isinstance(turn[-1], rules.Rolled):
        return None
    roll, before = turn[-1], turn[-3:-1]
    gain = sum(e.halves for e in before if isinstance(e, rules.Selected | rules.Cleared))
    cleared = next((e for e in before if isinstance(e, rules.Cleared)), None)
    if cleared is not None:
        said = [plain(CLEAR_MESSAGE, bonus=number_text(cleared.halves)), roll_words(roll)]
        return Moment("clear", " ".join(said), turn_gain_halves=gain)
    said = [f"+{number_text(gain)}.", roll_words(roll)] if gain else [roll_words(roll)]
    return Moment("roll", " ".join(said), turn_gain_halves=gain)


# The page's messages, said again in the live region: the first three are the status banners'
# (status_html, hence marked for makemessages), the others the board template's.
CLEAR_MESSAGE = gettext_noop(
    "<strong>MISHIMASH!</strong> +%(bonus)s bonus points, and all six dice come back."
)
BANK_MESSAGE = gettext_noop("<bdi>%(name)s</bdi> banked %(pts)s points: total %(total)s.")
BUST_MESSAGE = gettext_noop(
    "<strong>BUST!</strong> <bdi>%(name)s</bdi>’s roll %(k)s scored nothing: "
    "%(lost)s unbanked points lost."
)
WIN_MESSAGE = "<bdi>%(name)s</bdi> wins with %(score)s points!"
FINAL_MESSAGE = (
    "<strong>Final round!</strong> %(name)s reached the target. Still to play: %(still)s."
)
SUDDEN_MESSAGE = (
    "<strong>SUDDEN DEATH, round %(round)s</strong> between %(tied)s, tied for first. "
    "Still to play: %(still)s."
)


# --- the whole board ---------------------------------------------------------------------------


@dataclass
class MishimashBoard:
    """Everything the `#board` partial draws."""

    state: rules.State
    playable: bool
    moved: bool = False  # answering a move: the first die or the roll button takes the focus
    names: tuple[str, ...] = ()  # as shown: default names in the viewer's language
    dice: list[Die] = field(default_factory=list)
    preview: Preview | None = None
    busted: tuple[int, ...] = ()  # between turns after a bust: the roll that busted
    seats: list[Seat] = field(default_factory=list)
    turn: list[Line] = field(default_factory=list)
    earlier: list[Line] = field(default_factory=list)
    last_turn: Line | None = None  # between turns: how the previous turn ended
    cleared: Line | None = None  # a clear just brought the six dice back
    still_to_play: str = ""
    moment: Moment | None = None  # answering a move: what it did
    local: Local = field(default_factory=Local)
    hinted: frozenset[int] = frozenset()  # the dice a hint sets aside
    hinted_move: str = ""  # and then "bank" or "roll-again"

    @property
    def solo(self) -> bool:
        return self.state.options.is_solo

    @property
    def target(self) -> int:
        return self.state.options.target

    @property
    def current_name(self) -> str:
        return self.names[self.state.current]

    @property
    def turn_points(self) -> Decimal:
        return points(self.state.turn_halves)

    @property
    def turn_points_text(self) -> str:
        return rules.format_points(self.state.turn_halves)

    @property
    def status_html(self) -> Html:
        return status_html(self)

    @property
    def turn_gain_html(self) -> Html:
        return gain_html(self.moment.turn_gain_halves if self.moment else 0, self.local)

    @property
    def ranked(self) -> bool:
        return self.solo and self.target in rules.TARGET_CHOICES

    @property
    def turn_number(self) -> int:
        """The solo player's turn in progress, counted from 1."""
        return self.state.turns[0] + 1

    @property
    def waiting(self) -> range:
        """The blank dice shown before a roll."""
        return range(self.state.dice_in_play)

    @property
    def dice_html(self) -> Html:
        return dice_html(self.dice, playable=self.playable, moved=self.moved, hinted=self.hinted)

    @property
    def busted_html(self) -> Html:
        return busted_html(self.busted)

    @property
    def preview_html(self) -> Html:
        return preview_html(self.preview) if self.preview else EMPTY

    @property
    def previews_html(self) -> Html:
        """Every selection's preview, for the page's script (only where dice can be ticked)."""
        return previews_html(self.state) if self.playable and self.state.roll else EMPTY

    @property
    def scores_html(self) -> Html:
        return scores_html(self.seats, self.local)

    @property
    def turn_html(self) -> Html:
        return lines_html(self.turn, self.local)

    @property
    def earlier_html(self) -> Html:
        return lines_html(self.earlier, self.local)

    @property
    def final_round_by(self) -> str:
        seat = self.state.final_round_by
        return "" if seat is None else self.names[seat]

    @property
    def contenders(self) -> str:
        return _names(self.names, self.state.contenders)

    @property
    def results(self) -> list[Seat]:
        return sorted(self.seats, key=lambda s: (s.rank, s.seat))

    @property
    def winner(self) -> Seat | None:
        return next((s for s in self.seats if s.winner), None)

    @property
    def announce(self) -> str:
        return self.moment.announce if self.moment else ""

    @property
    def sound(self) -> str:
        return self.moment.kind if self.moment else ""


@dataclass(frozen=True)
class Ticks:
    """The page's UI state: the dice ticked for the preview, and whether the board answers a
    move just made (its first control then takes the focus, and what the move did is shown,
    announced and heard)."""

    dice: tuple[int, ...] = ()
    moved: bool = False


def ticked(data: QueryDict) -> tuple[int, ...]:
    """The dice positions the page had ticked (UI state, never trusted): 0-5, each once; a
    `toggle` (a die tapped without the page's script) ticks or unticks one more."""
    dice = {int(v) for v in data.getlist("dice") if v in DIGITS}
    toggle = data.get("toggle", "")
    if toggle in DIGITS:
        dice ^= {int(toggle)}
    return tuple(sorted(dice))


DIGITS = frozenset("012345")


def board_view(
    state: rules.State,
    *,
    playable: bool,
    selection: Sequence[int] = (),
    moved: bool = False,
    answered: bool = False,
    hinted: frozenset[int] = frozenset(),
    hinted_move: str = "",
) -> MishimashBoard:
    """The board; `answered`: it answers a move just made (`moved`: and play goes on);
    `hinted`, `hinted_move`: the dice a hint sets aside and the button it then presses."""
    names = shown_names(state.players)
    drawn = MishimashBoard(
        state, playable=playable, moved=moved, names=names, hinted=hinted, hinted_move=hinted_move
    )
    drawn.moment = moment(state, names) if answered else None
    drawn.seats = seats(state, names, drawn.moment.banked if drawn.moment else None)
    drawn.still_to_play = _names(names, state.still_to_play)
    if state.roll:
        chosen = clean_selection(state, selection) if playable else ()
        scoring = set(rules.scoring_indices(state.roll))
        drawn.dice = [Die(i, face, i in chosen, i in scoring) for i, face in enumerate(state.roll)]
        drawn.preview = preview(state, chosen)
    turn = state.turn_log()
    drawn.turn = log_lines(state, turn, names)
    drawn.earlier = earlier_turns(state, names)
    if state.phase != "choosing":
        drawn.last_turn = next((ln for ln in drawn.turn if ln.kind in ("bank", "bust")), None)
        if drawn.last_turn is not None and drawn.last_turn.kind == "bust":
            rolls = [e for e in turn if isinstance(e, rules.Rolled)]
            drawn.busted = rolls[-1].faces if rolls else ()
    elif len(drawn.turn) >= 2 and drawn.turn[-2].kind == "clear":
        drawn.cleared = drawn.turn[-2]
    return drawn
