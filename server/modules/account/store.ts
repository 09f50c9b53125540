// SQL for user accounts. Rows are mapped to UserRecord here so the rest of
// the code never sees column names.
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../db/ids.js';
import type { ClientType, Database, UsersTable } from '../../db/schema.js';
import { parseClientTypes } from './client-types.js';

export interface UserRecord {
  id: string;
  username: string;
  name: string;
  nickname: string;
  avatar: string | null;
  passwordHash: string;
  clientTypes: ClientType[];
  defaultClientType: ClientType;
  menus: string | null;
  /** May run the school's administration (as a manager, client type 2). */
  admin: boolean;
  /** When an administrator disabled the account; null while it is in use. */
  disabledAt: number | null;
  /** Holds a one-time password: must choose a new one before anything else. */
  mustChangePassword: boolean;
  /** E-mail and 工号/学号 from the school's sign-on, '' when none. */
  email: string;
  number: string;
  createdAt: number;
}

export interface NewUser {
  username: string;
  name: string;
  nickname?: string;
  passwordHash: string;
  clientTypes: ClientType[];
  admin?: boolean;
  mustChangePassword?: boolean;
}

/** Usernames are compared case-insensitively and stored lower-case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    nickname: row.nickname,
    avatar: row.avatar,
    passwordHash: row.password_hash,
    clientTypes: parseClientTypes(row.client_types),
    defaultClientType: row.default_client_type,
    menus: row.menus,
    admin: Number(row.admin) === 1,
    disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
    mustChangePassword: Number(row.must_change_password) === 1,
    email: row.email ?? '',
    number: row.number ?? '',
    createdAt: Number(row.created_at),
  };
}

export { toRecord as userRecordOf };

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').selectAll().where('username', '=', normalizeUsername(username)).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Which of these usernames are already taken. */
export async function existingUsernames(db: Kysely<Database>, usernames: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  // Chunked so a large roster stays under the databases' bind-parameter limits.
  for (let i = 0; i < usernames.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', usernames.slice(i, i + 500))
      .execute();
    for (const row of rows) taken.add(row.username);
  }
  return taken;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createUser(db: Kysely<Database>, user: NewUser, now: number): Promise<string> {
  const id = newId();
  const name = user.name.trim();
  await db
    .insertInto('users')
    .values({
      id,
      username: normalizeUsername(user.username),
      name,
      nickname: user.nickname?.trim() || name,
      avatar: null,
      password_hash: user.passwordHash,
      client_types: user.clientTypes.join(','),
      default_client_type: user.clientTypes[0]!,
      menus: null,
      admin: user.admin ? 1 : 0,
      must_change_password: user.mustChangePassword ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A service account's row (embed keys): no client type, and a hash no password matches. */
export async function insertServiceUser(
  db: Kysely<Database>,
  account: { id: string; username: string; name: string; nickname: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: account.id,
      username: account.username,
      name: account.name,
      nickname: account.nickname,
      avatar: null,
      password_hash: '!embed-service-account',
      client_types: '',
      default_client_type: '3',
      menus: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export interface UserPatch {
  nickname?: string;
  avatar?: string | null;
  passwordHash?: string;
  defaultClientType?: ClientType;
  name?: string;
  clientTypes?: ClientType[];
  menus?: string | null;
  admin?: boolean;
  disabledAt?: number | null;
  mustChangePassword?: boolean;
  email?: string;
  number?: string;
}

export async function updateUser(db: Kysely<Database>, id: string, patch: UserPatch, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}),
      ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}),
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      ...(patch.defaultClientType !== undefined ? { default_client_type: patch.defaultClientType } : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.clientTypes !== undefined ? { client_types: patch.clientTypes.join(',') } : {}),
      ...(patch.menus !== undefined ? { menus: patch.menus } : {}),
      ...(patch.admin !== undefined ? { admin: patch.admin ? 1 : 0 } : {}),
      ...(patch.disabledAt !== undefined ? { disabled_at: patch.disabledAt } : {}),
      ...(patch.mustChangePassword !== undefined ? { must_change_password: patch.mustChangePassword ? 1 : 0 } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.number !== undefined ? { number: patch.number } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}
