// The knowledge library's rules: who may create, read and change datasets,
// documents and chunks (access.ts), and the operations themselves.
import { sql } from 'kysely';
import type { ReferencePassage } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import type { DatasetVisibility } from '../../db/tables/knowledge.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { isCourseTeacher } from '../courses/index.js';
import { FILE_URL_PREFIX, fileAccessToken, type FileReader, findFile } from '../uploads/index.js';
import { DATASET_NOT_FOUND, readableAmong, requireOwnDataset, requireReadableDataset } from './access.js';
import { insertChunks, removeChunks } from './index-store.js';
import { prepareChunks } from './indexer.js';
import { KNOWLEDGE_FORMATS, parserFor } from './parsers/index.js';
import { searchDatasets, type SearchHit } from './retrieval.js';
import type { KnowledgeRuntime } from './runtime.js';
import {
  datasetCourseIds,
  documentCounts,
  findChunk,
  findDatasets,
  findDocument,
  insertDataset,
  insertDocument,
  listChunks,
  listDatasetsFor,
  listDocuments,
  requeueDocument,
  setDatasetCourses,
  touchDataset,
  updateDataset,
  type DatasetRecord,
  type DocumentRecord,
} from './store.js';
import { chunkView, datasetView, documentView, type ChunkView, type DatasetView, type DocumentView } from './views.js';

/** Students read what is shared with them; teachers and managers build libraries. */
const CREATORS: readonly ClientType[] = ['1', '2'];
/** Passages below this share of the question's weight are not worth quoting in an answer. */
export const MIN_ANSWER_RELEVANCE = 0.3;

export interface DatasetInput {
  name?: string;
  description?: string;
  visibility?: DatasetVisibility;
  courseIds?: string[];
}

async function checkCourses(ctx: ServerContext, userId: string, courseIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(courseIds)];
  for (const id of unique) if (!(await isCourseTeacher(ctx, userId, id))) throw badRequest('只能关联你任教的课程，请重新选择');
  return unique;
}

async function views(ctx: ServerContext, userId: string, datasets: readonly DatasetRecord[]): Promise<DatasetView[]> {
  const counts = await documentCounts(
    ctx.db,
    datasets.map((d) => d.id),
  );
  return datasets.map((d) => datasetView(d, userId, counts.get(d.id)));
}

export async function listDatasets(ctx: ServerContext, userId: string, query: { keyword?: string; scope?: 'all' | 'mine' | 'shared' }): Promise<DatasetView[]> {
  let datasets = await readableAmong(ctx, userId, await listDatasetsFor(ctx.db, userId, query.keyword?.trim() || undefined));
  if (query.scope === 'mine') datasets = datasets.filter((d) => d.ownerId === userId);
  if (query.scope === 'shared') datasets = datasets.filter((d) => d.ownerId !== userId);
  return views(ctx, userId, datasets);
}

export async function getDataset(ctx: ServerContext, userId: string, id: string): Promise<DatasetView> {
  const dataset = await requireReadableDataset(ctx, userId, id);
  const counts = await documentCounts(ctx.db, [id]);
  return datasetView(dataset, userId, counts.get(id), dataset.ownerId === userId ? await datasetCourseIds(ctx.db, id) : []);
}

export async function createDataset(ctx: ServerContext, userId: string, clientType: ClientType, input: DatasetInput & { name: string }): Promise<DatasetView> {
  if (!CREATORS.includes(clientType)) throw forbidden('学生身份不能创建知识库');
  const name = input.name.trim();
  if (!name) throw badRequest('知识库名称不能为空');
  const courseIds = input.courseIds ? await checkCourses(ctx, userId, input.courseIds) : [];
  const now = ctx.now();
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await insertDataset(trx, {
      id,
      ownerId: userId,
      name,
      description: input.description?.trim() ?? '',
      visibility: input.visibility ?? 'private',
      createdAt: now,
      updatedAt: now,
    });
    await setDatasetCourses(trx, id, courseIds, now);
  });
  return getDataset(ctx, userId, id);
}

export async function changeDataset(ctx: ServerContext, userId: string, id: string, input: DatasetInput): Promise<DatasetView> {
  await requireOwnDataset(ctx, userId, id);
  const name = input.name?.trim();
  if (input.name !== undefined && !name) throw badRequest('知识库名称不能为空');
  const courseIds = input.courseIds ? await checkCourses(ctx, userId, input.courseIds) : undefined;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateDataset(trx, id, { name, description: input.description?.trim(), visibility: input.visibility, updatedAt: now });
    if (courseIds) await setDatasetCourses(trx, id, courseIds, now);
  });
  return getDataset(ctx, userId, id);
}

export async function deleteDataset(ctx: ServerContext, userId: string, id: string): Promise<void> {
  await requireOwnDataset(ctx, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.data.dialect === 'sqlite') {
      await sql`delete from knowledge_fts where rowid in (select fts_rowid from knowledge_chunks where dataset_id = ${id})`.execute(trx);
    }
    await trx.deleteFrom('knowledge_datasets').where('id', '=', id).execute(); // documents, chunks and terms follow (cascade)
  });
}

/** Datasets a user may pick for a chat, an assistant or a course (GET /course/ragDataset/ragDsSelect). */
export async function selectableDatasets(
  ctx: ServerContext,
  userId: string,
): Promise<Array<{ id: string; name: string; description: string; visibility: DatasetVisibility; documentCount: number; owner: string; mine: boolean }>> {
  const list = await listDatasets(ctx, userId, {});
  return list.map((d) => ({
    id: d.id,
    name: d.name,
    description: d.description,
    visibility: d.visibility,
    documentCount: d.readyCount,
    owner: d.owner.name,
    mine: d.mine,
  }));
}

async function documentViewFor(ctx: ServerContext, reader: FileReader, d: DocumentRecord): Promise<DocumentView> {
  return documentView(d, `${FILE_URL_PREFIX}${d.fileId}?access=${await fileAccessToken(ctx, d.fileId, reader)}`);
}

export async function datasetDocuments(ctx: ServerContext, reader: FileReader, datasetId: string): Promise<DocumentView[]> {
  const userId = reader.id;
  await requireReadableDataset(ctx, userId, datasetId);
  return Promise.all((await listDocuments(ctx.db, datasetId)).map((d) => documentViewFor(ctx, reader, d)));
}

export async function addDocuments(
  ctx: ServerContext,
  rt: KnowledgeRuntime,
  reader: FileReader,
  datasetId: string,
  fileIds: readonly string[],
): Promise<DocumentView[]> {
  const userId = reader.id;
  await requireOwnDataset(ctx, userId, datasetId);
  const existing = new Set((await listDocuments(ctx.db, datasetId)).map((d) => d.fileId));
  const files = [];
  for (const id of new Set(fileIds)) {
    const file = await findFile(ctx.db, id);
    if (!file || file.ownerId !== userId) throw badRequest('文件不存在，请先上传文件');
    if (!parserFor(file.mime)) throw badRequest(`《${file.name}》不能加入知识库：只支持 ${KNOWLEDGE_FORMATS} 文件`);
    if (!existing.has(file.id)) files.push(file);
  }
  if (files.length === 0) throw badRequest('所选文件已经在这个知识库中');
  const now = ctx.now();
  const added: DocumentRecord[] = files.map((f, i) => ({
    id: newId(),
    datasetId,
    fileId: f.id,
    name: f.name,
    mime: f.mime,
    size: f.size,
    status: 'queued',
    error: null,
    pageCount: 0,
    charCount: 0,
    chunkCount: 0,
    createdAt: now + i,
    updatedAt: now + i,
  }));
  await ctx.db.transaction().execute(async (trx) => {
    for (const d of added) await insertDocument(trx, d);
    await touchDataset(trx, datasetId, now);
  });
  for (const d of added) rt.indexer.enqueue(d.id);
  return Promise.all(added.map((d) => documentViewFor(ctx, reader, d)));
}

/** A document the user may read (404 otherwise), with its dataset. */
async function readableDocument(ctx: ServerContext, userId: string, id: string): Promise<{ doc: DocumentRecord; dataset: DatasetRecord }> {
  const doc = await findDocument(ctx.db, id);
  if (!doc) throw notFound('文档不存在或已删除');
  const dataset = await requireReadableDataset(ctx, userId, doc.datasetId).catch(() => {
    throw notFound('文档不存在或已删除');
  });
  return { doc, dataset };
}

async function ownDocument(ctx: ServerContext, userId: string, id: string): Promise<DocumentRecord> {
  const { doc, dataset } = await readableDocument(ctx, userId, id);
  if (dataset.ownerId !== userId) throw forbidden('只有知识库的创建者可以修改它');
  return doc;
}

export async function getDocument(ctx: ServerContext, reader: FileReader, id: string): Promise<DocumentView> {
  const userId = reader.id;
  return documentViewFor(ctx, reader, (await readableDocument(ctx, userId, id)).doc);
}

export async function deleteDocument(ctx: ServerContext, userId: string, id: string): Promise<void> {
  const doc = await ownDocument(ctx, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await removeChunks(trx, ctx.data.dialect, { documentId: id });
    await trx.deleteFrom('knowledge_documents').where('id', '=', id).execute();
    await touchDataset(trx, doc.datasetId, ctx.now());
  });
}

/** Parses the file again (manual edits to chunks are replaced). */
export async function reindexDocument(ctx: ServerContext, rt: KnowledgeRuntime, reader: FileReader, id: string): Promise<DocumentView> {
  const userId = reader.id;
  const doc = await ownDocument(ctx, userId, id);
  if (doc.status === 'queued' || doc.status === 'parsing' || doc.status === 'indexing') throw badRequest('文档正在解析中，请稍候');
  await requeueDocument(ctx.db, id, ctx.now());
  rt.indexer.enqueue(id);
  return getDocument(ctx, reader, id);
}

export async function documentChunks(ctx: ServerContext, userId: string, id: string, query: { page?: number; pageSize?: number; keyword?: string }) {
  await readableDocument(ctx, userId, id);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { items, total } = await listChunks(ctx.db, id, page, pageSize, query.keyword?.trim() || undefined);
  return { items: items.map(chunkView), total, page, pageSize };
}

/** One passage with its document (a source opened from an answer). */
export async function getChunk(
  ctx: ServerContext,
  reader: FileReader,
  id: string,
): Promise<ChunkView & { documentName: string; datasetName: string; fileUrl: string }> {
  const userId = reader.id;
  const chunk = await findChunk(ctx.db, id);
  if (!chunk) throw notFound('这段内容不存在或已被删除');
  const { doc, dataset } = await readableDocument(ctx, userId, chunk.documentId).catch(() => {
    throw notFound('这段内容不存在或已被删除');
  });
  const view = await documentViewFor(ctx, reader, doc);
  return { ...chunkView(chunk), documentName: doc.name, datasetName: dataset.name, fileUrl: view.fileUrl };
}

export async function editChunk(ctx: ServerContext, rt: KnowledgeRuntime, userId: string, id: string, content: string): Promise<ChunkView> {
  const chunk = await findChunk(ctx.db, id);
  if (!chunk) throw notFound('这段内容不存在或已被删除');
  await ownDocument(ctx, userId, chunk.documentId);
  const text = content.trim();
  if (!text) throw badRequest('分段内容不能为空；不需要这段时请删除它');
  const { chunks } = await prepareChunks(rt, chunk, [{ id: chunk.id, position: chunk.position, page: chunk.page, content: text, edited: true }]);
  await ctx.db.transaction().execute(async (trx) => {
    await removeChunks(trx, ctx.data.dialect, { chunkId: id });
    await insertChunks(trx, ctx.data.dialect, chunks, ctx.now());
    await touchDataset(trx, chunk.datasetId, ctx.now());
  });
  return chunkView((await findChunk(ctx.db, id))!);
}

export async function deleteChunk(ctx: ServerContext, userId: string, id: string): Promise<void> {
  const chunk = await findChunk(ctx.db, id);
  if (!chunk) throw notFound('这段内容不存在或已被删除');
  await ownDocument(ctx, userId, chunk.documentId);
  await ctx.db.transaction().execute(async (trx) => {
    await removeChunks(trx, ctx.data.dialect, { chunkId: id });
    await trx
      .updateTable('knowledge_documents')
      .set({ chunk_count: sql`chunk_count - 1`, updated_at: ctx.now() })
      .where('id', '=', chunk.documentId)
      .execute();
    await touchDataset(trx, chunk.datasetId, ctx.now());
  });
}

/** The search test box: hits with their scores from the datasets the user may read. */
export async function searchTest(
  ctx: ServerContext,
  rt: KnowledgeRuntime,
  userId: string,
  input: { datasetIds: string[]; query: string; limit?: number },
): Promise<SearchHit[]> {
  const ids = [...new Set(input.datasetIds)];
  const datasets = await readableAmong(ctx, userId, await findDatasets(ctx.db, ids));
  if (datasets.length !== ids.length) throw notFound(DATASET_NOT_FOUND);
  return searchDatasets(ctx, rt, datasets, input.query, { limit: input.limit ?? 10 });
}

/** ctx.knowledge: passages for a chat question, only from datasets the user may read. */
export function createRetriever(ctx: ServerContext, rt: KnowledgeRuntime) {
  return {
    async retrieve(input: { userId: string; datasetIds: string[]; question: string; limit: number }): Promise<ReferencePassage[]> {
      if (input.datasetIds.length === 0) return [];
      const datasets = await readableAmong(ctx, input.userId, await findDatasets(ctx.db, [...new Set(input.datasetIds)]));
      const hits = await searchDatasets(ctx, rt, datasets, input.question, { limit: input.limit, minScore: MIN_ANSWER_RELEVANCE });
      return hits.map((h) => ({
        documentId: h.documentId,
        documentName: h.documentName,
        datasetId: h.datasetId,
        chunkId: h.chunkId,
        passage: h.content,
        score: Math.round(h.score * 1000) / 1000,
      }));
    },
  };
}
