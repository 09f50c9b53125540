// Sending and checking SMS codes. Limits per phone and per address: one per
// 60 s (429 with Retry-After), 5 per hour, 10 per day. A send is reserved
// first (its rows written), then counted: two requests at the same instant
// cannot both slip under a limit. Codes are 6 digits, stored hashed, live 5
// minutes and burn after 5 wrong tries. The answer never says whether a
// phone is registered: a code for an unknown phone is simply not sent.
import { createHash, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
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

/** Reserves one send in each bucket, then counts; over a limit, the reservation is taken back and the caller told how long to wait. */
async function reserveSend(ctx: ServerContext, buckets: string[], now: number): Promise<void> {
  const ids = buckets.map(() => newId());
  await ctx.db
    .insertInto('sms_sends')
    .values(buckets.map((bucket, i) => ({ id: ids[i]!, bucket, created_at: now })))
    .execute();
  let wait = 0;
  for (const bucket of buckets) {
    const rows = await ctx.db
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
  if (wait > 0) {
    await ctx.db.deleteFrom('sms_sends').where('id', 'in', ids).execute();
    throw tooMany(`验证码发送过于频繁，请 ${waitText(wait)}后再试`, wait);
  }
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
