// Sending and checking SMS codes. Limits per phone and per (address, phone):
// one per 60 s (429 with Retry-After), 5 per hour, 10 per day. Per address
// alone only a high ceiling, so a school behind one NAT address is not locked
// out. Caps no address can reset: binding codes per account (5 a day), and a
// school-wide daily budget (ZX_SMS_DAILY_BUDGET) that raises an alert in the
// log as it nears and reaches its end. A send is reserved
// first (its rows written), then counted, one send per bucket at a time: two
// requests at the same instant cannot both slip under a limit, nor both be
// refused. Codes are 6 digits, stored hashed, live 5 minutes and burn after 5
// wrong tries. The answer never says whether a phone is registered: a code
// for an unknown phone is simply not sent.
import { createHash, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { ConfigError, type Env } from '../../config.js';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { badRequest, tooMany, waitText } from '../../http/errors.js';
import { hashPhone, maskPhone, normalisePhone } from './phones.js';
import type { SmsProvider, SmsScene } from './providers.js';

export const CODE_TTL_MS = 5 * 60 * 1000;
const MAX_WRONG_TRIES = 5;
export interface Limit {
  windowMs: number;
  count: number;
}

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
const PER_PHONE: Limit[] = [
  { windowMs: 60_000, count: 1 },
  { windowMs: HOUR, count: 5 },
  { windowMs: DAY, count: 10 },
];
/** One address for a whole school (NAT): far above what one person sends. */
const PER_ADDRESS: Limit[] = [
  { windowMs: HOUR, count: 100 },
  { windowMs: DAY, count: 500 },
];
const BIND_PER_ACCOUNT: Limit[] = [{ windowMs: DAY, count: 5 }];
export const DEFAULT_SMS_DAILY_BUDGET = 1000;
/** Share of the budget at which the alert warns, before sends are refused. */
const BUDGET_WARNING_SHARE = 0.8;

export const BUDGET_SPENT_MESSAGE = '今天的短信发送量已达学校上限，请明天再试或联系管理员';
const TOO_OFTEN_MESSAGE = '验证码发送过于频繁，请 {0}后再试';

export interface Bucket {
  key: string;
  limits: Limit[];
}

/** ZX_SMS_DAILY_BUDGET: codes the school sends per day at most (all phones, all addresses). */
export function smsDailyBudget(env: Env): number {
  const raw = env.ZX_SMS_DAILY_BUDGET?.trim();
  if (!raw) return DEFAULT_SMS_DAILY_BUDGET;
  if (!/^\d+$/u.test(raw) || Number(raw) < 1 || Number(raw) > 10_000_000) {
    throw new ConfigError(`ZX_SMS_DAILY_BUDGET must be a whole number of codes per day from 1 to 10000000, got "${raw}"`);
  }
  return Number(raw);
}

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
export async function reserveSend(ctx: ServerContext, buckets: Bucket[], now: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.data.dialect === 'postgres') {
      // In one order, so two sends sharing two buckets cannot wait on each other.
      for (const key of buckets.map((b) => b.key).sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${`zx-sms:${key}`}, 0))`.execute(trx);
    }
    await trx
      .insertInto('sms_sends')
      .values(buckets.map((bucket) => ({ id: newId(), bucket: bucket.key, created_at: now })))
      .execute();
    let wait = 0;
    for (const bucket of buckets) {
      const longest = Math.max(...bucket.limits.map((l) => l.windowMs));
      const rows = await trx
        .selectFrom('sms_sends')
        .select('created_at')
        .where('bucket', '=', bucket.key)
        .where('created_at', '>', now - longest)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      for (const limit of bucket.limits) {
        const inWindow = rows.filter((r) => Number(r.created_at) > now - limit.windowMs);
        if (inWindow.length > limit.count) {
          // Allowed again once the oldest send that still counts ages out.
          const oldest = Number(inWindow[inWindow.length - 1 - limit.count]!.created_at);
          wait = Math.max(wait, Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000)));
        }
      }
    }
    if (wait > 0) throw tooMany(TOO_OFTEN_MESSAGE.replace('{0}', waitText(wait)), wait);
  });
}

/**
 * The school's budget for the day (since UTC midnight), counted in the same
 * race-free way; its alert is logged once at the warning share and once when
 * the budget is used up.
 */
export async function reserveFromBudget(ctx: ServerContext, now: number, log: FastifyBaseLogger): Promise<void> {
  const budget = smsDailyBudget(ctx.config.env);
  const day = new Date(now).toISOString().slice(0, 10);
  const since = Date.parse(`${day}T00:00:00Z`);
  const { used, firstRefusal } = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.data.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended('zx-sms:school', 0))`.execute(trx);
    const count = async (bucket: string) =>
      Number(
        (
          await trx
            .selectFrom('sms_sends')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('bucket', '=', bucket)
            .where('created_at', '>=', since)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sent = await count('school');
    if (sent < budget) {
      await trx.insertInto('sms_sends').values({ id: newId(), bucket: 'school', created_at: now }).execute();
      return { used: sent + 1, firstRefusal: false };
    }
    // The alert is raised once a day, by whichever instance refuses first.
    const alerted = (await count('school-alert')) > 0;
    if (!alerted) await trx.insertInto('sms_sends').values({ id: newId(), bucket: 'school-alert', created_at: now }).execute();
    return { used: sent + 1, firstRefusal: !alerted };
  });
  if (used === Math.ceil(budget * BUDGET_WARNING_SHARE) && used < budget) {
    log.warn({ alert: 'sms-daily-budget', used, budget, day }, 'SMS alert: the school has used most of its daily SMS budget (ZX_SMS_DAILY_BUDGET)');
  }
  if (used > budget) {
    if (firstRefusal) {
      log.error(
        { alert: 'sms-daily-budget', budget, day },
        'SMS alert: the daily SMS budget is used up; codes are refused until tomorrow (ZX_SMS_DAILY_BUDGET)',
      );
    }
    throw tooMany(BUDGET_SPENT_MESSAGE, Math.max(1, Math.ceil((since + DAY - now) / 1000)));
  }
}

export interface SendInput {
  phone: string;
  scene: SmsScene;
  ip: string;
  /** The phone belongs to someone (login, reset) or to no one else (bind): only then is a code really sent. */
  deliver: boolean;
  /** The signed-in account asking (binding codes are capped per account). */
  userId?: string;
}

export async function sendCode(ctx: ServerContext, provider: SmsProvider, input: SendInput, log: FastifyBaseLogger): Promise<void> {
  const now = ctx.now();
  const phoneHash = hashPhone(input.phone);
  await reserveSend(
    ctx,
    [
      { key: `phone:${phoneHash}`, limits: PER_PHONE },
      { key: `ipphone:${input.ip}:${phoneHash}`, limits: PER_PHONE },
      { key: `ip:${input.ip}`, limits: PER_ADDRESS },
      ...(input.scene === 'bind' && input.userId ? [{ key: `bind:${input.userId}`, limits: BIND_PER_ACCOUNT }] : []),
    ],
    now,
  );
  await reserveFromBudget(ctx, now, log);
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
    await provider.send({ kind: 'code', phone: input.phone, code, scene: input.scene, minutes: CODE_TTL_MS / 60_000 }, log);
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
