"""HTML built in Python (games.core.html): whatever is not markup is escaped, and markup that
Django made safe passes only as such."""

import pytest
from django.middleware.csrf import get_token
from django.template.backends.utils import csrf_input
from django.test import RequestFactory

from games.core.html import Html, escape, fill, safe


def test_text_is_escaped_and_markup_kept():
    assert fill("<b>%s</b>", escape("<script>")) == "<b>&lt;script&gt;</b>"
    assert escape(escape("a&b")) == "a&amp;b"  # escaped once, not twice


def test_the_csrf_field_passes_as_markup():
    request = RequestFactory().get("/")
    get_token(request)
    field = safe(csrf_input(request))
    assert isinstance(field, Html)
    assert field.startswith('<input type="hidden" name="csrfmiddlewaretoken"')


@pytest.mark.parametrize("value", ["<b>forged</b>", 7, None])
def test_anything_not_made_safe_is_refused(value):
    with pytest.raises(TypeError):
        safe(value)
