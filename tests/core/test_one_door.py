"""Shared code never names a game: what differs per game is a hook on GameKind (or in the
game's coach package), so a fourth game plugs in without touching core (tests/core/
test_fourth_game.py). Like the import-boundary test, this reads the code itself: the shared
app (games/core/), the coach's shared modules (games/coach/*.py) and the shared templates may
not hold a game's name in any identifier, import or string (docstrings and comments, which
may give a game as an example, excepted)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("magdagdon", "mishimash", "ishido")
NAMED = re.compile("|".join(GAMES), re.IGNORECASE)
SHARED_PYTHON = sorted(
    [p for p in (ROOT / "games/core").rglob("*.py") if "migrations" not in p.parts]
    + list((ROOT / "games/coach").glob("*.py"))
)
SHARED_TEMPLATES = sorted(
    p
    for folder in ("core", "play", "review", "daily", "stats", "accounts")
    for p in (ROOT / "templates" / folder).rglob("*.html")
) + [ROOT / "templates/base.html", ROOT / "templates/404.html"]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def names_in(source: str) -> list[str]:
    """Every identifier, imported module and string (not a docstring) that names a game."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""]
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif (
            isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
        ):
            words = [node.value]
        found += [word for word in words if NAMED.search(word)]
    return found


def test_the_check_catches_a_name_switch():
    assert names_in('if game == "magdagdon":\n    pass\n') == ["magdagdon"]
    assert names_in("from games.rules import ishido\n") == ["ishido"]
    assert names_in('def f():\n    """MISHIMASH\'s turns, for example."""\n') == []


@pytest.mark.parametrize("path", SHARED_PYTHON, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_python_names_no_game(path):
    assert names_in(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", SHARED_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_templates_name_no_game(path):
    code = re.sub(r"{#.*?#}|{% comment %}.*?{% endcomment %}", "", path.read_text(), flags=re.S)
    assert NAMED.findall(code) == []
