#!/usr/bin/env bash
# Builds every shipped workbook into dist/ (sets up .venv first when needed), then the club
# desk, the static site, into site/ (desk/build_site.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/workbook-builder build "$@"
exec .venv/bin/python desk/build_site.py
