#!/usr/bin/env bash
# Creates .venv and installs the project with its dev tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  # pip older than 21.3 cannot install this project in editable mode; a newer one is
  # left alone (upgrading costs seconds on every fresh clone).
  if ! .venv/bin/python -c 'import sys, pip; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (21, 3))'; then
    .venv/bin/python -m pip install -q --upgrade pip
  fi
  # --no-compile: byte-compiling every installed file (SciPy's thousands) takes a
  # third of the install; Python compiles the modules it imports when it imports them.
  .venv/bin/python -m pip install -q --no-compile -e '.[dev]'
  rm -f .venv/.installed-*
  touch "$stamp"
fi
