"""The translation catalogues are complete: every marked string of the code has a hu, sk and ar
translation (not fuzzy), the plural rules are right, and placeholders survive translation.

The completeness check extracts the strings afresh, exactly as a developer would, but into a
temporary copy of the sources, so the test never rewrites the checked-in catalogues.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

ROOT = Path(settings.BASE_DIR)
LANGUAGES = ("hu", "sk", "ar")
PLURAL_FORMS = {
    "hu": "nplurals=2; plural=(n != 1);",
    "sk": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "ar": (
        "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
        "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;"
    ),
}
MAKEMESSAGES_FLAGS = [
    "--ignore=.venv",
    "--ignore=staticfiles",
    "--ignore=test-artifacts",
    "--no-obsolete",
]
SOURCES = ("cubiri", "games", "templates", "locale")
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")


def catalogue(language: str, root: Path = ROOT) -> polib.POFile:
    return polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / "django.po"))


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, polib.POFile]:
    """The catalogues after a fresh `makemessages` over a temporary copy of the sources."""
    if shutil.which("xgettext") is None:
        pytest.fail("GNU gettext is missing: run `bash scripts/test` (it installs it).")
    copy = tmp_path_factory.mktemp("sources")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for name in SOURCES:
        shutil.copytree(ROOT / name, copy / name, ignore=ignore)
    shutil.copy2(ROOT / "manage.py", copy / "manage.py")
    languages = [arg for code in LANGUAGES for arg in ("-l", code)]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", *languages, *MAKEMESSAGES_FLAGS],
        cwd=copy,
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "SECRET_KEY": "catalogue-check"},
    )
    return {language: catalogue(language, copy) for language in LANGUAGES}


def describe(entry: polib.POEntry) -> str:
    where = entry.occurrences[0][0] if entry.occurrences else "?"
    context = f"[{entry.msgctxt}] " if entry.msgctxt else ""
    return f"{where}: {context}{entry.msgid!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_is_translated(extracted, language):
    po = extracted[language]
    assert len(po) > 100, "makemessages found suspiciously few strings"
    missing = [describe(e) for e in po if not e.obsolete and not e.translated()]
    fuzzy = [describe(e) for e in po if not e.obsolete and "fuzzy" in e.flags]
    problems = [f"untranslated  {m}" for m in missing] + [f"fuzzy  {f}" for f in fuzzy]
    assert not problems, (
        f"{len(problems)} strings of locale/{language} need a translation "
        "(run makemessages as in the README, translate, compiletranslations):\n"
        + "\n".join(problems)
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_checked_in_catalogue_is_complete_and_not_fuzzy(language):
    po = catalogue(language)
    assert not po.metadata_is_fuzzy, "the header is still marked fuzzy"
    assert not po.untranslated_entries()
    assert not po.fuzzy_entries()


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_string_is_translated_once(language):
    """Two translations of one msgid: gettext would pick one of them, whichever came last."""
    ids = [(entry.msgctxt, entry.msgid) for entry in catalogue(language)]
    assert sorted({i for i in ids if ids.count(i) > 1}, key=str) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plural_rule_is_the_languages_own(language):
    po = catalogue(language)
    assert po.metadata["Language"] == language
    assert " ".join(po.metadata["Plural-Forms"].split()) == PLURAL_FORMS[language]
    nplurals = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    for entry in po:
        if entry.msgid_plural:
            assert sorted(entry.msgstr_plural) == list(range(nplurals)), describe(entry)


def placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text) if m.group(0) != "%%")


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    """%(name)s stays exactly; a plural form may leave out a named number ("one result")."""
    wrong = []
    for entry in catalogue(language):
        if "python-format" not in entry.flags:
            continue
        if entry.msgid_plural:
            allowed = set(placeholders(entry.msgid) + placeholders(entry.msgid_plural))
            for form in entry.msgstr_plural.values():
                found = placeholders(form)
                positional = [p for p in found if not p.startswith("%(")]
                if not set(found) <= allowed or positional:
                    wrong.append(describe(entry))
        elif placeholders(entry.msgstr) != placeholders(entry.msgid):
            wrong.append(f"{describe(entry)} -> {entry.msgstr!r}")
    assert not wrong, "placeholders changed:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_names_stay_as_they_are(language):
    """Game names, Majda Power(s) and the difficulty names are never translated."""
    names = (
        "MAGDAGDON",
        "MISHIMASH",
        "CUBIRI",
        "Ishido",
        "Majda",
        "PEACEFUL",
        "SURVIVAL",
        "NIGHTMARE",
    )
    changed = []
    for entry in catalogue(language):
        texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for name in names:
            if name in entry.msgid and not all(name in text for text in texts):
                changed.append(f"{name}: {describe(entry)}")
    assert not changed, "\n".join(changed)


@pytest.mark.parametrize(
    ("language", "counts"),
    [
        ("hu", {1: "1 eredmény elrejtve.", 2: "2 eredmény elrejtve."}),
        (
            "sk",
            {
                1: "1 výsledok bol skrytý.",
                3: "3 výsledky boli skryté.",
                5: "5 výsledkov bolo skrytých.",
                22: "22 výsledkov bolo skrytých.",
            },
        ),
        (
            "ar",
            {
                0: "لم تُخفَ أي نتيجة.",
                1: "أُخفيت نتيجة واحدة.",
                2: "أُخفيت نتيجتان.",
                3: "أُخفيت 3 نتائج.",
                11: "أُخفيت 11 نتيجة.",
                103: "أُخفيت 103 نتائج.",
                200: "أُخفيت 200 نتيجة.",
            },
        ),
    ],
)
def test_plural_forms_pick_the_right_word(language, counts):
    """The compiled catalogue (compiletranslations) picks each language's plural form."""
    with translation.override(language):
        for number, expected in counts.items():
            text = translation.ngettext(
                "%(count)d result hidden.", "%(count)d results hidden.", number
            ) % {"count": number}
            assert text == expected


HTML_TAG = re.compile(r"<[a-zA-Z][^>]*>")


@pytest.mark.parametrize("language", LANGUAGES)
def test_strings_from_python_gain_no_markup(language):
    """Python strings are escaped where they are shown: a tag added by a translation would
    appear as text. (Templates' {% translate %} strings may carry markup such as <bdi>.)"""
    wrong = []
    for entry in catalogue(language):
        if not any(path.endswith(".py") for path, _line in entry.occurrences):
            continue
        allowed = set(HTML_TAG.findall(entry.msgid + (entry.msgid_plural or "")))
        texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if any(set(HTML_TAG.findall(text)) - allowed for text in texts):
            wrong.append(describe(entry))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_checked_in_translation_is_lost_by_a_fresh_makemessages(extracted, language):
    """A string the code still shows but xgettext can no longer see (say, inside an f-string)
    would silently drop out of the catalogue at the next makemessages, and then show in
    English. Every checked-in msgid must still be found in the sources."""
    found = {(e.msgctxt, e.msgid) for e in extracted[language] if not e.obsolete}
    lost = [describe(e) for e in catalogue(language) if (e.msgctxt, e.msgid) not in found]
    assert not lost, f"{len(lost)} msgids of locale/{language} are no longer found:\n" + "\n".join(
        lost
    )
