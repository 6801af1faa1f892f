# Shared by scripts/run and scripts/test: find Python >= 3.12, make .venv, install the project.
# Usage: source scripts/_setup.sh "<pip extras, e.g. [dev] or empty>"
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

python_ok() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; }

find_python() {
  local candidate
  for candidate in python3.13 python3.12 python3 python; do
    if command -v "$candidate" >/dev/null && python_ok "$(command -v "$candidate")"; then
      command -v "$candidate"; return 0
    fi
  done
  local root="${PYENV_ROOT:-$HOME/.pyenv}"
  command -v pyenv >/dev/null && root="$(pyenv root)"
  for candidate in "$root"/versions/3.13*/bin/python "$root"/versions/3.12*/bin/python; do
    if [ -x "$candidate" ] && python_ok "$candidate"; then echo "$candidate"; return 0; fi
  done
  return 1
}

if [ ! -x .venv/bin/python ] || ! python_ok .venv/bin/python; then
  if ! PYTHON="$(find_python)"; then
    echo "CUBIRI needs Python 3.12 or newer (Django 6). Install it, e.g. 'apt-get install python3.12'" >&2
    echo "or 'pyenv install 3.12', then run this command again." >&2
    exit 1
  fi
  echo "Creating .venv with $PYTHON"
  rm -rf .venv
  "$PYTHON" -m venv .venv
fi
# Install only when the project's requirements (or the extras asked for) changed since the last
# install: a restart of scripts/run comes up in seconds, without asking the package index.
stamp=".venv/.installed${1:-}"
wanted="$(cat pyproject.toml)"
installed() { [ -f "$1" ] && [ "$(cat "$1")" = "$wanted" ]; }
# The [dev] install includes the plain one.
if ! installed "$stamp" && ! { [ -z "${1:-}" ] && installed ".venv/.installed[dev]"; }; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${1:-}"
  printf '%s' "$wanted" > "$stamp"
fi
# The key that signs session cookies: made once, kept (the settings only read it).
if [ -z "${SECRET_KEY:-}" ] && [ ! -s .secret_key ]; then
  (umask 077 && .venv/bin/python -c 'import secrets; print(secrets.token_urlsafe(50))' > .secret_key)
fi
.venv/bin/python manage.py compiletranslations
