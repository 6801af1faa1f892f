"""Production static files: our stylesheets and scripts are minified before hashing (a
phone's first load stays under 30 KB), third-party files are served as they come, and every
hashed copy holds the whole file."""

import json
import os
import subprocess
import sys
from pathlib import Path

from cubiri.storage import minified

ROOT = Path(__file__).resolve().parents[2]


def test_only_our_css_and_js_are_minified():
    css = "/* a comment */\n.a {\n  color: red;\n}\n"
    assert minified("css/site.css", css) == ".a{color:red}"
    assert minified("js/site.js", "// note\nvar a = 1;\n") == "var a=1;"
    assert minified("django_htmx/htmx-2.min.js", "var a = 1;") is None
    assert minified("admin/css/base.css", css) is None
    assert minified("img/favicon.svg", "<svg/>") is None


def test_collectstatic_writes_whole_minified_hashed_copies(tmp_path):
    env = {**os.environ, "STATIC_ROOT": str(tmp_path), "DEBUG": "0", "PLAIN_STATIC": "0"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT, env=env, check=True, timeout=300,
    )  # fmt: skip
    paths = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    source = (ROOT / "static" / "css" / "site.css").read_text()
    served = (tmp_path / paths["css/site.css"]).read_text()
    assert "/*" in source and "/*" not in served
    assert 0 < len(served) < len(source) * 0.8
    assert "--accent" in served and ".ending" in served  # nothing lost but space
    assert (tmp_path / (paths["css/site.css"] + ".gz")).exists()
    script = (tmp_path / paths["js/site.js"]).read_text()
    assert "[data-share]" in script and "//" not in script.replace("://", "")
    htmx = next(name for name in paths if name.startswith("django_htmx/htmx-2.min"))
    assert (tmp_path / paths[htmx]).stat().st_size > 40_000  # as it comes


def test_sounds_are_served_as_audio(client):
    """Issue 30, 13: the sounds went out as application/octet-stream."""
    response = client.get("/static/sound/place.wav")
    assert response.status_code == 200
    assert response["Content-Type"] == "audio/wav"
