"""The settings refuse what they cannot understand, write nothing when imported, and with
production values pass Django's deployment checklist without a single warning."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k3Y-" + "x7Qp9Lm2Zr5Tv8Wn4Bc6Hd1Jf0Gs3Ka" * 2


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "cubiri.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("value", ["ture", "2", "enabled", "nope"])
def test_an_unknown_yes_no_value_stops_with_a_clear_error(value):
    result = run_python("import cubiri.settings", DEBUG=value, SECRET_KEY=STRONG_KEY)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert f"DEBUG='{value}' is not a yes/no value" in result.stderr


@pytest.mark.parametrize("value, debug", [("1", True), ("yes", True), ("0", False), ("off", False)])
def test_known_yes_no_values_are_read(value, debug):
    code = "import cubiri.settings as s; print(s.DEBUG)"
    result = run_python(code, DEBUG=value, SECRET_KEY=STRONG_KEY)
    assert result.stdout.strip() == str(debug), result.stderr


def test_importing_the_settings_writes_no_secret_key_file(tmp_path):
    missing = tmp_path / "no-key-here"
    result = run_python("import cubiri.settings", SECRET_KEY_FILE=str(missing))
    assert result.returncode != 0
    assert "No SECRET_KEY" in result.stderr and "scripts/run" in result.stderr
    assert not missing.exists()
    assert list(tmp_path.iterdir()) == []


def test_the_key_file_made_by_the_setup_command_is_read(tmp_path):
    key_file = tmp_path / "key"
    key_file.write_text(STRONG_KEY + "\n")
    code = "import cubiri.settings as s; print(s.SECRET_KEY)"
    result = run_python(code, SECRET_KEY_FILE=str(key_file))
    assert result.stdout.strip() == STRONG_KEY


def test_the_setup_command_creates_the_key_file():
    setup = (ROOT / "scripts" / "_setup.sh").read_text()
    assert "secrets.token_urlsafe(50)" in setup and "> .secret_key" in setup
    assert "umask 077" in setup


def test_production_settings_pass_check_deploy_with_no_warning(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT,
        env={
            "PATH": os.environ["PATH"],  # production: nothing of the test environment
            "SECRET_KEY": STRONG_KEY,
            "SECURE_COOKIES": "1",
            "ALLOWED_HOSTS": "cubiri.example",
            "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_without_https_check_deploy_names_the_missing_https_settings(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env={**os.environ, "SECRET_KEY": STRONG_KEY, "SECURE_COOKIES": "0"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "security.W004" in result.stderr + result.stdout  # no HSTS over plain HTTP
    assert "security.W008" in result.stderr + result.stdout
