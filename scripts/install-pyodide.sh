#!/usr/bin/env bash
# Installs Pyodide (npm, the one version pinned here) and the micropip wheel its lock file
# names into .cache/pyodide/: tests/test_lite_pyodide.py runs the generated xlwings Lite
# main.py in Pyodide, the add-in's Python. npm's pyodide carries no packages and the CDN
# that serves them need not be reachable, so micropip comes from PyPI. Without node this
# does nothing (that test skips). Safe to run again: nothing is fetched when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."
PYODIDE_VERSION=0.29.3
dir=.cache/pyodide
if ! command -v node >/dev/null 2>&1; then
  echo "install-pyodide.sh: no node, so no Pyodide (its test skips)" >&2
  exit 0
fi
package=$dir/node_modules/pyodide
lock=$package/pyodide-lock.json
have=$(node -p "require('./$package/package.json').version" 2>/dev/null || true)
if [ "$have" != "$PYODIDE_VERSION" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --silent \
    "pyodide@$PYODIDE_VERSION"
fi
wheel=$(node -p "require('./$lock').packages.micropip.file_name")
if [ ! -f "$dir/wheels/$wheel" ]; then
  version=$(node -p "require('./$lock').packages.micropip.version")
  python=$(node -p "require('./$lock').info.python.split('.').slice(0, 2).join('.')")
  pip_python=.venv/bin/python
  [ -x "$pip_python" ] || pip_python=python3
  "$pip_python" -m pip download -q --disable-pip-version-check --no-deps \
    --only-binary=:all: --platform any --implementation py --abi none \
    --python-version "$python" -d "$dir/wheels" "micropip==$version"
  test -f "$dir/wheels/$wheel"
fi
