// Who may read a stored file. The owner always; anyone for public files; and
// whoever another area vouches for: the resource library (files shared to a
// course) and the knowledge library (documents of a readable dataset) register
// a check here when they start, so uploads never learns their rules.
//
// Media elements (<video>, <img>, an <iframe> showing a PDF) cannot send a
// bearer token, so a reader gets a signed, short-lived link instead: it names
// the user and an expiry, and the same checks still run for that user when the
// link is used, so withdrawing a share takes effect at once. A link is bound
// to the sign-in (auth token) that asked for it: signing out ends it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { FileRecord } from './store.js';

export type FileReadCheck = (ctx: ServerContext, fileId: string, userId: string) => Promise<boolean>;

const readChecks = new WeakMap<ServerContext, FileReadCheck[]>();
const secrets = new WeakMap<ServerContext, Promise<Buffer>>();

/** Lets another area grant read access to files it holds (checked after owner and public). */
export function allowFileReaders(ctx: ServerContext, check: FileReadCheck): void {
  const list = readChecks.get(ctx) ?? [];
  list.push(check);
  readChecks.set(ctx, list);
}

export async function mayReadFile(ctx: ServerContext, file: FileRecord, userId: string | null): Promise<boolean> {
  if (file.visibility === 'public') return true;
  if (userId === null) return false;
  if (file.ownerId === userId) return true;
  for (const check of readChecks.get(ctx) ?? []) if (await check(ctx, file.id, userId)) return true;
  return false;
}

/**
 * The signing key, made once per installation and kept in the database (so
 * every instance agrees). Other signed values (login devices) use it too, each
 * with its own prefix in what is signed.
 */
export function linkSecret(ctx: ServerContext): Promise<Buffer> {
  let pending = secrets.get(ctx);
  if (!pending) {
    pending = (async () => {
      const existing = await ctx.db.selectFrom('file_link_secrets').select('secret').orderBy('created_at').executeTakeFirst();
      if (existing) return Buffer.from(existing.secret, 'base64url');
      await ctx.db
        .insertInto('file_link_secrets')
        .values({ id: newId(), secret: randomBytes(32).toString('base64url'), created_at: ctx.now() })
        .execute();
      // Two instances may have raced: everyone uses the oldest key.
      const first = await ctx.db.selectFrom('file_link_secrets').select('secret').orderBy('created_at').executeTakeFirstOrThrow();
      return Buffer.from(first.secret, 'base64url');
    })();
    pending.catch(() => secrets.delete(ctx));
    secrets.set(ctx, pending);
  }
  return pending;
}

/** Who asks for a link: the user and the sign-in (auth token id) it is bound to. */
export interface FileReader {
  id: string;
  tokenId: string;
}

const sign = (secret: Buffer, fileId: string, reader: FileReader, expires: number) =>
  createHmac('sha256', secret).update(`file\n${fileId}\n${reader.id}\n${reader.tokenId}\n${expires}`).digest('base64url');

/** Short: a link copied out of a page (or a log) stops working soon. */
export const LINK_TTL_MS = 30 * 60_000;
const ROUND_MS = 15 * 60_000;

/**
 * `?access=` value letting the reader read `fileId` until it expires, and only
 * while the sign-in that asked for it is live: signing out on one device ends
 * that device's links at once, whatever other devices stay signed in.
 */
export async function fileAccessToken(ctx: ServerContext, fileId: string, reader: FileReader, ttlMs = LINK_TTL_MS): Promise<string> {
  // Rounded up to a quarter hour so a list rendered twice gives the same URLs (browser cache).
  const expires = Math.ceil((ctx.now() + ttlMs) / ROUND_MS) * ROUND_MS;
  return `${reader.id}.${reader.tokenId}.${expires}.${sign(await linkSecret(ctx), fileId, reader, expires)}`;
}

/** Whether this sign-in of the user is neither revoked nor expired. */
async function signedIn(ctx: ServerContext, reader: FileReader): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('auth_tokens')
    .select('id')
    .where('id', '=', reader.tokenId)
    .where('user_id', '=', reader.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return row !== undefined;
}

/** The user a link speaks for, or null when it is forged, for another file, expired, or its sign-in ended. */
export async function userFromAccessToken(ctx: ServerContext, fileId: string, token: string): Promise<string | null> {
  const [userId, tokenId, expiresText, signature, extra] = token.split('.');
  if (!userId || !tokenId || !expiresText || !signature || extra !== undefined || !/^\d+$/u.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (expires < ctx.now()) return null;
  const reader = { id: userId, tokenId };
  const expected = Buffer.from(sign(await linkSecret(ctx), fileId, reader, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return (await signedIn(ctx, reader)) ? userId : null;
}
