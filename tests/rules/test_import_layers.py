"""The site's modules import in one direction: rules → coach → core → game apps, game apps
never each other, and no two modules import each other, even through others (module-level
imports, as Python runs them; `from package import module` depends on that module)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("games.magdagdon", "games.mishimash", "games.ishido")


def modules() -> dict[str, Path]:
    found = {}
    for path in (ROOT / "games").rglob("*.py"):
        if "migrations" in path.parts:
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found[name] = path
    return found


def graph() -> dict[str, set[str]]:
    """Each module and the modules it imports at load time (not under TYPE_CHECKING)."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        deps = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                deps |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                subs = {f"{node.module}.{a.name}" for a in node.names} & known.keys()
                deps |= subs or {node.module}
        edges[name] = {dep for dep in deps if dep in known and dep != name}
    return edges


def layer(name: str) -> int:
    for number, prefix in enumerate(("games.rules", "games.coach", "games.core")):
        if name.startswith(prefix):
            return number
    return 3


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in edges:
        if node not in index:
            visit(node)
    return found


def test_the_check_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_itself_through_others():
    assert cycles(graph()) == []


def test_no_import_runs_up_a_layer():
    upward = [(a, b) for a, deps in graph().items() for b in deps if layer(b) > layer(a)]
    assert upward == []


def test_game_apps_never_import_each_other():
    crossing = [
        (a, b)
        for a, deps in graph().items()
        for b in deps
        if any(a.startswith(x) and b.startswith(y) for x in APPS for y in APPS if x != y)
    ]
    assert crossing == []
