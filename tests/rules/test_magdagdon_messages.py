"""Every refusal of the MAGDAGDON rules is a translatable template: `IllegalMove(gettext_noop(
"literal %(name)s"), {...})`, never a pre-formatted string, so that the web layer can show it in
the player's language; and the parameters fill the template."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import games.rules.magdagdon as m
from games.rules import IllegalMove
from tests.support.magdagdon_oracle import make_state

SOURCE = Path(m.__file__)


def raised_errors() -> list[ast.Call]:
    tree = ast.parse(SOURCE.read_text())
    return [
        node.exc
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise)
        and isinstance(node.exc, ast.Call)
        and isinstance(node.exc.func, ast.Name)
        and node.exc.func.id in {"IllegalMove", "InvalidMove"}
    ]


def test_the_scan_finds_the_refusals() -> None:
    # 25 since the readers of stored data raise CorruptState, which players never see.
    assert len(raised_errors()) >= 25


@pytest.mark.parametrize("call", raised_errors(), ids=lambda c: f"line {c.lineno}")
def test_every_refusal_is_a_gettext_noop_literal(call: ast.Call) -> None:
    template = call.args[0]
    assert isinstance(template, ast.Call) and getattr(template.func, "id", "") == "gettext_noop"
    assert isinstance(template.args[0], ast.Constant) and isinstance(template.args[0].value, str)
    assert len(call.args) <= 2


@pytest.mark.parametrize(
    ("state", "action", "template", "params"),
    [
        (make_state(roll=(3, 3, 3, 3)), m.Unstage(2), "Die %(n)d is not staged.", {"n": 3}),
        (
            make_state("3... .... .... ....", roll=(1, 3, 3, 3)),
            m.Stage(0, 1),
            "A %(value)d cannot go next to a %(other)d (row %(row)d, column %(column)d): "
            "they differ by more than 1.",
            {"value": 1, "other": 3, "row": 1, "column": 2},
        ),
    ],
)
def test_the_parameters_fill_the_template(
    state: m.State, action: m.Action, template: str, params: dict[str, int]
) -> None:
    with pytest.raises(IllegalMove) as info:
        m.apply(state, action, random.Random(0))
    assert (info.value.template, info.value.params) == (template, params)
    assert str(info.value) == template % params
