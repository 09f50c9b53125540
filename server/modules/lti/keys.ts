// The tool's own RSA key, kept in the database so every instance signs with
// the same one: made on first use, its private half never leaves the server;
// the public halves are published at the JWKS endpoint, where platforms check
// our deep linking answers and client assertions. jose loads at first use:
// a school without LTI never needs it (test/server/repository/startup-imports.test.ts).
import { randomBytes } from 'node:crypto';
import type { importJWK, JWK, JWTPayload } from 'jose';
import type { ServerContext } from '../../context.js';
import { insertKey, listKeys } from './store.js';

const ALG = 'RS256';

interface SigningKey {
  kid: string;
  key: Awaited<ReturnType<typeof importJWK>>;
}

const cache = new WeakMap<ServerContext, Promise<SigningKey>>();

async function loadOrMake(ctx: ServerContext): Promise<SigningKey> {
  const { exportJWK, generateKeyPair, importJWK } = await import('jose');
  let keys = await listKeys(ctx.db);
  if (keys.length === 0) {
    const pair = await generateKeyPair(ALG, { extractable: true, modulusLength: 2048 });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ALG };
    await insertKey(ctx.db, { kid, privateJwk: JSON.stringify(privateJwk), publicJwk: JSON.stringify(publicJwk) }, ctx.now());
    // Two instances starting at once may each make one: both are published, the oldest signs.
    keys = await listKeys(ctx.db);
  }
  const first = keys[0]!;
  return { kid: first.kid, key: await importJWK(JSON.parse(first.privateJwk) as JWK, ALG) };
}

function signingKey(ctx: ServerContext): Promise<SigningKey> {
  let found = cache.get(ctx);
  if (!found) {
    found = loadOrMake(ctx);
    found.catch(() => cache.delete(ctx));
    cache.set(ctx, found);
  }
  return found;
}

/** The public keys, as a JWKS document. */
export async function publicKeySet(ctx: ServerContext): Promise<{ keys: JWK[] }> {
  await signingKey(ctx);
  return { keys: (await listKeys(ctx.db)).map((k) => JSON.parse(k.publicJwk) as JWK) };
}

/** A JWT signed with the tool's key, valid for `ttlSeconds`. */
export async function signToolJwt(ctx: ServerContext, payload: JWTPayload, ttlSeconds: number): Promise<string> {
  const { kid, key } = await signingKey(ctx);
  const { SignJWT } = await import('jose');
  const now = Math.floor(ctx.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(randomBytes(16).toString('base64url'))
    .sign(key);
}

/** Checks a JWT this tool signed itself (the deep linking picker's request), for `audience`. */
export async function verifyToolJwt(ctx: ServerContext, token: string, audience: string): Promise<JWTPayload> {
  const { createLocalJWKSet, jwtVerify } = await import('jose');
  const keys = createLocalJWKSet(await publicKeySet(ctx));
  return (await jwtVerify(token, keys, { audience, algorithms: [ALG], currentDate: new Date(ctx.now()) })).payload;
}
