"""Two parts of the MAGDAGDON board built in Python (games.core.html): the stats line above
the grid and the Majda Powers panel.

The panel is the board's one loop of forms: DECREASE and INCREASE for each die a power can
change and the REROLL checkboxes, each form a plain POST that htmx also sends. In the template,
the two were two thirds of a placing move's rendering (each `{% blocktranslate %}` costs more
than the text it makes); here each is one pass. The markup, the texts and their msgids are the
ones the template had, so the catalogues are unchanged; a translation is markup as in the
template (`{% translate %}` of a literal is not escaped either: translators may isolate a
number with `<bdi>`), every other value is escaped."""

from __future__ import annotations

import functools

from django.utils.translation import get_language, gettext, ngettext

from games.core.html import EMPTY, Html, escape, fill, join, markup, safe, translated
from games.core.templatetags.links import kept_reverse
from games.magdagdon.display import Die, MagdagdonBoard, points_text

_HIDDEN = markup(" hidden")
_DISABLED = markup(" disabled")
_OPEN = markup(" open")


def texts() -> dict[str, str]:
    """The panel's and the stats line's constant texts in the visitor's language, looked up
    once per language rather than some twenty gettext calls a board (each a few µs). Read
    only: every board shares it."""
    return _texts(get_language())


@functools.lru_cache(maxsize=16)
def _texts(language: str | None) -> dict[str, str]:
    """`texts` in `language`, the active one."""
    return {
        "already 1": gettext("already 1"),
        "already 6": gettext("already 6"),
        "decrease on": gettext("DECREASE −1 on die %(die)s"),
        "increase on": gettext("INCREASE +1 on die %(die)s"),
        "die staged": gettext("Die %(number)s: staged, take it back first"),
        "die": gettext("Die %(number)s"),
        "no uses": gettext("No uses left."),
        "powers": gettext("Majda Powers"),
        "take back": gettext("Staged dice must be taken back before a power can change them."),
        "select first": gettext("select a die first"),
        "decrease": gettext("DECREASE −1"),
        "increase": gettext("INCREASE +1"),
        "reroll tick": gettext("REROLL: tick the dice to roll again"),
        "reroll": gettext("REROLL the ticked dice"),
        "of": gettext("%(left)s of %(total)s"),
        "next use": gettext("next use −%(points)s"),
        "none left": gettext("none left"),
        "none": gettext("none"),
        "parts": gettext("Base %(base)s · bonuses +%(bonus)s"),
        "powers used": gettext("powers −%(points)s"),
        "score": gettext("Score"),
        "turns": gettext("Turns"),
        "difficulty": gettext("Difficulty"),
    }


def _form_head(url: Html, die: int, csrf_field: Html, version: int) -> Html:
    return fill(
        '<form method="post" action="%s?die=%s" hx-post="%s?die=%s" hx-disabled-elt="find button">'
        '%s<input type="hidden" name="version" value="%s"><input type="hidden" name="die" '
        'value="%s">',
        url, die, url, die, csrf_field, version, die,
    )  # fmt: skip


def _adjust(
    d: Die, urls: tuple[Html, Html], csrf_field: Html, version: int, words: dict[str, str]
) -> Html:
    """DECREASE and INCREASE on one die, shown while it is selected."""
    decrease_url, increase_url = urls
    number = {"die": d.number}
    if d.value > 1:
        down = fill('<small><bdi dir="ltr">%s → %s</bdi></small>', d.value, d.value - 1)
    else:
        down = fill("<small>%s</small>", translated(words["already 1"]))
    if d.value < 6:
        up = fill('<small><bdi dir="ltr">%s → %s</bdi></small>', d.value, d.value + 1)
    else:
        up = fill("<small>%s</small>", translated(words["already 6"]))
    return fill(
        '\n    <div class="mg-adjust" data-adjust="%s"%s>\n      %s<button type="submit" '
        'id="mg-decrease-%s"%s>%s%s</button></form>\n      %s<button type="submit" '
        'id="mg-increase-%s"%s>%s%s</button></form>\n    </div>',
        d.index, EMPTY if d.selected else _HIDDEN,
        _form_head(decrease_url, d.index, csrf_field, version),
        d.index, _DISABLED if d.value == 1 else EMPTY,
        translated(words["decrease on"], number), down,
        _form_head(increase_url, d.index, csrf_field, version),
        d.index, _DISABLED if d.value == 6 else EMPTY,
        translated(words["increase on"], number), up,
    )  # fmt: skip


def _reroll_pick(d: Die, words: dict[str, str]) -> Html:
    staged = d.staged_cell is not None
    text = words["die staged"] if staged else words["die"]
    return fill(
        '<label class="pick%s"><input type="checkbox" name="dice" value="%s"%s>%s<span>%s'
        "</span></label>",
        markup(" off") if staged else EMPTY, d.index, _DISABLED if staged else EMPTY, d.face,
        translated(text, {"number": d.number}),
    )  # fmt: skip


def panel_html(
    board: MagdagdonBoard, game_id: int, version: int, csrf_field: Html, opened: bool
) -> Html:
    """The `<details>` of the powers: what is left and costs, then, while a power has a die to
    change, DECREASE / INCREASE per die and REROLL. `opened`: shown open (a MAGDAGDON, a power
    just used, a hint that changes a die)."""
    left = board.powers_left
    points = board.next_penalty or 0
    words = texts()
    if left:
        summary = translated(
            ngettext(
                "%(left)s use left · next −%(points)s",
                "%(left)s uses left · next −%(points)s",
                left,
            ),
            {"left": left, "points": points},
        )
    else:
        summary = translated(words["no uses"])
    parts = [
        fill(
            '<details class="mg-powers" id="mg-powers"%s>\n    <summary><b>%s</b> '
            '<span class="muted">%s</span></summary>',
            _OPEN if opened else EMPTY,
            translated(words["powers"]),
            summary,
        )  # fmt: skip
    ]
    if left:
        costs = translated(
            ngettext(
                "%(left)s use left; the next one costs %(points)s points.",
                "%(left)s uses left; the next one costs %(points)s points.",
                left,
            ),
            {"left": left, "points": points},
        )
        staged = fill(" %s", escape(words["take back"])) if board.staged_any else EMPTY
        parts.append(fill('\n    <p class="muted">%s%s</p>', costs, staged))
    if left and board.free_dice:
        first = translated(words["select first"])
        parts.append(
            fill(
                '\n    <div class="mg-adjust" data-adjust=""%s>\n      <button type="button" '
                'disabled>%s<small>%s</small></button>\n      <button type="button" disabled>'
                "%s<small>%s</small></button>\n    </div>",
                _HIDDEN if board.selected else EMPTY,
                translated(words["decrease"]),
                first,
                translated(words["increase"]),
                first,
            )  # fmt: skip
        )
        urls = (
            escape(kept_reverse("magdagdon:decrease", game_id)),
            escape(kept_reverse("magdagdon:increase", game_id)),
        )
        parts.extend(_adjust(d, urls, csrf_field, version, words) for d in board.free)
        reroll_url = escape(kept_reverse("magdagdon:reroll", game_id))
        parts.append(
            fill(
                '\n    <form class="mg-reroll" method="post" action="%s" hx-post="%s" '
                'hx-disabled-elt="find button">%s<input type="hidden" name="version" value="%s">'
                '\n      <fieldset dir="ltr"><legend dir="auto">%s</legend>\n      %s\n      '
                '</fieldset>\n      <button type="submit" id="mg-reroll">%s</button>\n    </form>',
                reroll_url,
                reroll_url,
                csrf_field,
                version,
                translated(words["reroll tick"]),
                join(_reroll_pick(d, words) for d in board.dice),
                translated(words["reroll"]),
            )  # fmt: skip
        )
    parts.append(markup("\n  </details>"))
    return join(parts)


def powers_panel(
    board: MagdagdonBoard, game_id: int, version: int, csrf_field: object, opened: bool
) -> Html:
    """`panel_html` for a template: `csrf_field` is the page's (a SafeString, or empty)."""
    return panel_html(board, game_id, version, safe(csrf_field), opened)


def stats_html(board: MagdagdonBoard, turns: int) -> Html:
    """Score, turns and powers left, then the difficulty and the score's parts."""
    score = board.score
    words = texts()
    if board.powers_total:
        uses = translated(words["of"], {"left": board.powers_left, "total": board.powers_total})
        powers = fill('<b data-powers-left="%s">%s</b>', board.powers_left, uses)
        if board.next_penalty and board.can_play:
            next_use = translated(words["next use"], {"points": board.next_penalty})
            powers = fill("%s<small>%s</small>", powers, next_use)
        elif not board.powers_left:
            powers = fill("%s<small>%s</small>", powers, translated(words["none left"]))
    else:
        powers = fill('<b data-powers-left="0">%s</b>', translated(words["none"]))
    parts = translated(words["parts"], {"base": score.base, "bonus": score.bonus})
    if score.ruins:
        ruins = ngettext("%(ruins)s RUIN −%(points)s", "%(ruins)s RUINS −%(points)s", score.ruins)
        values = {"ruins": score.ruins, "points": score.ruin_penalty}
        parts = fill("%s · %s", parts, translated(ruins, values))
    if score.power_penalty:
        used = translated(words["powers used"], {"points": score.power_penalty})
        parts = fill("%s · %s", parts, used)
    return fill(
        '<div class="mg-stats">\n  <p class="mg-stat score"><span>%s</span><b data-score="%s">%s'
        '</b></p>\n  <p class="mg-stat"><span>%s</span><b data-turns="%s">%s</b></p>\n  '
        '<p class="mg-stat"><span>%s</span>%s</p>\n  <p class="mg-parts" data-base="%s"><b '
        'class="mg-level" title="%s">%s</b> · %s</p>\n</div>',
        translated(words["score"]), score.total, escape(points_text(score.total)),
        translated(words["turns"]), turns, turns,
        translated(words["powers"]), powers,
        score.base, translated(words["difficulty"]), escape(board.difficulty_label), parts,
    )  # fmt: skip
