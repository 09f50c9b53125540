// Known devices: after a correct password the browser gets an HttpOnly cookie
// signed for that account. Sign-in from that browser is then throttled on its
// own (login-throttle.ts), so attacks on the account elsewhere never lock its
// owner out. One cookie per account, so a shared classroom computer knows each
// pupil who signed in there; sent only to the sign-in path.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { API_PREFIX } from '../../http/static-site.js';
import { linkSecret } from '../uploads/index.js';

const COOKIE_PATH = `${API_PREFIX}/app/api/oauth`;
const MAX_AGE_SECONDS = 365 * 24 * 3600;

const cookieName = (username: string) => `zx_device_${createHash('sha256').update(username).digest('hex').slice(0, 16)}`;

const sign = (secret: Buffer, username: string, deviceId: string) =>
  createHmac('sha256', secret).update(`login-device\n${username}\n${deviceId}`).digest('base64url');

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The verified device id this browser holds for `username`, or null. */
export async function knownDevice(ctx: ServerContext, request: FastifyRequest, username: string): Promise<string | null> {
  const value = readCookie(request, cookieName(username));
  const [deviceId, signature] = value?.split('.') ?? [];
  if (!deviceId || !signature || !/^[A-Za-z0-9_-]{16,64}$/u.test(deviceId)) return null;
  const expected = Buffer.from(sign(await linkSecret(ctx), username, deviceId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

/** Marks this browser as a known device of `username` (keeps its id when it already was one). */
export async function rememberDevice(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  deviceId: string | null,
): Promise<void> {
  const id = deviceId ?? randomBytes(18).toString('base64url');
  const value = `${id}.${sign(await linkSecret(ctx), username, id)}`;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${cookieName(username)}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
}
