#!/usr/bin/env bash
# Finds Chromium for the browser and end-to-end tests, installing Debian's
# package when it is missing and we may (root with apt-get). Prints the path
# on success; exits non-zero with the fix otherwise. With Chromium it installs
# fonts-noto-cjk (also when Chromium is already there): screenshots show Chinese
# text, and the look tests measure it.
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

# The look tests measure how Chinese titles wrap, which needs real CJK glyphs (without
# a CJK font Chromium draws narrow boxes and a two-line title fits on one line).
has_cjk_font() { [[ -n $(fc-list :lang=zh 2>/dev/null | head -1) ]]; }

ensure_cjk_font() {
  has_cjk_font && return 0
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "ensure-chromium: no CJK font; installing fonts-noto-cjk..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >&2 && return 0
  fi
  echo "ensure-chromium: no CJK font found; the tests that measure Chinese text need one: apt-get install -y fonts-noto-cjk" >&2
  return 1
}

status=0
path=$(find_chromium) || status=$?
if [[ $status -eq 0 ]]; then
  ensure_cjk_font
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
