"""Every word a player reads in a template is marked for translation.

The check strips from each template what is not prose for translators — comments,
{% translate %} and {% blocktranslate %} blocks, other tags, {{ variables }}, <script>, <style>,
<svg> and <code> contents, HTML entities and tags — and fails on any Latin-letter word of two or
more letters that is left, unless it is a name that stays the same in every language. The
user-facing attributes (aria-label, title, placeholder, alt…) are checked the same way.
templates/rules/ is skipped: those are whole pages written once per language.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Names and terms that read the same in every language.
ALLOWED = {
    "CUBIRI",
    "MAGDAGDON",
    "MISHIMASH",
    "Ishido",
    "Majda",
    "Power",
    "Powers",
    "PEACEFUL",
    "SURVIVAL",
    "NIGHTMARE",
    "SHA",
    "htmx",
    "ORIGINAL",
}
FLAGS = re.DOTALL | re.IGNORECASE
STRIP = [
    re.compile(r"\{%\s*comment\b.*?%\}.*?\{%\s*endcomment\s*%\}", FLAGS),
    re.compile(r"\{#.*?#\}", FLAGS),
    re.compile(r"\{%\s*blocktrans(?:late)?\b.*?\{%\s*endblocktrans(?:late)?\s*%\}", FLAGS),
    re.compile(r"<(script|style|svg|code)\b.*?</\1\s*>", FLAGS),
    re.compile(r"<!--.*?-->", FLAGS),
]
ATTRIBUTE = re.compile(
    r"""\s(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt)
        \s*=\s*("[^"]*"|'[^']*')""",
    re.IGNORECASE | re.VERBOSE,
)
TAG = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
HTML_TAG = re.compile(r"<[^>]*>", re.DOTALL)
ENTITY = re.compile(r"&#?\w+;")
WORD = re.compile(r"[A-Za-zÀ-ɏ]{2,}")


def template_files() -> list[Path]:
    return sorted(
        path
        for path in TEMPLATES.rglob("*.html")
        if path.relative_to(TEMPLATES).parts[0] != "rules"
    )


def unmarked_words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w not in ALLOWED]


def unmarked_strings(source: str) -> list[str]:
    """The pieces of `source` that a player would read untranslated."""
    for pattern in STRIP:
        source = pattern.sub(" ", source)
    found = []
    for _, value in ATTRIBUTE.findall(source):
        value = TAG.sub(" ", value[1:-1])
        if unmarked_words(ENTITY.sub(" ", value)):
            found.append(f"attribute: {value.strip()}")
    text = ENTITY.sub(" ", HTML_TAG.sub("\n", TAG.sub("\n", source)))
    for run in text.split("\n"):
        if unmarked_words(run):
            found.append(" ".join(run.split()))
    return found


def test_the_scan_finds_templates():
    names = {str(p.relative_to(TEMPLATES)) for p in template_files()}
    assert {"base.html", "core/home.html", "core/leaderboard.html"} <= names
    assert not any(name.startswith("rules/") for name in names)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("<p>Hello</p>", ["Hello"]),
        ("<p>{% translate 'Hello' %}</p>", []),
        ("{% blocktranslate with n=x %}Hello {{ n }}{% endblocktranslate %}", []),
        ("{% blocktranslate count n=x %}a{% plural %}b{% endblocktranslate %} more", ["more"]),
        ('<nav aria-label="Main">', ["attribute: Main"]),
        ("<nav aria-label=\"{% translate 'Main' %}\">", []),
        ("<h1>Ishido</h1> <b>MAGDAGDON</b> · SHA-256 ×2", []),
        ("{# Say hello #}{% comment %}Hello{% endcomment %}<script>go()</script>", []),
        ("<span>&nbsp;&times;</span><code>sha256sum</code>", []),
        ("<img alt='A die' src=x>", ["attribute: A die"]),
    ],
)
def test_the_scan_itself(source, found):
    assert unmarked_strings(source) == found


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_unmarked_text_in_templates(path):
    found = unmarked_strings(path.read_text(encoding="utf-8"))
    assert not found, (
        f"{path.relative_to(TEMPLATES.parent)} shows text that is not marked for translation "
        "(wrap it in {% translate %} / {% blocktranslate %}):\n" + "\n".join(found)
    )
