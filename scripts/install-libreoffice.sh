#!/usr/bin/env bash
# Installs LibreOffice Calc (headless) and pdftoppm when missing: the tests recalculate
# the generated workbooks in a real spreadsheet program and render them to PNG.
set -euo pipefail
if command -v soffice >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  libreoffice-calc-nogui poppler-utils fonts-noto-cjk >/dev/null
