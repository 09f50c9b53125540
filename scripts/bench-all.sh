#!/usr/bin/env bash
# `npm run bench`: builds, then runs every figure script bench/<figure>.ts one
# after another. Helpers are not run: bench/lib/** and files named
# <figure>.<part>.ts(x) (e.g. markdown-stream.answer.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent build
status=0
for script in bench/*.ts; do
  name=$(basename "$script" .ts)
  [[ $name == *.* ]] && continue
  echo
  echo "══ $script ══"
  node --import tsx "$script" || { status=$?; echo "✗ $script failed" >&2; }
done
exit $status
