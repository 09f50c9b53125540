#!/usr/bin/env bash
# `npm test`: everything CI checks, in order, stopping at the first failure.
#   1. Chromium present (installed on a fresh machine when we are root)
#   2. type-check (front end + browser tests; server + node tests + e2e + bench)
#   3. lint (ESLint: typescript-eslint rules and the import boundaries of docs/architecture.md;
#      scripts/check-history.mjs: no project history in README, docs, comments or test names)
#   4. format check (Prettier, .prettierrc.json; `npm run format` fixes it)
#   5. build (server with tsc, front end with rollup), then no runtime import cycle in the
#      built server (scripts/check-import-cycles.mjs)
#   6. server tests on SQLite and on PostgreSQL (127.0.0.1:5432, database test), side by side
#      (slapd, for the LDAP sign-on tests, installed first by scripts/ensure-slapd.sh when missing)
#   6b. scale tests: three server processes behind nginx (installed from Debian when missing,
#      scripts/ensure-nginx.sh) on PostgreSQL, Redis (127.0.0.1:6379) and s3rver (test/scale)
#   7. browser tests (@web/test-runner in Chromium)
#   8. end-to-end flows (playwright-core driving the built app against the real server)
# The last line is "N passed, N failed" summed over all suites (CI reads it);
# a failing step that runs no tests (type-check, build, set-up) counts as 1 failed.
# ZX_TEST_CONCURRENCY: how many server test files node:test runs at once per database
# (default 2). The SQLite and PostgreSQL server suites run side by side: a server test file
# waits on its database, timers and child processes as much as it computes, and the
# PostgreSQL suite's work is mostly in PostgreSQL's own processes. On the 2-core machine, 2 at a
# time on each database side by side took 400 s for both (SQLite 349 s, PostgreSQL 400 s),
# where one after the other at 3 took 296 + 373 s.
# The end-to-end suite runs 2 files at a time (each has its own server, data folder and
# browser; at 1 it used under half the machine): 220 s against 477 s. The scale suite
# (three servers behind nginx) stays at 1.
set -uo pipefail
cd "$(dirname "$0")/.."

PASSED=0
FAILED=0
SUMMARY=()
FAILURES=() # the failing tests' names, printed under the summary (CI shows only the end of the log)
LOG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/zx-test.XXXXXX")
trap 'rm -rf "$LOG_DIR"' EXIT
BIN=node_modules/.bin
SERVER_CONCURRENCY=${ZX_TEST_CONCURRENCY:-2}
E2E_CONCURRENCY=2

now() { date +%s; }

finish() {
  echo
  echo "── summary ──"
  printf '%s\n' "${SUMMARY[@]}"
  if [[ ${#FAILURES[@]} -gt 0 ]]; then
    echo "── failing tests ──"
    printf '%s\n' "${FAILURES[@]}"
  fi
  echo "$PASSED passed, $FAILED failed"
  if [[ $FAILED -gt 0 ]]; then exit 1; fi
  exit 0
}

stop_here() {
  echo "✗ $1 failed; stopping here." >&2
  finish
}

# step NAME COMMAND...: runs a step that has no test count of its own.
step() {
  local name=$1 start
  shift
  echo
  echo "══ $name ══"
  start=$(now)
  if "$@"; then
    SUMMARY+=("ok    $name ($(($(now) - start)) s)")
  else
    SUMMARY+=("FAIL  $name ($(($(now) - start)) s)")
    FAILED=$((FAILED + 1))
    stop_here "$name"
  fi
}

log_of() { echo "$LOG_DIR/$(echo "$1" | tr -c 'a-zA-Z0-9' _).log"; }

# tally NAME KIND STATUS SECONDS: adds the counts in NAME's log to the totals;
# returns non-zero when the suite failed or ran no test.
# KIND is "node" (node:test closing lines) or "wtr" (web-test-runner's "N passed, N failed").
tally() {
  local name=$1 kind=$2 status=$3 seconds=$4 log pass fail counts
  log=$(log_of "$name")
  if [[ $kind == node ]]; then
    pass=$(grep -aE '^(ℹ|#) pass [0-9]+$' "$log" | tail -1 | grep -oE '[0-9]+$' || true)
    fail=$(grep -aE '^(ℹ|#) (fail|cancelled) [0-9]+$' "$log" | tail -2 | awk '{ n += $3 } END { print n + 0 }')
  else
    counts=$(grep -aoE '[0-9]+ passed, [0-9]+ failed' "$log" | tail -1 || true)
    pass=$(echo "$counts" | grep -oE '^[0-9]+' || true)
    fail=$(echo "$counts" | grep -oE '[0-9]+ failed' | grep -oE '^[0-9]+' || true)
  fi
  pass=${pass:-0}
  fail=${fail:-0}
  if [[ $status -ne 0 && $fail -eq 0 ]]; then fail=1; fi # crashed before counting
  if [[ $status -eq 0 && $pass -eq 0 ]]; then
    status=1 fail=1
    echo "✗ $name ran no test." >&2
  fi
  PASSED=$((PASSED + pass))
  FAILED=$((FAILED + fail))
  if [[ $status -eq 0 ]]; then
    SUMMARY+=("ok    $name: $pass passed ($seconds s)")
  else
    SUMMARY+=("FAIL  $name: $pass passed, $fail failed ($seconds s)")
    failing_tests "$log"
  fi
  return "$status"
}

# failing_tests LOG: adds where the failed tests are and their names to FAILURES, at most
# 30 lines: node:test's closing "failing tests" list ("test at FILE:LINE", "✖ NAME") and
# web-test-runner's "❌ NAME" lines with the test file above them.
failing_tests() {
  local line
  while IFS= read -r line; do
    FAILURES+=("$line")
  done < <(sed 's/\x1b\[[0-9;]*[A-Za-z]//g' "$1" | awk '
    /✖ failing tests:/ { listing = 1; next }
    listing && (/^test at / || /^✖ /) { print; next }
    /❌/ || /^ *test\/[^ ]+\.test\.tsx?:$/ { sub(/^ +/, ""); print }
  ' | awk '!seen[$0]++' | head -30)
}

# suite NAME KIND COMMAND...: runs a test suite in the foreground and adds its counts.
suite() {
  local name=$1 kind=$2 start status=0
  shift 2
  echo
  echo "══ $name ══"
  start=$(now)
  "$@" 2>&1 | tee "$(log_of "$name")" || status=$?
  tally "$name" "$kind" "$status" "$(($(now) - start))" || stop_here "$name"
}

# suites_side_by_side NAME_A NAME_B KIND -- COMMAND_A... -- COMMAND_B...: runs two suites at
# once, each into its own log, then prints the logs one after the other and adds both counts.
suites_side_by_side() {
  local name_a=$1 name_b=$2 kind=$3 first=() start status_a=0 status_b=0 pid failed=0
  shift 4
  while [[ $1 != -- ]]; do first+=("$1"); shift; done
  shift
  echo
  echo "══ $name_a and $name_b, side by side ══"
  start=$(now)
  "${first[@]}" >"$(log_of "$name_a")" 2>&1 &
  pid=$!
  "$@" >"$(log_of "$name_b")" 2>&1 || status_b=$?
  wait "$pid" || status_a=$?
  local seconds=$(($(now) - start))
  echo "══ $name_a ══"
  cat "$(log_of "$name_a")"
  echo "══ $name_b ══"
  cat "$(log_of "$name_b")"
  tally "$name_a" "$kind" "$status_a" "$seconds" || failed=1
  tally "$name_b" "$kind" "$status_b" "$seconds" || failed=1
  if [[ $failed -ne 0 ]]; then stop_here "$name_a and $name_b"; fi
}

# Test files matching a glob, or nothing when there are none yet.
files() { compgen -G "$1" | sort || true; }

# The node suites (server, scale, end-to-end) run compiled: the type-check step emits
# tsconfig.node-tests.json into dist-tests/ (same depth as dist/, so the server finds its
# assets as the built server does), and plain node runs it. Loading the server through tsx
# cost each test file about 2.5 s more CPU (4.2-5.5 s against 2.1 s), with
# 83 files run on two databases. One test file runs from its source with
# `node --import tsx --test test/server/AREA/NAME.test.ts`.
NODE_TESTS=dist-tests

build_node_tests() {
  rm -rf "$NODE_TESTS"
  "$BIN/tsc" -p tsconfig.node-tests.json --noEmit false --outDir "$NODE_TESTS" || return 1
  # The .mjs helpers some tests import are not compiled: linked, so they run from their own place.
  local file
  mkdir -p "$NODE_TESTS/scripts"
  for file in scripts/*.mjs; do ln -s "../../$file" "$NODE_TESTS/$file"; done
}

# compiled GLOB: the compiled test files for a source glob (test/server/*/*.test.ts).
compiled() { files "$NODE_TESTS/${1%.ts}.js"; }

# --test-force-exit: a test file whose tests are all done exits even if something
# (a timer, a worker) is still holding its event loop, so one leaked handle cannot
# hang CI; --test-timeout bounds any single test at 10 minutes.
# node_test N FILES...: runs the files, N at a time.
node_test() {
  local at_once=$1
  shift
  node --enable-source-maps --test --test-reporter=spec --test-force-exit --test-timeout=600000 --test-concurrency="$at_once" "$@"
}

# on_database KIND COMMAND...: runs the command with the server tests pointed at sqlite or postgres.
on_database() {
  ZX_TEST_DB=$1 "${@:2}"
}

server_tests() {
  local list
  mapfile -t list < <(compiled 'test/server/*/*.test.ts')
  if [[ ${#list[@]} -eq 0 ]]; then
    SUMMARY+=("skip  server tests: no test/server/*/*.test.ts yet")
    return
  fi
  step "PostgreSQL" ensure_postgres
  # Once, before the two suites start side by side (two apt-get installs at once would fight over its lock).
  step "slapd" ensure_slapd
  suites_side_by_side "server tests (sqlite)" "server tests (postgres)" node \
    -- on_database sqlite node_test "$SERVER_CONCURRENCY" "${list[@]}" \
    -- on_database postgres node_test "$SERVER_CONCURRENCY" "${list[@]}"
}

redis_reachable() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }

ensure_redis() {
  if [[ -n ${ZX_TEST_REDIS_URL:-} ]]; then echo "Redis: ZX_TEST_REDIS_URL"; return 0; fi
  if redis_reachable; then echo "Redis: 127.0.0.1:6379"; return 0; fi
  if command -v redis-server >/dev/null; then
    echo "Redis is down; starting redis-server on 127.0.0.1:6379 (no persistence)..."
    redis-server --bind 127.0.0.1 --port 6379 --save '' --appendonly no --daemonize yes >/dev/null || true
    for _ in $(seq 1 20); do
      redis_reachable && { echo "Redis: 127.0.0.1:6379"; return 0; }
      sleep 0.25
    done
  fi
  echo "Redis is not reachable at 127.0.0.1:6379: apt-get install -y redis-server (or set ZX_TEST_REDIS_URL)." >&2
  return 1
}

# OpenLDAP's slapd for the LDAP sign-on tests: found (or installed) once here; test/support/slapd.ts
# runs scripts/ensure-slapd.sh too, which takes SLAPD_PATH as found.
ensure_slapd() {
  local path
  path=$(bash scripts/ensure-slapd.sh) || return 1
  export SLAPD_PATH=$path
  echo "slapd: $SLAPD_PATH"
}

ensure_nginx() {
  local path
  path=$(bash scripts/ensure-nginx.sh) || return 1
  export NGINX_PATH=$path
  echo "nginx: $NGINX_PATH"
}

# Three instances behind nginx (test/scale): their own schema, Redis prefix and store.
scale_tests() {
  local list
  mapfile -t list < <(compiled 'test/scale/*.test.ts')
  if [[ ${#list[@]} -eq 0 ]]; then
    SUMMARY+=("skip  scale tests: no test/scale/*.test.ts yet")
    return
  fi
  step "Redis" ensure_redis
  step "nginx" ensure_nginx
  suite "scale tests (3 instances)" node node_test 1 "${list[@]}"
}

e2e_tests() {
  local list
  mapfile -t list < <(compiled 'test/e2e/*.test.ts')
  if [[ ${#list[@]} -eq 0 ]]; then
    SUMMARY+=("skip  end-to-end tests: no test/e2e/*.test.ts yet")
    return
  fi
  suite "end-to-end tests" node node_test "$E2E_CONCURRENCY" "${list[@]}"
}

ensure_chromium() {
  local path
  path=$(bash scripts/ensure-chromium.sh) || return 1
  export CHROME_PATH=$path
  echo "Chromium: $CHROME_PATH"
}

postgres_reachable() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }

ensure_postgres() {
  if [[ -n ${ZX_TEST_DATABASE_URL:-} ]]; then echo "PostgreSQL: ZX_TEST_DATABASE_URL"; return 0; fi
  if postgres_reachable; then echo "PostgreSQL: 127.0.0.1:5432"; return 0; fi
  if command -v pg_ctlcluster >/dev/null && [[ -d /etc/postgresql ]]; then
    local version
    for version in $(ls /etc/postgresql); do
      echo "PostgreSQL is down; starting cluster $version/main..."
      pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    done
    for _ in $(seq 1 20); do
      postgres_reachable && { echo "PostgreSQL: 127.0.0.1:5432"; return 0; }
      sleep 0.5
    done
  fi
  cat >&2 <<'MSG'
PostgreSQL is not reachable at 127.0.0.1:5432. The server tests run on it too (database "test",
trust authentication for local connections). Start it with
  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start
or install it with: apt-get update && apt-get install -y postgresql
(or point the tests at another server: ZX_TEST_DATABASE_URL=postgres://user@host:5432/db)
MSG
  return 1
}

# both_ok CMD_A -- CMD_B: runs the two at once (2 cores); fails if either does.
both_ok() {
  local first=() status_a=0 status_b=0 pid
  while [[ $1 != -- ]]; do first+=("$1"); shift; done
  shift
  "${first[@]}" &
  pid=$!
  "$@" || status_b=$?
  wait "$pid" || status_a=$?
  [[ $status_a -eq 0 && $status_b -eq 0 ]]
}

typecheck() {
  # tsconfig.server.json is checked by the build step (its tsc fails on a type error).
  # The node tests' check is their compile (build_node_tests).
  both_ok "$BIN/tsc" -p tsconfig.json --noEmit -- build_node_tests
}

lint() {
  npm run --silent lint && node scripts/check-history.mjs
}

format_check() {
  npm run --silent format:check
}

build() {
  # `npm run build`, its two halves at once.
  both_ok npm run --silent build:server -- npm run --silent build:web -- --silent
}

browser_tests() {
  if [[ -z $(files 'test/browser/**/*.test.ts*'; files 'test/browser/*.test.ts*') ]]; then
    echo "no browser tests"
    return 1
  fi
  "$BIN/wtr"
}

TOTAL_START=$(now)
step "Chromium" ensure_chromium
step "type-check" typecheck
step "lint" lint
step "format check" format_check
step "build" build
step "import cycles" node scripts/check-import-cycles.mjs
server_tests
scale_tests
suite "browser tests" wtr browser_tests
e2e_tests
SUMMARY+=("total $(($(now) - TOTAL_START)) s")
finish
