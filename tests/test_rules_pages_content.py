"""Content checks for the player-facing rules pages (templates/rules/<game>.<lang>.html).

Plain pytest: no Django needed. The pages are HTML fragments included by the rules view; these
tests check that all twelve exist, are well-formed enough to include, use the seeds' own
terminology per language, carry the key numbers of the scoring tables (magdagdon.md M5, M19, M20;
mishimash.md X4, X5, X11; ishido.md I7, I9, I10) and explain the seed/SHA-256 fairness scheme.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parent.parent / "templates" / "rules"
GAMES = ("magdagdon", "mishimash", "ishido")
LANGS = ("en", "hu", "sk", "ar")
PAGES = [(game, lang) for game in GAMES for lang in LANGS]

# Tags allowed in a rules fragment: semantic HTML only.
ALLOWED_TAGS = {
    "article",
    "section",
    "h1",
    "h2",
    "h3",
    "p",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "strong",
    "em",
    "span",
    "code",
    "br",
}
ALLOWED_CLASSES = {"rules", "example", "note"}
VOID_TAGS = {"br"}

GAME_NAMES = {"magdagdon": "MAGDAGDON", "mishimash": "MISHIMASH", "ishido": "Ishido"}
RULES_WORD = {"en": "rules", "hu": "szabályok", "sk": "pravidlá", "ar": "قواعد"}

# Terms each page must use (seed terminology where a seed exists in that language).
KEY_TERMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("magdagdon", "en"): (
        "ROLL",
        "CONFIRM",
        "RUIN",
        "Majda Powers",
        "PEACEFUL",
        "SURVIVAL",
        "NIGHTMARE",
        "STRAIGHT",
        "FOUR OF A KIND",
        "TWO PAIRS",
        "REROLL",
    ),
    ("magdagdon", "hu"): (
        "DOBÁS",
        "MEGERŐSÍTÉS",
        "ROM",
        "Majda Powers",
        "PEACEFUL",
        "SURVIVAL",
        "NIGHTMARE",
        "CSÖKKENTÉS",
        "NÖVELÉS",
        "ÚJRADOBÁS",
        "NÉGY EGYFORMA",
        "KÉT PÁR",
        "SOR",
    ),
    ("magdagdon", "sk"): (
        "HODIŤ",
        "POTVRDIŤ",
        "RUINA",
        "Majda Powers",
        "PEACEFUL",
        "SURVIVAL",
        "NIGHTMARE",
        "POSTUPKA",
        "ŠTYRI ROVNAKÉ",
        "DVA PÁRY",
    ),
    ("magdagdon", "ar"): (
        "الخراب",
        "ارمِ",
        "تأكيد",
        "Majda Powers",
        "PEACEFUL",
        "SURVIVAL",
        "NIGHTMARE",
        "أنقص",
        "زِد",
        "أعد الرمي",
        "تسلسل",
        "أربعة متشابهة",
        "زوجان",
    ),
    ("mishimash", "en"): ("BANK", "ROLL AGAIN", "BUST", "SUDDEN DEATH", "multiplier"),
    ("mishimash", "hu"): ("BEÍRÁS", "TOVÁBBDOBÁS", "PECH", "HIRTELEN HALÁL", "szorzó"),
    ("mishimash", "sk"): (
        "ZAPÍSAŤ",
        "HODIŤ ZNOVA",
        "SMOLA",
        "násobiteľ",
        "Postupka",
        "Tri páry",
        "Náhlej smrti",
        "Finálne kolo",
    ),
    ("mishimash", "ar"): ("سجِّل", "ارمِ مجددًا", "حظ عاثر", "المضاعِف", "الموت المفاجئ"),
    ("ishido", "en"): ("stone", "pouch", "4-way", "grey border", "kite"),
    ("ishido", "hu"): ("kő", "talon", "négyes", "szürke", "deltoid"),
    ("ishido", "sk"): ("kameň", "vrecka", "štvorité spojenie", "sivý okraj", "deltoid"),
    ("ishido", "ar"): ("حجر", "الكيس", "وضع رباعي", "الإطار الرمادي"),
}

# Key numbers of each game's scoring tables, shared by every language.
KEY_NUMBERS = {
    # M19 bonuses, M20 ruin cost, M5 penalties, M22 board size.
    "magdagdon": ("60", "40", "20", "15", "10", "70", "16"),
    # X5 straight / three pairs, X4 three 1s, X11 clear bonuses, X1 target.
    "mishimash": ("10", "15", "20", "1000"),
    # I9 first and last 4-way bonus, I10 end bonuses, I1 stone count.
    "ishido": ("25", "50000", "25000", "100", "500", "1000", "72"),
}

HALF = {"en": "0.5", "hu": "0,5", "sk": "0,5", "ar": "0.5"}
TWELVE_AND_HALF = {"en": "12.5", "hu": "12,5", "sk": "12,5", "ar": "12.5"}


def page_path(game: str, lang: str) -> Path:
    return RULES_DIR / f"{game}.{lang}.html"


def read(game: str, lang: str) -> str:
    """The page's HTML, without its first line: a template comment naming the rule page it
    follows (tests/test_rule_pages.py checks that line)."""
    source = page_path(game, lang).read_text(encoding="utf-8")
    first, rest = source.split("\n", 1)
    assert first == f"{{# Follows the binding rule page docs/rules/{game}.md ({RANGES[game]}). #}}"
    return rest


RANGES = {"magdagdon": "M1–M22", "mishimash": "X1–X16", "ishido": "I1–I10"}


class _Checker(HTMLParser):
    """Collects tags, checks nesting and the allowed vocabulary."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.counts: dict[str, int] = {}
        self.first_tag: tuple[str, dict[str, str | None]] | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr_map = dict(attrs)
        if self.first_tag is None:
            self.first_tag = (tag, attr_map)
        self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag not in ALLOWED_TAGS:
            self.errors.append(f"tag <{tag}> not allowed")
        for name, value in attrs:
            if name == "class":
                bad = set((value or "").split()) - ALLOWED_CLASSES
                if bad:
                    self.errors.append(f"class {sorted(bad)} not allowed")
            elif name == "dir":
                if value != "ltr" or tag != "span":
                    self.errors.append(f'dir="{value}" only allowed as <span dir="ltr">')
            else:
                self.errors.append(f"attribute {name!r} not allowed on <{tag}>")
        if tag not in VOID_TAGS:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_TAGS:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}>, open: {self.stack[-3:]}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(game: str, lang: str) -> _Checker:
    checker = _Checker()
    checker.feed(read(game, lang))
    checker.close()
    return checker


def text_of(game: str, lang: str) -> str:
    return re.sub(r"\s+", " ", " ".join(parse(game, lang).text))


def test_all_twelve_pages_exist() -> None:
    missing = [str(page_path(g, lang)) for g, lang in PAGES if not page_path(g, lang).is_file()]
    assert not missing, missing


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_is_a_well_formed_fragment(game: str, lang: str) -> None:
    source = read(game, lang)
    assert source.lstrip().startswith('<article class="rules">')
    assert source.rstrip().endswith("</article>")
    assert len(re.findall(r"<h1[\s>]", source)) == 1
    assert source.count("<section>") == source.count("</section>") >= 4
    assert "<h2>" in source
    for forbidden in ("{%", "{{", "<script", "style=", "<style", 'dir="rtl"'):
        assert forbidden not in source, forbidden
    checker = parse(game, lang)
    assert not checker.errors, checker.errors
    assert not checker.stack, f"unclosed tags: {checker.stack}"
    assert checker.first_tag == ("article", {"class": "rules"})
    # A whole rules page, yet one a phone loads at once (Arabic takes two bytes a letter).
    assert 3_000 <= len(source.encode("utf-8")) <= 8_500


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_h1_names_game_and_rules(game: str, lang: str) -> None:
    h1 = re.search(r"<h1>(.*?)</h1>", read(game, lang), re.S)
    assert h1
    assert GAME_NAMES[game] in h1.group(1)
    assert RULES_WORD[lang] in h1.group(1).lower()


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_key_terms(game: str, lang: str) -> None:
    text = text_of(game, lang)
    missing = [term for term in KEY_TERMS[(game, lang)] if term not in text]
    assert not missing, missing


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_key_numbers(game: str, lang: str) -> None:
    numbers = set(re.findall(r"\d+", text_of(game, lang)))
    missing = [n for n in KEY_NUMBERS[game] if n not in numbers]
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGS)
def test_ishido_bonus_table_complete(lang: str) -> None:
    """I9: every 4-way bonus appears in the table, in order."""
    cells = re.findall(r"<td>(\d+)</td>", read("ishido", lang))
    assert cells[-12:] == [
        "25",
        "50",
        "100",
        "200",
        "400",
        "600",
        "800",
        "1000",
        "5000",
        "10000",
        "25000",
        "50000",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_mishimash_half_points_use_local_decimal_mark(lang: str) -> None:
    """X2/X3: a single 5 is worth one half, written with the language's decimal mark."""
    text = text_of("mishimash", lang)
    assert HALF[lang] in text
    assert TWELVE_AND_HALF[lang] in text
    wrong = {"en": ",", "hu": ".", "sk": ".", "ar": ","}[lang]
    assert f"0{wrong}5" not in text


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_fairness_section(game: str, lang: str) -> None:
    text = text_of(game, lang)
    assert "SHA-256" in text
    assert "seed" in text


@pytest.mark.parametrize("lang", LANGS)
def test_magdagdon_difficulties_and_penalties(lang: str) -> None:
    """M5: all three difficulty names and the −10/−20/−40 and −70 penalties."""
    text = text_of("magdagdon", lang)
    for name in ("PEACEFUL", "SURVIVAL", "NIGHTMARE"):
        assert name in text
    for penalty in ("−10", "−20", "−40", "−70", "−15"):
        assert penalty in text, penalty


def test_no_contract_section_leaks() -> None:
    for game, lang in PAGES:
        source = read(game, lang)
        for leak in ("contract", "legal_cells", "games.rules", "Decision"):
            assert leak not in source, (game, lang, leak)


@pytest.mark.parametrize("language", ["hu", "sk", "ar"])
def test_translated_magdagdon_rules_explain_the_terms_left_in_english(language):
    """PEACEFUL, SURVIVAL, NIGHTMARE and Majda Powers stay untranslated on purpose (M-rules'
    names); the translated rules page says what they mean."""
    page = (RULES_DIR / f"magdagdon.{language}.html").read_text()
    notes = re.findall(r'<p class="note">(.*?)</p>', page, re.S)
    note = next(n for n in notes if "Majda Powers" in n)
    for term in ("PEACEFUL", "SURVIVAL", "NIGHTMARE", "Majda Powers", "MAGDAGDON"):
        assert term in note
