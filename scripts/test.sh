#!/usr/bin/env bash
# Runs every check: lint (ruff), types (mypy --strict), and the test suite,
# which recalculates the generated workbooks in LibreOffice and runs the xlwings Lite
# module in Pyodide (both installed here when missing); IronCalc and HyperFormula
# recalculate them too (tests/test_engines.py), and Chromium drives the club desk
# (tests/test_desk.py, Playwright, on a site it builds).
# --fast: the edit-test loop's subset (no full build, no spreadsheet program, no fresh
# environment; see tests/conftest.py); other arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [[ " $* " != *" --fast "* ]]; then
  bash scripts/install-libreoffice.sh
  bash scripts/install-pyodide.sh
  bash scripts/install-hyperformula.sh
  bash scripts/install-chromium.sh
fi
.venv/bin/ruff check .
.venv/bin/mypy
exec .venv/bin/python -m pytest "$@"
