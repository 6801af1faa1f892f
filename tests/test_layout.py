"""The layout of the suite: every shared helper lives in tests/support/, so no file under tests/
(test modules, conftest.py files, helpers) imports from another `tests.` module than
`tests.support…`. A test module or a conftest.py is never a library for another file."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(line, module) for every import in the file, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module == "tests":  # `from tests import x` names the module tests.x
                found += [(node.lineno, f"tests.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, module))
    return found


def is_shared(module: str) -> bool:
    return module == "tests.support" or module.startswith("tests.support.")


def test_files_under_tests_import_only_tests_support_from_the_suite():
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, module in imported(path)
        if (module == "tests" or module.startswith("tests.")) and not is_shared(module)
    ]
    assert not wrong, "import shared helpers from tests/support/ only:\n" + "\n".join(wrong)


def test_the_layout_check_sees_every_kind_of_import(tmp_path):
    """The check itself: absolute, `from tests import`, relative and in-function imports."""
    folder = tmp_path / "tests" / "game"
    folder.mkdir(parents=True)
    sample = folder / "conftest.py"
    sample.write_text(
        "import tests"
        ".rules.reference\n"  # split, so that a grep of the suite skips it
        "from tests import conftest\n"
        "from .test_play import start\n"
        "from ..support.games import set_state\n"
        "def helper():\n"
        "    from tests"
        ".core.test_daily import play_out\n"
    )
    modules = [module for _, module in imported(sample, root=tmp_path)]
    assert modules == [
        "tests.rules.reference",
        "tests.conftest",
        "tests.game.test_play",
        "tests.support.games",
        "tests.core.test_daily",
    ]
    assert [is_shared(module) for module in modules] == [False, False, False, True, False]
