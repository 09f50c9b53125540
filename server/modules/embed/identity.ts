// Signed identity: the school's CMS server vouches for a visitor by signing
// their school user id with the key's secret, so the chat is attributed to
// that account. The secret stays on the CMS server; the browser only carries
// the signature, which is worthless for any other user id or after `expires`.
//
//   signature = hex(HMAC-SHA256(secret, `${user}.${expires}`))   expires: unix seconds
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A signature may not be valid for longer than this (a leaked one ages out). */
export const MAX_SIGNATURE_LIFETIME_S = 7 * 24 * 3600;

export interface SignedIdentity {
  user: string;
  expires: number;
  signature: string;
}

export function newIdentitySecret(): string {
  return `zxs_${randomBytes(32).toString('base64url')}`;
}

export function signIdentity(secret: string, user: string, expires: number): string {
  return createHmac('sha256', secret).update(`${user}.${expires}`).digest('hex');
}

export type IdentityProblem = 'bad-signature' | 'expired' | 'too-long';

/** Null when the signature is good; otherwise what is wrong. Constant-time compare. */
export function checkIdentity(secret: string, identity: SignedIdentity, nowMs: number): IdentityProblem | null {
  const expected = Buffer.from(signIdentity(secret, identity.user, identity.expires), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(identity.signature) ? Buffer.from(identity.signature, 'hex') : Buffer.alloc(expected.length);
  const matches = timingSafeEqual(expected, given) && given.length === expected.length && /^[0-9a-f]{64}$/i.test(identity.signature);
  if (!matches) return 'bad-signature';
  const now = Math.floor(nowMs / 1000);
  if (identity.expires <= now) return 'expired';
  if (identity.expires > now + MAX_SIGNATURE_LIFETIME_S) return 'too-long';
  return null;
}
