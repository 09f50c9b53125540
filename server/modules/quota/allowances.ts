// Which monthly allowance applies to a person. The most specific wins: one
// set for the person, else the largest of the classes they sit in as a
// student (a class's allowance is for its students, not for who teaches it),
// else the largest of their client types'. None at all: the person is not
// limited (a new installation limits no one until a manager sets allowances).
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The largest allowance of each scope, as columns of a query over the
 * person's `users` row: their own, their classes' (as a student) and their
 * client types'. The types are matched inside the database against the
 * stored list ("1,2"; spaces and repeats allowed), so one query serves any
 * number of them, none included (an embed key's service user). A client
 * allowance is kept only under a client type's id (service.ts
 * allowanceTarget), so the pattern never holds a wildcard.
 */
export function allowanceColumns(eb: ExpressionBuilder<Database, 'users'>) {
  const largest = eb.selectFrom('quota_allowances').select((e) => e.fn.max('quota_allowances.credits').as('credits'));
  return [
    largest.where('quota_allowances.scope', '=', 'user').whereRef('quota_allowances.target_id', '=', 'users.id').as('user_allowance'),
    largest
      .where('quota_allowances.scope', '=', 'class')
      .where('quota_allowances.target_id', 'in', (e) =>
        e
          .selectFrom('class_members')
          .select('class_members.class_id')
          .whereRef('class_members.user_id', '=', 'users.id')
          .where('class_members.role', '=', 'student'),
      )
      .as('class_allowance'),
    largest
      .where('quota_allowances.scope', '=', 'client')
      .where((e) => sql<boolean>`',' || replace(${e.ref('users.client_types')}, ' ', '') || ',' like '%,' || ${e.ref('quota_allowances.target_id')} || ',%'`)
      .as('client_allowance'),
  ] as const;
}

export interface AllowanceColumns {
  user_allowance: number | string | null;
  class_allowance: number | string | null;
  client_allowance: number | string | null;
}

/** The most specific scope that has one wins; none at all: not limited. */
export function allowanceOf(row: AllowanceColumns | undefined): number | null {
  if (!row) return null;
  for (const amount of [row.user_allowance, row.class_allowance, row.client_allowance]) if (amount !== null) return Number(amount);
  return null;
}

/** The allowance that applies to a person (quota accounts read it with their row: accounts.ts). */
export async function applicableAllowance(db: Kysely<Database>, userId: string): Promise<number | null> {
  return allowanceOf(await db.selectFrom('users').select(allowanceColumns).where('users.id', '=', userId).executeTakeFirst());
}
