// Which monthly allowance applies to a person. The most specific wins: one
// set for the person, else the largest of the classes they sit in as a
// student (a class's allowance is for its students, not for who teaches it),
// else the largest of their client types'. None at all: the person is not
// limited (a new installation limits no one until a manager sets allowances).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AllowanceScope } from '../../db/tables/quota.js';
import { precompiled } from '../../db/precompiled.js';
import { CLIENT_TYPES, parseClientTypes } from '../account/index.js';

/** Read before every metered use: built once (server/db/precompiled.ts). */
const clientTypesOf = precompiled((db, slot) => db.selectFrom('users').select('client_types').where('id', '=', slot(0)));

/**
 * The allowances that may apply: the person's own, their classes', and their
 * client types'. Built once per number of client types (0 to 3), since the
 * list's length shapes the SQL: `in ()` is not SQL PostgreSQL accepts, so an
 * account with none (an embed key's service user) leaves that branch out.
 */
const candidateAllowances = Array.from({ length: CLIENT_TYPES.length + 1 }, (_, typeCount) =>
  precompiled((db, slot) =>
    db
      .selectFrom('quota_allowances')
      .select(['scope', 'credits'])
      .where((eb) =>
        eb.or([
          eb.and([eb('scope', '=', 'user'), eb('target_id', '=', slot<string>(0))]),
          eb.and([
            eb('scope', '=', 'class'),
            eb('target_id', 'in', db.selectFrom('class_members').select('class_id').where('user_id', '=', slot<string>(0)).where('role', '=', 'student')),
          ]),
          ...(typeCount
            ? [
                eb.and([
                  eb('scope', '=', 'client'),
                  eb(
                    'target_id',
                    'in',
                    Array.from({ length: typeCount }, (_, i) => slot<string>(i + 1)),
                  ),
                ]),
              ]
            : []),
        ]),
      ),
  ),
);

export async function applicableAllowance(db: Kysely<Database>, userId: string): Promise<number | null> {
  const [user] = await clientTypesOf(db, userId);
  // Each type once: the list sizes the query (a stored '1,1' must not ask for a fourth variant).
  const clientTypes = user ? [...new Set(parseClientTypes(user.client_types))] : [];
  const rows = await candidateAllowances[clientTypes.length]!(db, userId, ...clientTypes);
  for (const scope of ['user', 'class', 'client'] as AllowanceScope[]) {
    const amounts = rows.filter((r) => r.scope === scope).map((r) => Number(r.credits));
    if (amounts.length) return Math.max(...amounts);
  }
  return null;
}
