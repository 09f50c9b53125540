// Logger options for Fastify's pino, with secrets redacted at the source:
// whatever a route logs, these keys come out as [redacted].
//
// Cheap per request: pino's wildcard redaction (`*.password`)
// walked every logged object on every line; here fixed paths cover the
// request headers and a small scrub runs only when a line is actually
// written (formatters.log), two levels deep as the wildcards did. Request ids
// are a counter behind a random per-process prefix instead of 8 random bytes.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LogLevel } from '../config.js';

export interface LogDestination {
  write(line: string): void;
}

const SECRET_KEYS = [
  'password',
  'oldPassword',
  'newPassword',
  'oneTimePassword',
  'token',
  'accessToken',
  'apiKey',
  'api_key',
  'secret',
  'authorization',
  'cookie',
];

const SECRET_KEY_SET = new Set(SECRET_KEYS);
const CENSOR = '[redacted]';
/** Levels of nesting scrubbed below the logged object (as `*.*.key` did). */
const SCRUB_DEPTH = 2;

const REDACT_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The logged object with every secret-named key censored, up to SCRUB_DEPTH
 * levels below it. Copies only what it changes: the caller's objects stay as
 * they were.
 */
export function scrubSecrets(value: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key in value) {
    const inner = value[key];
    let clean: unknown = inner;
    if (SECRET_KEY_SET.has(key)) clean = inner === undefined ? inner : CENSOR;
    else if (depth < SCRUB_DEPTH && isPlainObject(inner)) clean = scrubSecrets(inner, depth + 1);
    if (clean !== inner) {
      out ??= { ...value };
      out[key] = clean;
    }
  }
  return out ?? value;
}

// `access`: signed file links (uploads/file-access.ts) read a file as their user.
// `share`: a shared mind map's link (/mindMap?share=TOKEN) reads the map.
const SECRET_QUERY_KEY = /pass|pwd|token|secret|key|auth|credential|^access$|signature|^share$/i;
// Paths whose last part is a capability (whoever has it reads the thing): shared mind maps and shared chats.
const CAPABILITY_PATH = /(\/app\/api\/mindmaps\/shared\/|\/app\/api\/chat\/share\/)[^/?#]+/u;
// On sign-in paths any query value may be a credential under any name.
const CREDENTIAL_PATH = /\/oauth\//;

/** The URL as it may appear in a log: secret-looking query values and capability tokens in paths removed. */
export function loggableUrl(raw: string): string {
  const url = raw.replace(CAPABILITY_PATH, '$1[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pathPart = url.slice(0, q);
  if (CREDENTIAL_PATH.test(pathPart)) return `${pathPart}?[redacted]`;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEY.test(key)) params.set(key, '[redacted]');
  }
  return `${pathPart}?${params.toString()}`;
}

function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    remoteAddress: req.ip,
  };
}

export function loggerOptions(level: LogLevel, stream?: LogDestination) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    formatters: { log: (object: Record<string, unknown>) => scrubSecrets(object) },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** This process's ids: 8 random hex digits, then a counter (16 hex digits in all, unique across instances). */
const ID_PREFIX = randomBytes(4).toString('hex');
let nextId = 0;

/** Keep a proxy's x-request-id when it looks sane, so logs line up across hops. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
  nextId = (nextId + 1) >>> 0;
  return ID_PREFIX + nextId.toString(16).padStart(8, '0');
}

export type AccessLog = 'on' | 'off' | number;

/**
 * ZX_ACCESS_LOG: `on` (a line per request at `info`, Fastify's own),
 * `off`, or a share from 0 to 1 of requests logged (one line each, at `info`,
 * with status and time). Production logs at `warn`, where no access line is
 * written anyway; an operator who wants them sets ZX_LOG_LEVEL=info too.
 */
export function installAccessLog(app: FastifyInstance, setting: AccessLog): void {
  if (typeof setting !== 'number') return;
  app.addHook('onResponse', (request, reply, done) => {
    if (Math.random() < setting) {
      request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  });
}
