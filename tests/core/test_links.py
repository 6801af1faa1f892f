"""`{% url %}` keeps what it reversed (games.core.templatetags.links) and still answers as
Django's own tag: the same addresses, the same refusals, and a new URLconf is followed."""

import pytest
from django.template import engines
from django.test import override_settings
from django.urls import NoReverseMatch, include, path, reverse

from games.core.templatetags.links import KeptURLNode


def render(source: str, **context: object) -> str:
    return engines["django"].from_string(source).render(context)


def test_every_templates_url_tag_is_the_kept_one():
    template = engines["django"].from_string("{% url 'core:home' %}")
    assert any(isinstance(node, KeptURLNode) for node in template.template.nodelist)


@pytest.mark.parametrize("game_id", [1, 7, 123456])
def test_the_same_addresses_as_reverse(game_id):
    for _ in range(2):  # reversed, then kept
        assert render("{% url 'magdagdon:roll' game_id %}", game_id=game_id) == reverse(
            "magdagdon:roll", args=[game_id]
        )
    assert render("{% url 'core:rules' kind='ishido' %}") == reverse("core:rules", args=["ishido"])


def test_an_unknown_name_is_refused_or_empty_as_django_does():
    with pytest.raises(NoReverseMatch):
        render("{% url 'magdagdon:no-such-view' 3 %}")
    assert render("{% url 'magdagdon:no-such-view' 3 as link %}[{{ link }}]") == "[]"


def _view(request):  # pragma: no cover - never called, only reversed
    raise AssertionError


urlpatterns = [path("elsewhere/", include(([path("", _view, name="home")], "core")))]


def test_a_new_urlconf_is_followed_not_the_kept_address():
    assert render("{% url 'core:home' %}") == "/"  # now kept
    with override_settings(ROOT_URLCONF=__name__):
        assert render("{% url 'core:home' %}") == "/elsewhere/"
    assert render("{% url 'core:home' %}") == "/"
