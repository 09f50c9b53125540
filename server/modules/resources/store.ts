// SQL for the resource library: folders, resources and their course shares.
import type { Kysely } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';
import type { ResourceKind } from '../../db/tables/resources.js';
import { parseIdList } from '../../db/json.js';

type Db = Kysely<Database>;

export interface FolderRecord {
  id: string;
  ownerId: string;
  parentId: string | null;
  name: string;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ResourceRecord {
  id: string;
  ownerId: string;
  folderId: string | null;
  fileId: string;
  name: string;
  mime: string;
  size: number;
  kind: ResourceKind;
  tags: string[];
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const toFolder = (r: Database['resource_folders']): FolderRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  parentId: r.parent_id,
  name: r.name,
  deletedAt: r.deleted_at === null ? null : Number(r.deleted_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const toResource = (r: Database['resources']): ResourceRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  folderId: r.folder_id,
  fileId: r.file_id,
  name: r.name,
  mime: r.mime,
  size: Number(r.size),
  kind: r.kind,
  tags: parseIdList(r.tags),
  deletedAt: r.deleted_at === null ? null : Number(r.deleted_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export async function findFolder(db: Db, id: string): Promise<FolderRecord | null> {
  const row = await db.selectFrom('resource_folders').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toFolder(row) : null;
}

export async function listFolders(db: Db, ownerId: string, parentId: string | null): Promise<FolderRecord[]> {
  let q = db.selectFrom('resource_folders').selectAll().where('owner_id', '=', ownerId).where('deleted_at', 'is', null);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  return (await q.orderBy('name').execute()).map(toFolder);
}

export async function allFolders(db: Db, ownerId: string): Promise<FolderRecord[]> {
  return (await db.selectFrom('resource_folders').selectAll().where('owner_id', '=', ownerId).execute()).map(toFolder);
}

export async function insertFolder(db: Db, f: FolderRecord): Promise<void> {
  await db
    .insertInto('resource_folders')
    .values({ id: f.id, owner_id: f.ownerId, parent_id: f.parentId, name: f.name, deleted_at: null, created_at: f.createdAt, updated_at: f.updatedAt })
    .execute();
}

export async function updateFolder(db: Db, id: string, changes: { name?: string; parentId?: string | null; updatedAt: number }): Promise<void> {
  await db
    .updateTable('resource_folders')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.parentId !== undefined ? { parent_id: changes.parentId } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export interface ResourceQuery {
  ownerId: string;
  /** undefined: every folder (a search); null: the top level. */
  folderId?: string | null;
  keyword?: string;
  tag?: string;
  kind?: ResourceKind;
}

export async function listResources(db: Db, query: ResourceQuery): Promise<ResourceRecord[]> {
  let q = db.selectFrom('resources').selectAll().where('owner_id', '=', query.ownerId).where('deleted_at', 'is', null);
  if (query.folderId === null) q = q.where('folder_id', 'is', null);
  else if (query.folderId !== undefined) q = q.where('folder_id', '=', query.folderId);
  if (query.keyword) q = q.where((eb) => eb.or([containsText('name', query.keyword!), containsText('tags', query.keyword!)]));
  if (query.tag) q = q.where(containsText('tags', JSON.stringify(query.tag)));
  if (query.kind) q = q.where('kind', '=', query.kind);
  return (await q.orderBy('created_at', 'desc').execute()).map(toResource);
}

export async function findResource(db: Db, id: string): Promise<ResourceRecord | null> {
  const row = await db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toResource(row) : null;
}

export async function insertResource(db: Db, r: ResourceRecord): Promise<void> {
  await db
    .insertInto('resources')
    .values({
      id: r.id,
      owner_id: r.ownerId,
      folder_id: r.folderId,
      file_id: r.fileId,
      name: r.name,
      mime: r.mime,
      size: r.size,
      kind: r.kind,
      tags: JSON.stringify(r.tags),
      deleted_at: null,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    })
    .execute();
}

export async function updateResource(
  db: Db,
  id: string,
  changes: { name?: string; folderId?: string | null; tags?: string[]; updatedAt: number },
): Promise<void> {
  await db
    .updateTable('resources')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.folderId !== undefined ? { folder_id: changes.folderId } : {}),
      ...(changes.tags !== undefined ? { tags: JSON.stringify(changes.tags) } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

/** Marks resources and folders deleted (or restores those deleted at `stamp` when deletedAt is null). */
export async function setDeleted(db: Db, ids: { folders: string[]; resources: string[] }, deletedAt: number | null): Promise<void> {
  if (ids.folders.length) await db.updateTable('resource_folders').set({ deleted_at: deletedAt }).where('id', 'in', ids.folders).execute();
  if (ids.resources.length) await db.updateTable('resources').set({ deleted_at: deletedAt }).where('id', 'in', ids.resources).execute();
}

export async function resourcesInFolders(db: Db, folderIds: readonly string[]): Promise<ResourceRecord[]> {
  if (folderIds.length === 0) return [];
  return (
    await db
      .selectFrom('resources')
      .selectAll()
      .where('folder_id', 'in', [...folderIds])
      .execute()
  ).map(toResource);
}

export async function ownerTags(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db.selectFrom('resources').select('tags').where('owner_id', '=', ownerId).where('deleted_at', 'is', null).execute();
  return [...new Set(rows.flatMap((r) => parseIdList(r.tags)))].sort((a, b) => a.localeCompare(b, 'zh'));
}

export async function sharesOf(db: Db, resourceIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (resourceIds.length === 0) return out;
  const rows = await db
    .selectFrom('resource_shares')
    .select(['resource_id', 'course_id'])
    .where('resource_id', 'in', [...resourceIds])
    .orderBy('created_at')
    .execute();
  for (const r of rows) out.set(r.resource_id, [...(out.get(r.resource_id) ?? []), r.course_id]);
  return out;
}

export async function setShares(db: Db, resourceId: string, courseIds: readonly string[], by: string, now: number): Promise<void> {
  await db.deleteFrom('resource_shares').where('resource_id', '=', resourceId).execute();
  if (courseIds.length) {
    await db
      .insertInto('resource_shares')
      .values(courseIds.map((courseId) => ({ resource_id: resourceId, course_id: courseId, shared_by: by, created_at: now })))
      .execute();
  }
}

/** Every live resource shared with some course (or with this one), with the course, newest share first. */
export async function sharedResources(db: Db, courseId?: string): Promise<Array<ResourceRecord & { courseId: string }>> {
  let query = db
    .selectFrom('resource_shares as s')
    .innerJoin('resources as r', 'r.id', 's.resource_id')
    .selectAll('r')
    .select('s.course_id')
    .where('r.deleted_at', 'is', null);
  if (courseId) query = query.where('s.course_id', '=', courseId);
  const rows = await query.orderBy('s.created_at', 'desc').execute();
  return rows.map((r) => ({ ...toResource(r), courseId: r.course_id }));
}

export async function coursesSharingFile(db: Db, fileId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('resource_shares as s')
    .innerJoin('resources as r', 'r.id', 's.resource_id')
    .select('s.course_id')
    .where('r.file_id', '=', fileId)
    .where('r.deleted_at', 'is', null)
    .execute();
  return [...new Set(rows.map((r) => r.course_id))];
}

/** Resources and folders deleted before `before` leave for good (their files stay with the owner). */
export async function purgeDeleted(db: Db, before: number): Promise<void> {
  await db.deleteFrom('resources').where('deleted_at', '<', before).execute();
  await db.deleteFrom('resource_folders').where('deleted_at', '<', before).execute();
}
