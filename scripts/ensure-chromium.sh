#!/usr/bin/env bash
# Finds Chromium for the browser and end-to-end tests, installing Debian's
# package when it is missing and we may (root with apt-get). Prints the path
# on success; exits non-zero with the fix otherwise. With Chromium it installs
# fonts-noto-cjk, so Chinese text is legible in screenshots (tests pass without it).
# Search order (keep in step with scripts/chromium.mjs): $CHROME_PATH,
# /usr/bin/chromium, /usr/bin/chromium-browser, chromium / chromium-browser on PATH.
set -euo pipefail

find_chromium() {
  if [[ -n "${CHROME_PATH:-}" ]]; then
    [[ -x "$CHROME_PATH" ]] && { echo "$CHROME_PATH"; return 0; }
    echo "ensure-chromium: CHROME_PATH=$CHROME_PATH is not an executable file." >&2
    return 2
  fi
  local candidate
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser "$(command -v chromium || true)" "$(command -v chromium-browser || true)"; do
    [[ -n "$candidate" && -x "$candidate" ]] && { echo "$candidate"; return 0; }
  done
  return 1
}

status=0
path=$(find_chromium) || status=$?
if [[ $status -eq 0 ]]; then
  echo "$path"
  exit 0
fi
[[ $status -eq 2 ]] && exit 1

if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-chromium: Chromium not found; installing Debian's chromium and a CJK font (about a minute)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq >&2 && apt-get install -y -qq chromium fonts-noto-cjk >&2; then
    path=$(find_chromium) && { echo "$path"; exit 0; }
  fi
  echo "ensure-chromium: installing chromium with apt-get failed (see above)." >&2
  exit 1
fi

cat >&2 <<'MSG'
ensure-chromium: Chromium is needed for the browser and end-to-end tests, and was not found.
  On Debian or Ubuntu, as root:   apt-get update && apt-get install -y chromium
  Or point to an installed Chromium or Chrome:   export CHROME_PATH=/path/to/chromium
MSG
exit 1
