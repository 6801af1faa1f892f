"""The binding rule pages live in the repository (docs/rules/, with the client's original
documents in docs/rules/originals/): every rule number on them is cited by a test, and the
site's rules pages name the page they follow."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
PAGES = {"magdagdon": "M", "mishimash": "X", "ishido": "I"}


def rule_numbers(game: str) -> list[str]:
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    return re.findall(rf"^- ({PAGES[game]}\d+)\.", text, re.M)


def test_the_rule_pages_and_the_originals_are_in_the_repository():
    assert sorted(p.name for p in RULES.glob("*.md")) == sorted(f"{g}.md" for g in PAGES)
    originals = list((RULES / "originals").glob("*.txt"))
    assert len(originals) == 4 and all(p.stat().st_size > 500 for p in originals)


@pytest.mark.parametrize("game", PAGES)
def test_every_rule_number_is_cited_by_a_test(game):
    numbers = rule_numbers(game)
    assert numbers == [f"{PAGES[game]}{n}" for n in range(1, len(numbers) + 1)]
    tests = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")
        if p.name != "test_rule_pages.py"
    )  # fmt: skip
    letter = PAGES[game]
    cited = set(re.findall(rf"(?<![A-Za-z0-9])({letter}\d+)(?![0-9])", tests))
    for low, high in re.findall(rf"(?<![A-Za-z0-9]){letter}(\d+)[–-]{letter}?(\d+)", tests):
        cited |= {f"{letter}{n}" for n in range(int(low), int(high) + 1)}  # "I7–I9"
    missing = [n for n in numbers if n not in cited]
    assert not missing, f"no test cites {missing}"


@pytest.mark.parametrize("game", PAGES)
@pytest.mark.parametrize("language", ["en", "hu", "sk", "ar"])
def test_the_sites_rules_pages_name_the_page_they_follow(game, language):
    page = (ROOT / "templates" / "rules" / f"{game}.{language}.html").read_text(encoding="utf-8")
    assert f"docs/rules/{game}.md" in page


def test_nothing_in_the_repository_points_outside_it():
    """The repository stands alone: no path to a sibling folder or to this machine's."""
    outside = re.compile(r"\.\./" + "shared|/" + "work/")
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    hits = [
        name
        for name in tracked
        if (ROOT / name).is_file()
        and outside.search((ROOT / name).read_text(encoding="utf-8", errors="ignore"))
    ]
    assert not hits
