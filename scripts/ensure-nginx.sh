#!/usr/bin/env bash
# Finds nginx for the multi-instance tests and bench (test/scale, bench/scale-instances.ts),
# installing Debian's package when it is missing and we may (root with apt-get).
# Prints the path on success; exits non-zero with the fix otherwise.
# Search order: $NGINX_PATH, /usr/sbin/nginx, nginx on PATH.
set -euo pipefail

find_nginx() {
  if [[ -n "${NGINX_PATH:-}" ]]; then
    [[ -x "$NGINX_PATH" ]] && { echo "$NGINX_PATH"; return 0; }
    echo "ensure-nginx: NGINX_PATH=$NGINX_PATH is not an executable file." >&2
    return 2
  fi
  local candidate
  for candidate in /usr/sbin/nginx "$(command -v nginx || true)"; do
    [[ -n "$candidate" && -x "$candidate" ]] && { echo "$candidate"; return 0; }
  done
  return 1
}

status=0
path=$(find_nginx) || status=$?
if [[ $status -eq 0 ]]; then
  echo "$path"
  exit 0
fi
[[ $status -eq 2 ]] && exit 1

if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-nginx: nginx not found; installing Debian's nginx-light (a few seconds)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  # Installed only as a program: the tests start their own nginx with their own config. The
  # package's service is kept from starting (policy-rc.d), so nothing is left listening on port 80.
  policy=/usr/sbin/policy-rc.d made_policy=0
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made_policy=1; fi
  installed=0
  apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends nginx-light >&2 && installed=1
  [[ $made_policy -eq 1 ]] && rm -f "$policy"
  if [[ $installed -eq 1 ]]; then
    path=$(find_nginx) && { echo "$path"; exit 0; }
  fi
  echo "ensure-nginx: installing nginx with apt-get failed (see above)." >&2
  exit 1
fi

cat >&2 <<'MSG'
ensure-nginx: nginx is needed for the multi-instance tests (test/scale) and was not found.
  On Debian or Ubuntu, as root:   apt-get update && apt-get install -y nginx-light
  Or point to an installed nginx:   export NGINX_PATH=/path/to/nginx
MSG
exit 1
