#!/usr/bin/env bash
# Redraws every picture in docs/img with LibreOffice: each sheet (render), what an
# upright phone shows of a ledger, a personal sheet and a four-player ledger (--phone),
# a How to sheet on a phone (--phone --howto), and the club desk step by step at phone
# width (desk/pictures.py, in Chromium). The README shows them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/install-libreoffice.sh
./workbook-builder render
./workbook-builder render --phone templates/ledger_tokin_ja.toml templates/tokin_ja.toml \
  templates/yonin_ledger_ja.toml
./workbook-builder render --phone --howto templates/ledger_tokin_ja.toml
# the club desk at phone width, step by step (Chromium; desk/pictures.py)
bash scripts/install-chromium.sh
.venv/bin/python desk/pictures.py
