// SQL for knowledge datasets: the list a user may read, their course links and counts.
import { sql, type Kysely } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';
import type { DatasetVisibility } from '../../db/tables/knowledge.js';
import { displayName } from '../account/index.js';

export interface DatasetRecord {
  id: string;
  ownerId: string;
  ownerName: string;
  name: string;
  description: string;
  visibility: DatasetVisibility;
  chunkCount: number;
  termCount: number;
  createdAt: number;
  updatedAt: number;
}

function datasetsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('knowledge_datasets as k')
    .innerJoin('users as u', 'u.id', 'k.owner_id')
    .select([
      'k.id',
      'k.owner_id',
      'u.nickname',
      'u.name as owner_name',
      'k.name',
      'k.description',
      'k.visibility',
      'k.chunk_count',
      'k.term_count',
      'k.created_at',
      'k.updated_at',
    ]);
}

type DatasetRow = Awaited<ReturnType<ReturnType<typeof datasetsQuery>['executeTakeFirstOrThrow']>>;

function toDataset(r: DatasetRow): DatasetRecord {
  return {
    id: r.id,
    ownerId: r.owner_id,
    ownerName: displayName({ nickname: r.nickname, name: r.owner_name }),
    name: r.name,
    description: r.description,
    visibility: r.visibility,
    chunkCount: Number(r.chunk_count),
    termCount: Number(r.term_count),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export async function findDataset(db: Kysely<Database>, id: string): Promise<DatasetRecord | null> {
  const row = await datasetsQuery(db).where('k.id', '=', id).executeTakeFirst();
  return row ? toDataset(row) : null;
}

export async function findDatasets(db: Kysely<Database>, ids: readonly string[]): Promise<DatasetRecord[]> {
  if (ids.length === 0) return [];
  return (
    await datasetsQuery(db)
      .where('k.id', 'in', [...ids])
      .execute()
  ).map(toDataset);
}

/** Candidates for "may read": the user's own, every school-wide one, and those shared with courses. */
export async function listDatasetsFor(db: Kysely<Database>, userId: string, keyword?: string): Promise<DatasetRecord[]> {
  let query = datasetsQuery(db).where((eb) => eb.or([eb('k.owner_id', '=', userId), eb('k.visibility', 'in', ['school', 'course'])]));
  if (keyword) query = query.where((eb) => eb.or([containsText('k.name', keyword), containsText('k.description', keyword)]));
  return (await query.orderBy('k.updated_at', 'desc').execute()).map(toDataset);
}

export async function insertDataset(db: Kysely<Database>, d: Omit<DatasetRecord, 'ownerName' | 'chunkCount' | 'termCount'>): Promise<void> {
  await db
    .insertInto('knowledge_datasets')
    .values({
      id: d.id,
      owner_id: d.ownerId,
      name: d.name,
      description: d.description,
      visibility: d.visibility,
      chunk_count: 0,
      term_count: 0,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
    })
    .execute();
}

export async function updateDataset(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<DatasetRecord, 'name' | 'description' | 'visibility'>> & { updatedAt: number },
): Promise<void> {
  await db
    .updateTable('knowledge_datasets')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function touchDataset(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('knowledge_datasets').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function datasetCourseIds(db: Kysely<Database>, datasetId: string): Promise<string[]> {
  const rows = await db.selectFrom('knowledge_dataset_courses').select('course_id').where('dataset_id', '=', datasetId).orderBy('created_at').execute();
  return rows.map((r) => r.course_id);
}

export async function setDatasetCourses(db: Kysely<Database>, datasetId: string, courseIds: readonly string[], now: number): Promise<void> {
  await db.deleteFrom('knowledge_dataset_courses').where('dataset_id', '=', datasetId).execute();
  if (courseIds.length) {
    await db
      .insertInto('knowledge_dataset_courses')
      .values(courseIds.map((courseId) => ({ dataset_id: datasetId, course_id: courseId, created_at: now })))
      .execute();
  }
}

export async function documentCounts(db: Kysely<Database>, datasetIds: readonly string[]): Promise<Map<string, { total: number; ready: number }>> {
  const out = new Map<string, { total: number; ready: number }>();
  if (datasetIds.length === 0) return out;
  const rows = await db
    .selectFrom('knowledge_documents')
    .select(['dataset_id', sql<number>`count(*)`.as('total'), sql<number>`sum(case when status = 'ready' then 1 else 0 end)`.as('ready')])
    .where('dataset_id', 'in', [...datasetIds])
    .groupBy('dataset_id')
    .execute();
  for (const r of rows) out.set(r.dataset_id, { total: Number(r.total), ready: Number(r.ready ?? 0) });
  return out;
}
/** Datasets (other than private) with the courses they are linked to, for course-visibility checks. */
export async function courseLinkedDatasets(db: Kysely<Database>, datasetIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (datasetIds.length === 0) return out;
  const rows = await db
    .selectFrom('knowledge_dataset_courses')
    .select(['dataset_id', 'course_id'])
    .where('dataset_id', 'in', [...datasetIds])
    .execute();
  for (const r of rows) out.set(r.dataset_id, [...(out.get(r.dataset_id) ?? []), r.course_id]);
  return out;
}
