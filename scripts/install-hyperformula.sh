#!/usr/bin/env bash
# Installs HyperFormula (npm, exact version) into .cache/hyperformula for the engine
# oracle tests (tests/test_engines.py). Safe to run again; does nothing without node/npm.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=3.5.0
dir=.cache/hyperformula
if ! command -v npm >/dev/null 2>&1; then
  echo "npm not found: the HyperFormula tests will be skipped" >&2
  exit 0
fi
if [ -f "$dir/node_modules/hyperformula/package.json" ] &&
   grep -q "\"version\": \"$VERSION\"" "$dir/node_modules/hyperformula/package.json"; then
  exit 0
fi
mkdir -p "$dir"
npm install --prefix "$dir" --no-save --no-audit --no-fund --silent "hyperformula@$VERSION"
