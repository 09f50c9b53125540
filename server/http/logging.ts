// Logger options for Fastify's pino, with secrets redacted at the source:
// whatever a route logs, these paths come out as [redacted].
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { LogLevel } from '../config.js';

export interface LogDestination {
  write(line: string): void;
}

const SECRET_KEYS = ['password', 'oldPassword', 'newPassword', 'token', 'accessToken', 'apiKey', 'api_key', 'secret', 'authorization', 'cookie'];

const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

// `access`: signed file links (uploads/file-access.ts) read a file as their user.
const SECRET_QUERY_KEY = /pass|pwd|token|secret|key|auth|credential|^access$|signature/i;
// On sign-in paths any query value may be a credential under any name.
const CREDENTIAL_PATH = /\/oauth\//;

/** The URL as it may appear in a log: secret-looking query values removed. */
export function loggableUrl(url: string): string {
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
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keep a proxy's x-request-id when it looks sane, so logs line up across hops. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
  return randomBytes(8).toString('hex');
}
