#!/usr/bin/env bash
# `npm run bench`: builds, then runs every figure script bench/<figure>.ts one
# after another, and ends with a summary of the goals: each bench prints a
# line "GOAL <id> | what | figure and same-run baseline | limit | load | met"
# (bench/lib/goal.ts), gathered here in goal order. Helpers are not run:
# bench/lib/** and files named <figure>.<part>.ts(x) (e.g. markdown-stream.answer.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent build
status=0
output=$(mktemp)
trap 'rm -f "$output"' EXIT
for script in bench/*.ts; do
  name=$(basename "$script" .ts)
  [[ $name == *.* ]] && continue
  echo
  echo "══ $script ══"
  node --import tsx "$script" | tee -a "$output" || { status=$?; echo "✗ $script failed" >&2; }
done
echo
echo "══ goals ══"
grep '^GOAL ' "$output" | sort -t' ' -k2,2n | sed 's/^GOAL /goal /' || echo "no goal lines printed"
exit $status
