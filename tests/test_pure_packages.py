"""The rules and the coaches are pure Python: importing every module of `games.rules` and
`games.coach` in a fresh interpreter loads no Django (STYLE: the rules package; issue 12: the
engines), so engines, benchmarks and scripts run without the web layer."""

from __future__ import annotations

import subprocess
import sys

import pytest

IMPORT_ALL = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
names = [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in names:
    importlib.import_module(name)
print(len(names))
print(" ".join(sorted(m for m in sys.modules if m == "django" or m.startswith("django."))))
"""


@pytest.mark.parametrize("package", ["games.rules", "games.coach"])
def test_the_package_imports_no_django(package):
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL, package], capture_output=True, text=True, check=True
    )
    modules, django = done.stdout.split("\n")[:2]
    assert int(modules) >= 1
    assert django == ""
