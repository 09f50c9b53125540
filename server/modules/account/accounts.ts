// What other modules do with accounts, as verbs (the SQL stays in store.ts):
// school administration and the roster import make and change people, phone
// sign-in resets a password, an embed key keeps a service account that owns
// its anonymous visitors' chats.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countUsers, createUser, deleteUser, insertServiceUser, type NewUser, updateUser, type UserPatch } from './store.js';

/** Makes an account; returns its id. */
export function createAccount(db: Kysely<Database>, user: NewUser, now: number): Promise<string> {
  return createUser(db, user, now);
}

/** Changes what the patch names and nothing else. */
export function changeAccount(db: Kysely<Database>, id: string, patch: UserPatch, now: number): Promise<void> {
  return updateUser(db, id, patch, now);
}

/** Whether any account exists yet (a school's roster, or the demo school). */
export async function hasAccounts(db: Kysely<Database>): Promise<boolean> {
  return (await countUsers(db)) > 0;
}

/** An account nobody signs in to: no client type, a password hash that matches no password. */
export function createServiceAccount(
  db: Kysely<Database>,
  account: { id: string; username: string; name: string; nickname: string },
  now: number,
): Promise<void> {
  return insertServiceUser(db, account, now);
}

/** Removes a service account (the chats it owns go with it). */
export function deleteServiceAccount(db: Kysely<Database>, id: string): Promise<void> {
  return deleteUser(db, id);
}
