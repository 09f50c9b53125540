// SQL of the safety area: word lists, allowlist, settings with their version
// row, events and alerts (tables in server/db/tables/safety.ts).
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { SafetyCategory, SafetyWordAction } from '../../db/tables/safety.js';
import type { ListedWord } from './matcher.js';

type Db = Kysely<Database>;

export interface WordRecord extends ListedWord {
  builtin: boolean;
  createTime: number;
}

export async function listWords(db: Db): Promise<WordRecord[]> {
  const rows = await db.selectFrom('safety_words').selectAll().orderBy('created_at', 'desc').orderBy('word').execute();
  return rows.map((r) => ({
    id: r.id,
    word: r.word,
    category: r.category,
    action: r.action,
    builtin: Number(r.builtin) === 1,
    createTime: Number(r.created_at),
  }));
}

/** Adds the words not listed yet; returns how many were new. */
export async function insertWords(
  db: Db,
  words: ReadonlyArray<{ word: string; category: SafetyCategory; action: SafetyWordAction }>,
  userId: string,
  now: number,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < words.length; i += 500) {
    const batch = words
      .slice(i, i + 500)
      .map((w) => ({ id: newId(), word: w.word, category: w.category, action: w.action, builtin: 0, created_by: userId, created_at: now }));
    const result = await db
      .insertInto('safety_words')
      .values(batch)
      .onConflict((oc) => oc.column('word').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function deleteWord(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('safety_words').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listAllow(db: Db): Promise<Array<{ id: string; phrase: string; createTime: number }>> {
  const rows = await db.selectFrom('safety_allow').selectAll().orderBy('created_at', 'desc').orderBy('phrase').execute();
  return rows.map((r) => ({ id: r.id, phrase: r.phrase, createTime: Number(r.created_at) }));
}

export async function insertAllow(db: Db, phrases: readonly string[], userId: string, now: number): Promise<void> {
  if (phrases.length === 0) return;
  await db
    .insertInto('safety_allow')
    .values(phrases.map((phrase) => ({ id: newId(), phrase, created_by: userId, created_at: now })))
    .onConflict((oc) => oc.column('phrase').doNothing())
    .execute();
}

export async function deleteAllow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('safety_allow').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('safety_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('safety_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** Marks the lists or settings as changed: every instance polling the version reloads them. */
export async function bumpVersion(db: Db, now: number): Promise<string> {
  const version = newId();
  await writeSetting(db, 'version', version, now);
  return version;
}
