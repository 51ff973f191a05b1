#!/usr/bin/env bash
# Installs LibreOffice Calc (headless), Gnumeric's ssconvert and pdftoppm when missing:
# the tests recalculate the generated workbooks in two real spreadsheet programs and
# render them to PNG. Safe to run again: nothing is installed when all three are there.
set -euo pipefail
packages=()
command -v soffice >/dev/null 2>&1 || packages+=(libreoffice-calc-nogui fonts-noto-cjk)
command -v pdftoppm >/dev/null 2>&1 || packages+=(poppler-utils)
command -v ssconvert >/dev/null 2>&1 || packages+=(gnumeric)
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
