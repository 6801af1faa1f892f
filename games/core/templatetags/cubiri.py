"""Small template helpers every page may use."""

from typing import Any

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

_KEPT: dict[tuple[str, str], SafeString] = {}


@register.simple_tag
def kept(name: str) -> SafeString:
    """The partial `name`, which depends on nothing but the language (static addresses,
    constant markup), rendered once per language and process and kept: a page's fifteen
    `{% static %}` addresses cost more than the rest of its head."""
    key = (name, get_language() or "")
    text = _KEPT.get(key)
    if text is None:
        text = _KEPT[key] = SafeString(render_to_string(name))
    return text


@receiver(setting_changed)
def _forget_kept(**kwargs: Any) -> None:
    """A changed setting (a test's static storage, URLs) may change what was kept."""
    _KEPT.clear()


@register.filter
def times(value: object) -> str:
    """A factor ("×2"), its sign before the number in Arabic too (isolated as `ltr` does)."""
    return f"\u2066×{value}\u2069"


@register.filter
def ltr(value: object) -> str:
    """Isolate a number left to right inside any sentence, so that Arabic shows "−16", not
    "16−" (Unicode LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE)."""
    return f"\u2066{value}\u2069"
