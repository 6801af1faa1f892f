"""Small template helpers every page may use."""

from django import template

register = template.Library()


@register.filter
def times(value: object) -> str:
    """A factor ("×2"), its sign before the number in Arabic too (isolated as `ltr` does)."""
    return f"\u2066×{value}\u2069"


@register.filter
def ltr(value: object) -> str:
    """Isolate a number left to right inside any sentence, so that Arabic shows "−16", not
    "16−" (Unicode LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE)."""
    return f"\u2066{value}\u2069"
