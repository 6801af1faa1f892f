"""axe-core in the browser tests: the accessibility engine the `axe-playwright-python` package
ships (its axe.min.js, read from the installed package: test-only, never served to players),
run on a page, its serious and critical violations listed in words a person can act on."""

from functools import cache
from pathlib import Path

import axe_playwright_python

SERIOUS = {"serious", "critical"}


@cache
def axe_script() -> str:
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def serious_violations(page) -> list[str]:
    """Each serious or critical violation of WCAG 2 A/AA (and axe's best practices) on the
    page as it stands: "rule: what, at selector (html)"."""
    # Read the page as it rests: a swap's fading content, mid-transition, reads as low contrast.
    page.wait_for_function(
        "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
        " && document.getAnimations().every(a => a.playState !== 'running')"
    )
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_script())
    results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    found = []
    for violation in results["violations"]:
        if violation["impact"] not in SERIOUS:
            continue
        for node in violation["nodes"]:
            target = " ".join(map(str, node["target"]))
            found.append(
                f"{violation['id']} ({violation['impact']}): {violation['help']} "
                f"at {target}: {node['html'][:160]} | {node.get('failureSummary', '')[:200]}"
            )
    return found
