#!/usr/bin/env bash
# Installs the Debian packages named as arguments (nothing when there are none), as root
# or through sudo: the one apt-get step the install scripts share (they source it).
set -euo pipefail
[ $# -eq 0 ] && exit 0
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
