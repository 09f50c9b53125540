// SQL for saved mind maps.
import type { Kysely } from 'kysely';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { MindMapsTable } from '../../db/tables/mindmaps.js';

type Db = Kysely<Database>;

export interface MapSource {
  kind: string;
  id?: string;
  title: string;
}

export interface MindMapRecord {
  id: string;
  ownerId: string;
  title: string;
  outline: string;
  source: MapSource | null;
  shareToken: string | null;
  sharedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

function toRecord(r: MindMapsTable): MindMapRecord {
  return {
    id: r.id,
    ownerId: r.owner_id,
    title: r.title,
    outline: r.outline,
    source: parseJson<MapSource | null>(r.source, null),
    shareToken: r.share_token,
    sharedAt: r.shared_at === null ? null : Number(r.shared_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export async function insertMap(db: Db, m: MindMapRecord): Promise<void> {
  await db
    .insertInto('mind_maps')
    .values({
      id: m.id,
      owner_id: m.ownerId,
      title: m.title,
      outline: m.outline,
      source: m.source ? JSON.stringify(m.source) : null,
      share_token: null,
      shared_at: null,
      created_at: m.createdAt,
      updated_at: m.updatedAt,
    })
    .execute();
}

export async function findMap(db: Db, id: string): Promise<MindMapRecord | null> {
  const row = await db.selectFrom('mind_maps').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findMapByShareToken(db: Db, token: string): Promise<MindMapRecord | null> {
  const row = await db.selectFrom('mind_maps').selectAll().where('share_token', '=', token).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function countMaps(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('mind_maps')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The owner's maps, newest change first, without their outlines. */
export async function listMaps(db: Db, ownerId: string, limit: number): Promise<Array<Omit<MindMapRecord, 'outline'>>> {
  const rows = await db
    .selectFrom('mind_maps')
    .select(['id', 'owner_id', 'title', 'source', 'share_token', 'shared_at', 'created_at', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const { outline: _outline, ...rest } = toRecord({ ...r, outline: '' });
    return rest;
  });
}

export async function updateMap(db: Db, id: string, changes: { title?: string; outline?: string }, now: number): Promise<void> {
  await db
    .updateTable('mind_maps')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.outline !== undefined ? { outline: changes.outline } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function setShareToken(db: Db, id: string, token: string | null, now: number | null): Promise<void> {
  await db.updateTable('mind_maps').set({ share_token: token, shared_at: now }).where('id', '=', id).execute();
}

export async function deleteMap(db: Db, id: string): Promise<void> {
  await db.deleteFrom('mind_maps').where('id', '=', id).execute();
}
