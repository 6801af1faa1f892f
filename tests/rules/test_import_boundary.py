"""The rules and the coaches are pure Python: importing every module of them loads no Django."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import games.coach
import games.rules

PACKAGES = (games.rules, games.coach)


def modules() -> list[str]:
    return [
        f"{package.__name__}.{info.name}"
        for package in PACKAGES
        for info in pkgutil.iter_modules(package.__path__)
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
