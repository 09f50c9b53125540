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
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slapd ldap-utils >&2
  [[ -x /usr/sbin/slapd ]] && { echo /usr/sbin/slapd; exit 0; }
fi
echo "ensure-slapd: slapd is missing; install it (apt-get install slapd) or set SLAPD_PATH." >&2
exit 1
