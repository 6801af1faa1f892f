"""Django's `i18n` template library, with `{% translate %}` of a literal kept once translated:
what every template of the site loads (`{% load i18n_kept %}`), with the same tags and filters.

Translating a literal walks gettext and the value's rendering each time (some 7 µs); a game's
board says CONFIRM, ROLL, HINT... on every move, always the same few words. Such a tag's output
depends only on the active language and the context's escaping and localisation switches, which
are the key; a tag with a filter, a variable or a variable's message context is Django's, as
it is. Every other tag and filter is Django's own."""

from typing import Any

from django import template
from django.template.base import Parser, Token, Variable
from django.templatetags import i18n as django_i18n
from django.templatetags.i18n import TranslateNode
from django.utils.translation import get_language

register = template.Library()
register.tags.update(django_i18n.register.tags)
register.filters.update(django_i18n.register.filters)


class KeptTranslateNode(TranslateNode):
    def __init__(self, node: TranslateNode) -> None:
        super().__init__(node.filter_expression, node.noop, node.asvar, node.message_context)
        expression, context = self.filter_expression, self.message_context
        self.literal = (
            not expression.filters
            and isinstance(expression.var, Variable)
            and expression.var.literal is not None
            and (context is None or (not context.filters and isinstance(context.var, str)))
        )
        self.kept: dict[tuple[Any, ...], str] = {}

    def render(self, context: Any) -> str:
        if not self.literal:
            rendered: str = super().render(context)
            return rendered
        key = (get_language(), context.autoescape, context.use_l10n, context.use_tz)
        value = self.kept.get(key)
        if value is None:
            shown = super().render(context)
            value = self.kept[key] = context[self.asvar] if self.asvar else shown
        if self.asvar:
            context[self.asvar] = value
            return ""
        return value


@register.tag("translate")
@register.tag("trans")
def do_translate(parser: Parser, token: Token) -> KeptTranslateNode:
    """Django's `{% translate %}` (same syntax, same output), a literal's kept per language."""
    return KeptTranslateNode(django_i18n.do_translate(parser, token))
