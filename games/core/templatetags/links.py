"""`{% url %}` as Django's, with each address kept once reversed: a builtin of the template
engine (settings.TEMPLATES), so every template's `{% url %}` is this one.

Reversing walks the URL patterns each time (15-20 µs); a game page has about fifteen, and each
move's board a handful, always the same few per game. An address depends only on its name and
arguments, the URLconf, the script prefix and the language (i18n patterns), which are all in the
key; a changed setting (a test's URLconf) forgets them all."""

from functools import lru_cache
from typing import Any

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.base import Parser, Token
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.translation import get_language

register = template.Library()
_UNSET = object()


@lru_cache(maxsize=8192)
def _reversed(
    view_name: str,
    args: tuple[Any, ...],
    kwargs: tuple[tuple[str, Any], ...],
    current_app: str | None,
    prefix: str,
    urlconf: str | None,
    language: str | None,
) -> str:
    return reverse(view_name, urlconf, args=args, kwargs=dict(kwargs), current_app=current_app)


@receiver(setting_changed)
def _forget(**kwargs: Any) -> None:
    _reversed.cache_clear()


def kept_reverse(view_name: str, *args: Any) -> str:
    """`reverse(view_name, args=args)` as `{% url %}` keeps it: for markup built in Python
    (games.core.html) that links to the same few addresses on every move."""
    return _reversed(view_name, args, (), None, get_script_prefix(), get_urlconf(), get_language())


class KeptURLNode(URLNode):
    def render(self, context: Any) -> str:
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = (
            tuple(sorted((k, v.resolve(context)) for k, v in self.kwargs.items()))
            if self.kwargs
            else ()
        )
        view_name = self.view_name.resolve(context)
        # As Django's URLNode finds it, without raising AttributeError on each address: a
        # request has no `current_app` unless a view set one.
        request = getattr(context, "request", None)
        current_app: Any = getattr(request, "current_app", _UNSET)
        if current_app is _UNSET:
            current_app = getattr(getattr(request, "resolver_match", None), "namespace", None)
        url = ""
        try:
            key = (view_name, args, kwargs, current_app)
            url = _reversed(*key, get_script_prefix(), get_urlconf(), get_language())
        except TypeError:  # an argument that cannot be a key: reversed as Django does
            url = reverse(view_name, args=args, kwargs=dict(kwargs), current_app=current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return str(conditional_escape(url)) if context.autoescape else url


@register.tag
def url(parser: Parser, token: Token) -> KeptURLNode:
    """Django's `{% url %}` (same syntax, same answers), kept once reversed."""
    node = django_url(parser, token)
    return KeptURLNode(node.view_name, node.args, node.kwargs, node.asvar)
