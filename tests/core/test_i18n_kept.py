"""`{% load i18n_kept %}` is Django's i18n library with `{% translate %}` of a literal kept per
language (games.core.templatetags.i18n_kept): every form of the tag says what Django's says, in
every language and after switching back and forth; every template of the site loads it."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Engine, engines
from django.utils import translation

from games.core.templatetags.i18n_kept import KeptTranslateNode

TAGS = [
    '{% translate "CONFIRM" %}',
    '{% trans "Cancel" %}',
    '{% translate "May" context "month name" %}',
    '{% translate "May" context ctx %}',
    '{% translate "CONFIRM" as said %}[{{ said }}]',
    '{% translate "CONFIRM" noop %}',
    '{% translate "HINT"|lower %}',
    "{% translate word %}",
    '{% translate "a & b <i>" %}',
    '{% autoescape off %}{% translate "HINT" %}{% endautoescape %}',
]
DJANGO = Engine(libraries={"i18n": "django.templatetags.i18n"})  # Django's own library


@pytest.mark.parametrize("tag", TAGS)
def test_every_form_of_the_tag_says_what_djangos_says_in_every_language(tag):
    ours = engines["django"].from_string("{% load i18n_kept %}" + tag)
    theirs = DJANGO.from_string("{% load i18n %}" + tag)
    values = {"ctx": "month name", "word": "HINT"}
    for language in ("en", "hu", "ar", "en", "sk", "hu"):
        with translation.override(language):
            for _ in range(2):  # the second time from what was kept
                assert ours.render(values) == theirs.render(Context(values)), language


def test_a_literals_translation_is_kept_and_a_variables_is_not():
    template = engines["django"].from_string(
        '{% load i18n_kept %}{% translate "HINT" %}{% translate word %}'
    )
    literal, variable = [n for n in template.template.nodelist if isinstance(n, KeptTranslateNode)]
    assert literal.literal and not variable.literal
    with translation.override("hu"):
        assert template.render({"word": "CONFIRM"}) == "TIPPMEGERŐSÍTÉS"
        assert template.render({"word": "Cancel"}) == "TIPPMégse"  # the variable is read again
    assert len(literal.kept) == 1 and not variable.kept


def test_every_template_of_the_site_loads_the_kept_library():
    root = Path(settings.BASE_DIR)
    loads = {
        path.relative_to(root): re.findall(r"{%\s*load\s+([^%]*)%}", path.read_text())
        for folder in ("templates", "games")
        for path in (root / folder).rglob("*.html")
    }
    plain = sorted(str(p) for p, found in loads.items() if any("i18n" in f.split() for f in found))
    assert not plain, f"load i18n_kept, not Django's i18n: {plain}"
    assert sum(any("i18n_kept" in f.split() for f in found) for found in loads.values()) > 50
