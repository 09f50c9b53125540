// A person's balance row, created on first use and refilled lazily: the
// first touch in a new month resets this month's allowance, and a changed
// allowance moves what is left by the difference. Every write is a
// conditional update on the values read, so two requests never both refill.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { precompiled } from '../../db/precompiled.js';
import { allowanceColumns, allowanceOf } from './allowances.js';
import { periodOf } from './units.js';

export interface QuotaAccount {
  userId: string;
  period: string;
  /** Monthly allowance (millicredits); null: not limited. */
  allowance: number | null;
  allowanceLeft: number;
  extra: number;
  used: number;
}

type Db = Kysely<Database>;

/** Read under a hold's lock (holds.ts): built once (server/db/precompiled.ts). */
const accountOf = precompiled((db, slot) => db.selectFrom('quota_accounts').selectAll().where('user_id', '=', slot(0)));

export async function readAccount(db: Db, userId: string): Promise<QuotaAccount | undefined> {
  const [row] = await accountOf(db, userId);
  return row ? toAccount(userId, row) : undefined;
}

type AccountColumns = { period: string; allowance: number | string | null; allowance_left: number | string; extra: number | string; used: number | string };

/** Amounts come back as numbers on SQLite and as strings for PostgreSQL's bigint. */
function toAccount(userId: string, row: AccountColumns): QuotaAccount {
  return {
    userId,
    period: row.period,
    allowance: row.allowance === null ? null : Number(row.allowance),
    allowanceLeft: Number(row.allowance_left),
    extra: Number(row.extra),
    used: Number(row.used),
  };
}

/**
 * The balance row and the allowance that applies now, in one read: both are
 * read before every metered use (a question reads nothing else of the quota).
 */
const accountAndAllowance = precompiled((db, slot) =>
  db
    .selectFrom('users')
    .leftJoin('quota_accounts', 'quota_accounts.user_id', 'users.id')
    .select(['quota_accounts.period', 'quota_accounts.allowance', 'quota_accounts.allowance_left', 'quota_accounts.extra', 'quota_accounts.used'])
    .select(allowanceColumns)
    .where('users.id', '=', slot(0)),
);

async function readAccountWithAllowance(db: Db, userId: string): Promise<{ account: QuotaAccount | undefined; allowance: number | null }> {
  const [row] = await accountAndAllowance(db, userId);
  const allowance = allowanceOf(row);
  // No balance row yet: the left join gives nulls.
  if (!row || row.period === null) return { account: undefined, allowance };
  return { allowance, account: toAccount(userId, row as AccountColumns) };
}

/**
 * What is left of this month's allowance to spend. The stored figure goes
 * below zero when a manager lowers the allowance under what was already used
 * this month (so raising it again the same month still counts that use); it
 * must never eat into the lasting credits a person bought or redeemed.
 */
export function allowanceLeftOf(account: QuotaAccount): number {
  return Math.max(0, account.allowanceLeft);
}

/** Spendable credits: this month's allowance left plus the lasting ones. */
export function balanceOf(account: QuotaAccount): number {
  return allowanceLeftOf(account) + account.extra;
}

export async function ensureAccount(db: Db, userId: string, now: number): Promise<QuotaAccount> {
  const period = periodOf(now);
  for (let attempt = 0; attempt < 20; attempt++) {
    const { account, allowance } = await readAccountWithAllowance(db, userId);
    if (!account) {
      await db
        .insertInto('quota_accounts')
        .values({ user_id: userId, period, allowance, allowance_left: allowance ?? 0, extra: 0, used: 0, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      continue;
    }
    if (account.period !== period) {
      // A new month: this month's allowance in full; what was left of the last one lapses.
      await db
        .updateTable('quota_accounts')
        .set({ period, allowance, allowance_left: allowance ?? 0, updated_at: now })
        .where('user_id', '=', userId)
        .where('period', '=', account.period)
        .execute();
      continue;
    }
    if (account.allowance !== allowance) {
      const change = (allowance ?? 0) - (account.allowance ?? 0);
      await db
        .updateTable('quota_accounts')
        .set((eb) => ({ allowance, allowance_left: eb('allowance_left', '+', change), updated_at: now }))
        .where('user_id', '=', userId)
        .where('period', '=', period)
        .where('allowance', account.allowance === null ? 'is' : '=', account.allowance)
        .execute();
      continue;
    }
    return account;
  }
  throw new Error(`quota account of ${userId} kept changing while being refilled`);
}

/** Adds (or with a negative amount takes) lasting credits; atomic, so concurrent redemptions all count. */
export async function addExtra(db: Db, userId: string, amount: number, now: number): Promise<void> {
  await ensureAccount(db, userId, now);
  await db
    .updateTable('quota_accounts')
    .set((eb) => ({ extra: eb('extra', '+', amount), updated_at: now }))
    .where('user_id', '=', userId)
    .execute();
}
