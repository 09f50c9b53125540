// Which hosts the guarded client may reach although they are private,
// loopback or link-local: ZX_FETCH_ALLOW (a school's own model server on its
// LAN), plus the hosts of the addresses the administrator configured in the
// environment or ZX_CONFIG (ZX_LLM_BASE_URL, ZX_EMBEDDINGS_BASE_URL, the
// media providers), which are the operator's choice, not a stranger's.
// Entries: a host name (`llm.school.lan`), a host and port
// (`10.0.0.5:8000`), an IP address or a CIDR (`10.0.0.0/24`). One allowlist
// per process, set when the app is built.
import { isIP } from 'node:net';
import { ConfigError } from '../config.js';
import { isCidr } from './cidr.js';

export interface FetchAllowlist {
  /** Host names and host:port pairs, lower case. */
  hosts: ReadonlySet<string>;
  /** IP addresses and CIDRs, checked by the agent on the resolved address. */
  addresses: readonly string[];
}

const EMPTY: FetchAllowlist = { hosts: new Set(), addresses: [] };
let current: FetchAllowlist = EMPTY;

/** Parses ZX_FETCH_ALLOW (comma or space separated); a malformed entry stops the start with what to fix. */
export function parseFetchAllowlist(value: string | undefined, trustedUrls: ReadonlyArray<string | undefined> = []): FetchAllowlist {
  const hosts = new Set<string>();
  const addresses: string[] = [];
  for (const raw of (value ?? '').split(/[\s,]+/u).filter(Boolean)) {
    const entry = raw.toLowerCase();
    if (isIP(entry)) addresses.push(entry);
    else if (entry.includes('/')) {
      if (!isCidr(entry)) throw new ConfigError(`ZX_FETCH_ALLOW: "${raw}" is not a CIDR; write e.g. 10.0.0.0/24, 10.0.0.5, 10.0.0.5:8000 or llm.school.lan`);
      addresses.push(entry);
    } else if (/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/u.test(entry)) hosts.add(entry);
    else throw new ConfigError(`ZX_FETCH_ALLOW: "${raw}" is not a host, host:port, IP address or CIDR`);
  }
  for (const url of trustedUrls) {
    if (!url?.trim()) continue;
    try {
      hosts.add(new URL(url.trim()).host.toLowerCase());
    } catch {
      // An unreadable configured address is reported by the configuration that owns it.
    }
  }
  return { hosts, addresses };
}

export function setFetchAllowlist(allowlist: FetchAllowlist): void {
  current = allowlist;
}

export function currentFetchAllowlist(): FetchAllowlist {
  return current;
}

/** The URL's host (with or without its port) is allowlisted by name. */
export function isAllowlistedHost(allowlist: FetchAllowlist, url: URL): boolean {
  return allowlist.hosts.has(url.host.toLowerCase()) || allowlist.hosts.has(url.hostname.toLowerCase());
}
