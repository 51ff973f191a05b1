#!/usr/bin/env bash
# Runs every check: lint (ruff), types (mypy --strict), and the test suite,
# which recalculates the generated workbooks in LibreOffice (installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/install-libreoffice.sh
bash scripts/install-hyperformula.sh
.venv/bin/ruff check .
.venv/bin/mypy
exec .venv/bin/python -m pytest "$@"
