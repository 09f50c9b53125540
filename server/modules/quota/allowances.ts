// Which monthly allowance applies to a person. The most specific wins: one
// set for the person, else the largest of their classes', else the largest
// of their client types'. None at all: the person is not limited (a new
// installation limits no one until a manager sets allowances).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AllowanceScope } from '../../db/tables/quota.js';
import { precompiled } from '../../db/precompiled.js';
import { parseClientTypes } from '../account/index.js';

/** Read before every metered use: built once (server/db/precompiled.ts). */
const clientTypesOf = precompiled((db, slot) => db.selectFrom('users').select('client_types').where('id', '=', slot(0)));

export async function applicableAllowance(db: Kysely<Database>, userId: string): Promise<number | null> {
  const [user] = await clientTypesOf(db, userId);
  const classIds = db.selectFrom('class_members').select('class_id').where('user_id', '=', userId);
  // An account with no client type (an embed key's service user) matches no client allowance;
  // `in ()` is not SQL PostgreSQL accepts, so that branch is left out.
  const clientTypes = user ? parseClientTypes(user.client_types) : [];
  const rows = await db
    .selectFrom('quota_allowances')
    .select(['scope', 'credits'])
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'user'), eb('target_id', '=', userId)]),
        eb.and([eb('scope', '=', 'class'), eb('target_id', 'in', classIds)]),
        ...(clientTypes.length ? [eb.and([eb('scope', '=', 'client'), eb('target_id', 'in', clientTypes)])] : []),
      ]),
    )
    .execute();
  for (const scope of ['user', 'class', 'client'] as AllowanceScope[]) {
    const amounts = rows.filter((r) => r.scope === scope).map((r) => Number(r.credits));
    if (amounts.length) return Math.max(...amounts);
  }
  return null;
}
