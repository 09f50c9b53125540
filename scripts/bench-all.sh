#!/usr/bin/env bash
# `npm run bench`: builds, then runs every bench/*.ts script that prints a
# figure (helpers such as bench/load.ts are skipped), one after another.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent build
status=0
for script in bench/*.ts; do
  case "$script" in bench/load.ts) continue ;; esac
  echo
  echo "══ $script ══"
  node --import tsx "$script" || { status=$?; echo "✗ $script failed" >&2; }
done
exit $status
