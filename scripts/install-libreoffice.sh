#!/usr/bin/env bash
# Installs LibreOffice Calc (headless), its Python bridge (python3-uno, for the typing
# benchmark), Gnumeric's ssconvert, pdftoppm and pdftotext, and a Japanese font when
# missing: the tests recalculate the generated workbooks in two real spreadsheet programs,
# render them to PNG and read their printed text back, and without a Japanese font
# LibreOffice draws every Japanese word as boxes. Safe to run again: nothing is installed
# when everything is there.
set -euo pipefail
packages=()
command -v soffice >/dev/null 2>&1 || packages+=(libreoffice-calc-nogui)
# a Japanese font, whatever else is there (render refuses to draw pictures without one)
if ! command -v fc-list >/dev/null 2>&1; then
  packages+=(fontconfig fonts-noto-cjk)
elif [ -z "$(fc-list :lang=ja family)" ]; then
  packages+=(fonts-noto-cjk)
fi
command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 \
  || packages+=(poppler-utils)
command -v ssconvert >/dev/null 2>&1 || packages+=(gnumeric)
/usr/bin/python3 -c "import uno" >/dev/null 2>&1 || packages+=(python3-uno)
. "${BASH_SOURCE%/*}/apt-install.sh" ${packages[@]+"${packages[@]}"}
