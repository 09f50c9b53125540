// CAS 3.0 (the protocol of most campus sign-on systems): the browser goes to
// `<cas>/login?service=…`, comes back with a service ticket, which the server
// checks at `<cas>/p3/serviceValidate` and reads the user and attributes
// from; the CAS server's logout request ends the sign-in it started.
// The responses are small fixed XML documents: read here with a reader for
// exactly their elements (no general XML parser is a dependency).
import type { Provider } from './providers.js';

const TIMEOUT_MS = 10_000;

export function casLoginUrl(provider: Provider, service: string): string {
  return `${provider.settings.issuer.replace(/\/+$/, '')}/login?${new URLSearchParams({ service })}`;
}

export function casLogoutUrl(provider: Provider, back: string): string {
  return `${provider.settings.issuer.replace(/\/+$/, '')}/logout?${new URLSearchParams({ service: back })}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? '';
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The text inside `<prefix:name>…</prefix:name>` (any namespace prefix), CDATA unwrapped, or null. */
function element(xml: string, name: string): string | null {
  const match = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`).exec(xml);
  return match ? match[1]! : null;
}

function text(inner: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner);
  return cdata ? cdata[1]! : decodeXml(inner.trim());
}

export interface CasSuccess {
  user: string;
  attributes: Record<string, string | string[]>;
}

/** Reads a /p3/serviceValidate answer; null when it is not a success. */
export function readServiceResponse(xml: string): CasSuccess | null {
  const success = element(xml, 'authenticationSuccess');
  if (success === null) return null;
  const user = element(success, 'user');
  if (user === null || !text(user)) return null;
  const attributes: Record<string, string | string[]> = {};
  const block = element(success, 'attributes') ?? '';
  for (const match of block.matchAll(/<(?:[\w-]+:)?([\w.-]+)(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w-]+:)?\1>/g)) {
    const name = match[1]!;
    const value = text(match[2]!);
    const had = attributes[name];
    attributes[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return { user: text(user), attributes };
}

/** Checks a service ticket at the CAS server. */
export async function validateCasTicket(provider: Provider, service: string, ticket: string): Promise<CasSuccess | null> {
  const url = `${provider.settings.issuer.replace(/\/+$/, '')}/p3/serviceValidate?${new URLSearchParams({ service, ticket })}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  if (!res.ok) return null;
  return readServiceResponse(await res.text());
}

/** The service ticket a CAS logout request names (its SessionIndex), or null. */
export function logoutRequestTicket(body: string): string | null {
  const index = element(body, 'SessionIndex');
  return index === null ? null : text(index) || null;
}
