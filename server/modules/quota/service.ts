// What people and managers see and change of the quota: a person's balance
// and history; managers' allowances, grants and takes, and use per person,
// class and model.
import type { ExpressionBuilder } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { AllowanceScope } from '../../db/tables/quota.js';
import { badRequest, notFound } from '../../http/errors.js';
import { CLIENT_TYPES, findUserByUsername } from '../account/index.js';
import { addExtra, allowanceLeftOf, balanceOf, ensureAccount } from './accounts.js';
import { writeLedger } from './ledger.js';
import { toCredits, toMilli } from './units.js';

export interface QuotaView {
  /** Credits that can be spent now (this month's allowance left plus lasting credits). */
  balance: number;
  /** Credits used, all time. */
  used: number;
  /** An allowance applies: at zero, AI use is refused. */
  limited: boolean;
  /** The monthly allowance; null when none applies. */
  allowance: number | null;
  allowanceLeft: number;
  /** Lasting credits (bought, redeemed, granted). */
  extra: number;
}

export async function quotaOf(ctx: ServerContext, userId: string): Promise<QuotaView> {
  const a = await ensureAccount(ctx.db, userId, ctx.now());
  return {
    balance: toCredits(balanceOf(a)),
    used: toCredits(a.used),
    limited: a.allowance !== null,
    allowance: a.allowance === null ? null : toCredits(a.allowance),
    allowanceLeft: toCredits(allowanceLeftOf(a)),
    extra: toCredits(a.extra),
  };
}

export interface LedgerView {
  id: string;
  kind: string;
  /** Balance change in credits. */
  delta: number;
  cost: number;
  model: string | null;
  promptTokens: number;
  completionTokens: number;
  note: string;
  createdAt: number;
}

export async function historyOf(ctx: ServerContext, userId: string, page: number, pageSize: number): Promise<{ list: LedgerView[]; total: number }> {
  const base = ctx.db.selectFrom('quota_ledger').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      delta: toCredits(Number(r.delta)),
      cost: toCredits(Number(r.cost)),
      model: r.model,
      promptTokens: r.prompt_tokens,
      completionTokens: r.completion_tokens,
      note: r.note,
      createdAt: Number(r.created_at),
    })),
  };
}

// ---- managers ----

export interface AllowanceView {
  scope: AllowanceScope;
  targetId: string;
  /** The person's username, the class's name, or the client type. */
  targetName: string;
  credits: number;
  updatedAt: number;
}

export async function listAllowances(ctx: ServerContext): Promise<AllowanceView[]> {
  const rows = await ctx.db
    .selectFrom('quota_allowances')
    .leftJoin('users', (j) => j.onRef('users.id', '=', 'quota_allowances.target_id').on('quota_allowances.scope', '=', 'user'))
    .leftJoin('classes', (j) => j.onRef('classes.id', '=', 'quota_allowances.target_id').on('quota_allowances.scope', '=', 'class'))
    .select([
      'quota_allowances.scope',
      'quota_allowances.target_id',
      'quota_allowances.credits',
      'quota_allowances.updated_at',
      'users.username',
      'classes.name as className',
    ])
    .orderBy('quota_allowances.scope')
    .orderBy('quota_allowances.target_id')
    .execute();
  return rows.map((r) => ({
    scope: r.scope,
    targetId: r.target_id,
    targetName: r.username ?? r.className ?? r.target_id,
    credits: toCredits(Number(r.credits)),
    updatedAt: Number(r.updated_at),
  }));
}

/** The id an allowance is kept under: a person may be named by username. */
async function allowanceTarget(ctx: ServerContext, scope: AllowanceScope, target: string): Promise<string> {
  if (scope === 'client') {
    if (!(CLIENT_TYPES as readonly string[]).includes(target)) throw badRequest('身份只能是 1（教师）、2（管理）或 3（学生）');
    return target;
  }
  if (scope === 'class') {
    const found = await ctx.db.selectFrom('classes').select('id').where('id', '=', target).executeTakeFirst();
    if (!found) throw notFound('班级不存在');
    return target;
  }
  const byId = await ctx.db.selectFrom('users').select('id').where('id', '=', target).executeTakeFirst();
  const user = byId ?? (await findUserByUsername(ctx.db, target));
  if (!user) throw notFound('用户不存在');
  return user.id;
}

export async function setAllowance(ctx: ServerContext, actorId: string, scope: AllowanceScope, target: string, credits: number): Promise<void> {
  const targetId = await allowanceTarget(ctx, scope, target);
  const values = { credits: toMilli(credits), updated_by: actorId, updated_at: ctx.now() };
  await ctx.db
    .insertInto('quota_allowances')
    .values({ scope, target_id: targetId, ...values })
    .onConflict((oc) => oc.columns(['scope', 'target_id']).doUpdateSet(values))
    .execute();
}

export async function removeAllowance(ctx: ServerContext, scope: AllowanceScope, targetId: string): Promise<void> {
  const result = await ctx.db.deleteFrom('quota_allowances').where('scope', '=', scope).where('target_id', '=', targetId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('该额度设置不存在');
}

/** Grants (positive) or takes (negative) lasting credits from one person. */
export async function grantCredits(ctx: ServerContext, actorId: string, target: string, credits: number, note: string): Promise<QuotaView> {
  if (credits === 0) throw badRequest('请填写要增加或扣除的额度');
  const userId = await allowanceTarget(ctx, 'user', target);
  const amount = toMilli(credits);
  await ctx.db.transaction().execute(async (trx) => {
    await addExtra(trx, userId, amount, ctx.now());
    await writeLedger(trx, { userId, kind: amount > 0 ? 'grant' : 'take', delta: amount, note, actorId }, ctx.now());
  });
  return quotaOf(ctx, userId);
}

export type UsageGrouping = 'person' | 'class' | 'model';

export interface UsageRow {
  key: string;
  name: string;
  /** Credits charged (limited or not). */
  cost: number;
  uses: number;
  promptTokens: number;
  completionTokens: number;
}

const USE_KINDS = ['chat', 'image', 'video'];

export async function usage(ctx: ServerContext, by: UsageGrouping, from: number | undefined, to: number | undefined): Promise<UsageRow[]> {
  let q = ctx.db.selectFrom('quota_ledger').where('quota_ledger.kind', 'in', USE_KINDS);
  if (from !== undefined) q = q.where('quota_ledger.created_at', '>=', from);
  if (to !== undefined) q = q.where('quota_ledger.created_at', '<', to);
  const sums = (eb: ExpressionBuilder<Database, 'quota_ledger'>) => [
    eb.fn.sum('quota_ledger.cost').as('cost'),
    eb.fn.countAll().as('uses'),
    eb.fn.sum('quota_ledger.prompt_tokens').as('promptTokens'),
    eb.fn.sum('quota_ledger.completion_tokens').as('completionTokens'),
  ];
  type Row = { key: string | null; name: string | null; cost: unknown; uses: unknown; promptTokens: unknown; completionTokens: unknown };
  let found: unknown[];
  if (by === 'model') {
    found = await q
      .select((eb) => [eb.ref('quota_ledger.model').as('key'), eb.ref('quota_ledger.model').as('name'), ...sums(eb)])
      .groupBy('quota_ledger.model')
      .execute();
  } else if (by === 'person') {
    found = await q
      .innerJoin('users', 'users.id', 'quota_ledger.user_id')
      .select((eb) => [eb.ref('users.id').as('key'), eb.ref('users.username').as('name'), ...sums(eb)])
      .groupBy(['users.id', 'users.username'])
      .execute();
  } else {
    // A class's use is its students' (a teacher's use is not the class's, in any of the classes they teach).
    found = await q
      .innerJoin('class_members', 'class_members.user_id', 'quota_ledger.user_id')
      .where('class_members.role', '=', 'student')
      .innerJoin('classes', 'classes.id', 'class_members.class_id')
      .select((eb) => [eb.ref('classes.id').as('key'), eb.ref('classes.name').as('name'), ...sums(eb)])
      .groupBy(['classes.id', 'classes.name'])
      .execute();
  }
  return (found as Row[])
    .map((r) => ({
      key: r.key ?? '',
      name: r.name ?? '',
      cost: toCredits(Number(r.cost ?? 0)),
      uses: Number(r.uses ?? 0),
      promptTokens: Number(r.promptTokens ?? 0),
      completionTokens: Number(r.completionTokens ?? 0),
    }))
    .sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name));
}

export interface PersonQuota extends QuotaView {
  userId: string;
  username: string;
  name: string;
}

/** A manager looks a person up by username to see and change their credits. */
export async function personQuota(ctx: ServerContext, username: string): Promise<PersonQuota> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw notFound('用户不存在');
  return { userId: user.id, username: user.username, name: user.name, ...(await quotaOf(ctx, user.id)) };
}

/** Classes a manager can give an allowance to (id and name, by name). */
export async function allowanceClasses(ctx: ServerContext): Promise<Array<{ id: string; name: string }>> {
  return ctx.db.selectFrom('classes').select(['id', 'name']).orderBy('name').limit(2000).execute();
}
