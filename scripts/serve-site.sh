#!/usr/bin/env bash
# Serves the club desk (site/, built by scripts/build.sh) at http://127.0.0.1:8000/ on this
# machine only; another port: bash scripts/serve-site.sh 8080.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f site/index.html ] || { echo "serve-site.sh: no site/ yet: run bash scripts/build.sh" >&2; exit 1; }
exec python3 -m http.server --bind 127.0.0.1 --directory site "${1:-8000}"
