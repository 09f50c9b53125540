// A platform's public keys, read from its JWKS address through the guarded
// client and kept a few minutes; a token signed with a key we have not seen
// (the platform rotated) reads the set again once before it is refused.
// jose loads at first use, like every LTI part (lti/keys.ts).
import type { createLocalJWKSet, JSONWebKeySet, JWTPayload } from 'jose';
import { guardedFetch } from '../../net/guarded-fetch.js';

const KEEP_MS = 5 * 60_000;
const sets = new Map<string, { at: number; keys: ReturnType<typeof createLocalJWKSet> }>();

async function readSet(url: string): Promise<ReturnType<typeof createLocalJWKSet>> {
  const res = await guardedFetch(url, { headers: { accept: 'application/json' }, timeoutMs: 10_000, maxBytes: 512 * 1024 });
  if (!res.ok) throw new Error(`the platform's JWKS answered ${res.status}`);
  const { createLocalJWKSet } = await import('jose');
  const keys = createLocalJWKSet((await res.json()) as JSONWebKeySet);
  sets.set(url, { at: Date.now(), keys });
  return keys;
}

/** Checks a platform's JWT: signature against its JWKS (RS256 only), issuer, audience and expiry. */
export async function verifyPlatformJwt(token: string, jwksUrl: string, expect: { issuer: string; audience: string }): Promise<JWTPayload> {
  const { errors, jwtVerify } = await import('jose');
  const options = { issuer: expect.issuer, audience: expect.audience, algorithms: ['RS256'], clockTolerance: 5 };
  const kept = sets.get(jwksUrl);
  const keys = kept && Date.now() - kept.at < KEEP_MS ? kept.keys : await readSet(jwksUrl);
  try {
    return (await jwtVerify(token, keys, options)).payload;
  } catch (error) {
    if (!(error instanceof errors.JWKSNoMatchingKey) || keys !== kept?.keys) throw error;
    return (await jwtVerify(token, await readSet(jwksUrl), options)).payload;
  }
}
