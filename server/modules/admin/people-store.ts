// SQL for the people screen: searching accounts with their classes.
import { sql, type Kysely } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { ClientType, Database } from '../../db/schema.js';
import { type UserRecord, userRecordOf } from '../account/index.js';

export interface PeopleFilter {
  keyword?: string;
  clientType?: ClientType;
  classId?: string;
  status?: 'active' | 'disabled';
  page: number;
  pageSize: number;
}

export async function searchPeople(db: Kysely<Database>, filter: PeopleFilter): Promise<{ items: UserRecord[]; total: number }> {
  let query = db.selectFrom('users');
  const keyword = filter.keyword?.trim();
  if (keyword)
    query = query.where((eb) =>
      eb.or([
        containsText('username', keyword),
        containsText('name', keyword),
        containsText('nickname', keyword),
        containsText('number', keyword),
        containsText('email', keyword),
      ]),
    );
  if (filter.clientType) query = query.where(sql<boolean>`',' || client_types || ',' like ${`%,${filter.clientType},%`}`);
  if (filter.classId) {
    const classId = filter.classId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_members')
          .select('class_members.user_id')
          .whereRef('class_members.user_id', '=', 'users.id')
          .where('class_members.class_id', '=', classId),
      ),
    );
  }
  if (filter.status === 'active') query = query.where('disabled_at', 'is', null);
  if (filter.status === 'disabled') query = query.where('disabled_at', 'is not', null);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('username')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(userRecordOf), total: Number(count.n) };
}

export interface ClassRef {
  id: string;
  name: string;
}

/** The classes of each of these accounts. */
export async function classesOf(db: Kysely<Database>, userIds: string[]): Promise<Map<string, ClassRef[]>> {
  const byUser = new Map<string, ClassRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select(['class_members.user_id', 'classes.id', 'classes.name'])
    .where('class_members.user_id', 'in', userIds)
    .orderBy('classes.name')
    .execute();
  for (const row of rows) byUser.get(row.user_id)?.push({ id: row.id, name: row.name });
  return byUser;
}

/** Managers still holding the admin right, other than this account, whose account is in use. */
export async function otherActiveAdmins(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin', '=', 1)
    .where('disabled_at', 'is', null)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
