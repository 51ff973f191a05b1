#!/usr/bin/env bash
# Installs Debian's Chromium and the Japanese fonts when missing: tests/test_desk.py drives
# the club desk in a real browser with Playwright (PyPI, in .venv), pointed at
# /usr/bin/chromium since Playwright's own browser download need not be reachable. Safe to
# run again: nothing is installed when everything is there.
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
# a Japanese font, as install-libreoffice.sh checks it (the desk's pictures need one)
if ! command -v fc-list >/dev/null 2>&1; then
  packages+=(fontconfig fonts-noto-cjk)
elif [ -z "$(fc-list :lang=ja family)" ]; then
  packages+=(fonts-noto-cjk)
fi
. "${BASH_SOURCE%/*}/apt-install.sh" ${packages[@]+"${packages[@]}"}
