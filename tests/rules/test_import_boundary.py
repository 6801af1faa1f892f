"""The rules and the coaches are pure Python: importing every module of them loads no Django;
and nothing in the site imports the offline training (training/)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import games.coach
import games.rules

PACKAGES = (games.rules, games.coach)


def modules() -> list[str]:
    return [
        info.name
        for package in PACKAGES
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    ]


def test_every_rules_and_coach_module_imports_without_django():
    names = modules()
    assert {"games.coach.mishimash", "games.coach.ishido", "games.rules.mishimash"} <= set(names)
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}: importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(loaded)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


SITE = Path(__file__).resolve().parents[2] / "games"


def imported(path: Path) -> set[str]:
    """The modules a source file imports (absolute names; relative imports as written)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_nothing_in_the_site_imports_the_offline_training():
    offenders = [
        str(path.relative_to(SITE.parent))
        for path in sorted(SITE.rglob("*.py"))
        if any(name == "training" or name.startswith("training.") for name in imported(path))
    ]
    assert offenders == []
