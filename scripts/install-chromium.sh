#!/usr/bin/env bash
# Installs Debian's Chromium and the Japanese fonts when missing: tests/test_desk.py drives
# the club desk in a real browser with Playwright (PyPI, in .venv), pointed at
# /usr/bin/chromium since Playwright's own browser download need not be reachable. Safe to
# run again: nothing is installed when everything is there.
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || packages+=(fonts-noto-cjk)
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
