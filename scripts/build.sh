#!/usr/bin/env bash
# Builds every shipped workbook into dist/ (sets up .venv first when needed).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/workbook-builder build "$@"
