// Sending and checking SMS codes. Limits per phone and per address: one per
// 60 s (429 with Retry-After), 5 per hour, 10 per day. A send is reserved
// first (its rows written), then counted, one send per bucket at a time: two
// requests at the same instant cannot both slip under a limit, nor both be
// refused. Codes are 6 digits, stored hashed, live 5 minutes and burn after 5
// wrong tries. The answer never says whether a phone is registered: a code
// for an unknown phone is simply not sent.
import { createHash, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { badRequest, tooMany, waitText } from '../../http/errors.js';
import { hashPhone, maskPhone, normalisePhone } from './phones.js';
import type { SmsProvider, SmsScene } from './providers.js';

export const CODE_TTL_MS = 5 * 60 * 1000;
const MAX_WRONG_TRIES = 5;
const LIMITS = [
  { windowMs: 60_000, count: 1 },
  { windowMs: 3600_000, count: 5 },
  { windowMs: 24 * 3600_000, count: 10 },
];

export const BAD_PHONE_MESSAGE = '请输入正确的手机号（11 位中国大陆手机号）';
export const WRONG_CODE_MESSAGE = '验证码错误或已过期，请重新获取';

export function requirePhone(typed: string): string {
  const phone = normalisePhone(typed);
  if (!phone) throw badRequest(BAD_PHONE_MESSAGE);
  return phone;
}

function hashCode(phoneHash: string, code: string): string {
  return createHash('sha256').update(`zx-sms:${phoneHash}:${code}`).digest('hex');
}

/**
 * Reserves one send in each bucket, then counts, in one transaction; over a
 * limit, the transaction is rolled back (the reservation with it) and the
 * caller told how long to wait. Sends to one bucket queue behind each other:
 * SQLite's write transactions do by themselves (BEGIN IMMEDIATE), and on
 * PostgreSQL a transaction-scoped advisory lock per bucket does it, for every
 * instance. Without the queue, requests at the same instant each counted the
 * others' reservations and all were refused.
 */
async function reserveSend(ctx: ServerContext, buckets: string[], now: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.data.dialect === 'postgres') {
      // In one order, so two sends sharing two buckets cannot wait on each other.
      for (const bucket of [...buckets].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${`zx-sms:${bucket}`}, 0))`.execute(trx);
    }
    await trx
      .insertInto('sms_sends')
      .values(buckets.map((bucket) => ({ id: newId(), bucket, created_at: now })))
      .execute();
    let wait = 0;
    for (const bucket of buckets) {
      const rows = await trx
        .selectFrom('sms_sends')
        .select(['id', 'created_at'])
        .where('bucket', '=', bucket)
        .where('created_at', '>', now - LIMITS.at(-1)!.windowMs)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      for (const limit of LIMITS) {
        const inWindow = rows.filter((r) => Number(r.created_at) > now - limit.windowMs);
        if (inWindow.length > limit.count) {
          // Allowed again once the oldest send that still counts ages out.
          const oldest = Number(inWindow[inWindow.length - 1 - limit.count]!.created_at);
          wait = Math.max(wait, Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000)));
        }
      }
    }
    if (wait > 0) throw tooMany(`验证码发送过于频繁，请 ${waitText(wait)}后再试`, wait);
  });
}

export interface SendInput {
  phone: string;
  scene: SmsScene;
  ip: string;
  /** The phone belongs to someone (login, reset) or to no one else (bind): only then is a code really sent. */
  deliver: boolean;
}

export async function sendCode(ctx: ServerContext, provider: SmsProvider, input: SendInput, log: FastifyBaseLogger): Promise<void> {
  const now = ctx.now();
  const phoneHash = hashPhone(input.phone);
  await reserveSend(ctx, [`phone:${phoneHash}`, `ip:${input.ip}`], now);
  if (!input.deliver) {
    log.info({ sms: { to: maskPhone(input.phone), scene: input.scene } }, 'SMS code not sent: no account for this phone (the caller is not told)');
    return;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db
    .insertInto('sms_codes')
    .values({
      id: newId(),
      phone_hash: phoneHash,
      scene: input.scene,
      code_hash: hashCode(phoneHash, code),
      attempts: 0,
      expires_at: now + CODE_TTL_MS,
      consumed_at: null,
      created_at: now,
    })
    .execute();
  try {
    await provider.send({ phone: input.phone, code, scene: input.scene, minutes: CODE_TTL_MS / 60_000 }, log);
  } catch (error) {
    log.error({ err: error, sms: { to: maskPhone(input.phone), provider: provider.name } }, 'sending an SMS code failed');
    throw badRequest('短信发送失败，请稍后再试');
  }
}

/**
 * Checks a typed code against the newest live code of that phone and scene,
 * and uses it up. A wrong try counts (atomically); the fifth burns the code.
 */
export async function consumeCode(ctx: ServerContext, phone: string, scene: SmsScene, typed: string): Promise<void> {
  const now = ctx.now();
  const phoneHash = hashPhone(phone);
  const live = await ctx.db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('phone_hash', '=', phoneHash)
    .where('scene', '=', scene)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', MAX_WRONG_TRIES)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!live) throw badRequest(WRONG_CODE_MESSAGE);
  if (!/^\d{6}$/u.test(typed.trim()) || hashCode(phoneHash, typed.trim()) !== live.code_hash) {
    await ctx.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', live.id)
      .execute();
    throw badRequest(WRONG_CODE_MESSAGE);
  }
  // Used once: of two requests with the right code at the same instant, one wins.
  const used = await ctx.db
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('id', '=', live.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', MAX_WRONG_TRIES)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw badRequest(WRONG_CODE_MESSAGE);
}

export async function userIdByPhone(ctx: ServerContext, phone: string): Promise<string | undefined> {
  const row = await ctx.db.selectFrom('user_phones').select('user_id').where('phone_hash', '=', hashPhone(phone)).executeTakeFirst();
  return row?.user_id;
}
