// The one client for every URL the server did not choose itself (DESIGN §4,
// guarded fetching): generation results, model and embeddings addresses a
// manager typed, anything a provider hands back. `request-filtering-agent`
// checks the address each connection really goes to, after DNS resolution,
// so a name that resolves to 10.x or 169.254.169.254 is refused as surely as
// the literal; redirects are followed here, hop by hop, so every hop gets the
// same check. Private, loopback, link-local and metadata addresses are
// refused unless the host is allowlisted (fetch-allowlist.ts). Every call has
// a time limit, a size limit and, where the caller says, allowed content types.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline, Readable, Transform } from 'node:stream';
import { currentFetchAllowlist, isAllowlistedHost, type FetchAllowlist } from './fetch-allowlist.js';

export interface GuardedInit {
  method?: string;
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: string | Uint8Array | null;
  signal?: AbortSignal | null;
  /** The whole call, redirects included (default 60 s). */
  timeoutMs?: number;
  /** Largest body accepted (default 16 MB): a bigger Content-Length is refused, a longer body fails while read. */
  maxBytes?: number;
  /** Content types accepted, as prefixes (`video/`); unset accepts any. */
  contentTypes?: readonly string[];
}

/** Refused before or instead of reading: a blocked address, too many redirects, a wrong type or size. */
export class FetchRefused extends Error {
  readonly code = 'ZX_FETCH_REFUSED';
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const MAX_REDIRECTS = 5;

interface AgentSet {
  allowlist: FetchAllowlist;
  strict: { 'http:': http.Agent; 'https:': https.Agent };
  open: { 'http:': http.Agent; 'https:': https.Agent };
}

/** Agents per allowlist content: building another app with the same allowlist keeps the warm connections. */
const agentSets = new Map<string, AgentSet>();

let last: AgentSet | null = null;

/**
 * request-filtering-agent, loaded with the first outside request rather than
 * at every start (about 12 ms of CPU). A failure to load it fails the
 * request: there is no unfiltered fallback.
 */
let filteringAgents: Promise<typeof import('request-filtering-agent')> | undefined;

async function agentSet(): Promise<AgentSet> {
  const allowlist = currentFetchAllowlist();
  if (last?.allowlist === allowlist) return last;
  const { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } = await (filteringAgents ??= import('request-filtering-agent'));
  const id = JSON.stringify([[...allowlist.hosts].sort(), allowlist.addresses]);
  let set = agentSets.get(id);
  if (!set) {
    // Old sets are left to close their idle sockets themselves: an answer streaming on one must not be cut.
    const options = { keepAlive: true, scheduling: 'lifo' as const, allowIPAddressList: [...allowlist.addresses] };
    set = {
      allowlist,
      strict: { 'http:': new RequestFilteringHttpAgent(options), 'https:': new RequestFilteringHttpsAgent(options) },
      open: { 'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo' }), 'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo' }) },
    };
    agentSets.set(id, set);
  }
  last = { ...set, allowlist };
  return last;
}

/**
 * The agent for one request to `url`: the filtering one, or a plain one when
 * the host is allowlisted. For callers on node:http (the streaming chat
 * client), which then get the same address check as guardedFetch.
 */
export async function guardedAgent(url: URL): Promise<http.Agent> {
  const set = await agentSet();
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  return isAllowlistedHost(set.allowlist, url) ? set.open[protocol] : set.strict[protocol];
}

function plainHeaders(init: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => (out[name] = value));
  return out;
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

async function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | null,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const agent = await guardedAgent(url);
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method, headers, agent, signal });
    request.on('error', (error) => reject(signal.aborted ? signal.reason : BLOCKED.test(error.message) ? new FetchRefused(error.message) : error));
    request.on('response', resolve);
    request.end(body ?? undefined);
  });
}

function capped(response: IncomingMessage, maxBytes: number): Readable {
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > maxBytes ? new FetchRefused(`response larger than ${maxBytes} bytes`) : null, chunk);
    },
  });
  // pipeline, not pipe: a body cut for its size (or a reader that left) frees its socket too.
  pipeline(response, counter, () => undefined);
  return counter;
}

/** How request-filtering-agent words a refused address (it sets no error code). */
const BLOCKED = / is not allowed\. Because/u;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** fetch() for URLs from outside: same shape (a web Response), with the checks above. */
export async function guardedFetch(input: string | URL, init: GuardedInit = {}): Promise<Response> {
  const signal = AbortSignal.any([...(init.signal ? [init.signal] : []), AbortSignal.timeout(init.timeoutMs ?? DEFAULT_TIMEOUT_MS)]);
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
  let url = new URL(input);
  let method = (init.method ?? 'GET').toUpperCase();
  let headers = plainHeaders(init.headers);
  let body = init.body ?? null;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`unsupported protocol ${url.protocol}`);
    if (url.username || url.password) throw new FetchRefused('credentials in a URL are not sent');
    const response = await send(url, method, headers, body, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new FetchRefused('too many redirects');
      const next = new URL(location, url);
      // A key meant for one host is never carried to another.
      if (next.host !== url.host) {
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'authorization' && name !== 'cookie'));
      }
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = null;
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type' && name !== 'content-length'));
      }
      url = next;
      continue;
    }
    const length = Number(response.headers['content-length'] ?? NaN);
    const type = (response.headers['content-type'] ?? '').toLowerCase();
    if (Number.isFinite(length) && length > maxBytes) {
      response.destroy();
      throw new FetchRefused(`response larger than ${maxBytes} bytes`);
    }
    if (init.contentTypes && status >= 200 && status < 300 && !init.contentTypes.some((prefix) => type.startsWith(prefix))) {
      response.destroy();
      throw new FetchRefused(`content type ${type || 'none'} not accepted`);
    }
    signal.addEventListener('abort', () => response.destroy(signal.reason as Error), { once: true });
    const empty = status === 204 || status === 304 || method === 'HEAD';
    return new Response(empty ? null : (Readable.toWeb(capped(response, maxBytes)) as ReadableStream<Uint8Array>), {
      status,
      statusText: response.statusMessage,
      headers: headersOf(response),
    });
  }
}
