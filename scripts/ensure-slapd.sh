#!/usr/bin/env bash
# Finds OpenLDAP's slapd for the LDAP sign-on tests (test/support/slapd.ts),
# installing Debian's slapd and ldap-utils when missing and we may (root with
# apt-get; non-interactive, the package's own directory is not used: the tests
# start slapd with -f on a small config in a temp folder).
# Prints the path on success; exits non-zero with the fix otherwise.
set -euo pipefail
for candidate in "${SLAPD_PATH:-}" /usr/sbin/slapd; do
  [[ -n "$candidate" && -x "$candidate" ]] && { echo "$candidate"; exit 0; }
done
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-slapd: slapd not found; installing Debian's slapd..." >&2
  export DEBIAN_FRONTEND=noninteractive
  # Installed only as a program: the package's own service is kept from starting (policy-rc.d),
  # so nothing is left listening on port 389.
  policy=/usr/sbin/policy-rc.d made_policy=0
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made_policy=1; fi
  apt-get update -qq >&2 && apt-get install -y -qq slapd ldap-utils >&2 || true
  [[ $made_policy -eq 1 ]] && rm -f "$policy"
  [[ -x /usr/sbin/slapd ]] && { echo /usr/sbin/slapd; exit 0; }
fi
echo "ensure-slapd: slapd is missing; install it (apt-get install slapd) or set SLAPD_PATH." >&2
exit 1
