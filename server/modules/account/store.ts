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
}

export interface NewUser {
  username: string;
  name: string;
  nickname?: string;
  passwordHash: string;
  clientTypes: ClientType[];
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
  };
}

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
    const rows = await db.selectFrom('users').select('username').where('username', 'in', usernames.slice(i, i + 500)).execute();
    for (const row of rows) taken.add(row.username);
  }
  return taken;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export interface UserPatch {
  nickname?: string;
  avatar?: string | null;
  passwordHash?: string;
  defaultClientType?: ClientType;
}

export async function updateUser(db: Kysely<Database>, id: string, patch: UserPatch, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}),
      ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}),
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      ...(patch.defaultClientType !== undefined ? { default_client_type: patch.defaultClientType } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}
