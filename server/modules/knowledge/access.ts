// Who may read or change a dataset (the rules of docs/api/knowledge.md):
//   private  its owner only
//   course   also whoever may read a course it is linked to, or a course whose
//            AI answers from it (courses.ai_dataset_ids) — so the students of
//            that course get answers from it
//   school   every signed-in user
// Only the owner changes a dataset. A dataset the caller may not read is
// "not found" (404), never confirmed; one they may read but not change is 403.
import type { ServerContext } from '../../context.js';
import { containsText } from '../../db/contains.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { canReadCourse } from '../courses/index.js';
import { courseLinkedDatasets, findDataset, findDatasets, type DatasetRecord } from './store.js';

export const DATASET_NOT_FOUND = '知识库不存在或你无权查看';
export const MAX_PICKED_DATASETS = 20;

const courseTables = new WeakMap<ServerContext, Promise<boolean>>();

/** The courses area's tables exist (it is built alongside; until it lands, course visibility grants nothing more). */
function coursesAvailable(ctx: ServerContext): Promise<boolean> {
  let known = courseTables.get(ctx);
  if (!known) {
    known = ctx.db.introspection
      .getTables()
      .then((tables) => tables.some((t) => t.name === 'course_teachers' && (ctx.data.schema === undefined || t.schema === ctx.data.schema)));
    courseTables.set(ctx, known);
  }
  return known;
}

/** Courses whose AI answers from this dataset. */
async function coursesUsing(ctx: ServerContext, datasetId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('courses')
    .select('id')
    .where(containsText('ai_dataset_ids', `"${datasetId}"`))
    .execute();
  return rows.map((r) => r.id);
}

/** The datasets among `datasets` that the user may read, in the same order. */
export async function readableAmong(ctx: ServerContext, userId: string, datasets: readonly DatasetRecord[]): Promise<DatasetRecord[]> {
  const viaCourse = datasets.filter((d) => d.ownerId !== userId && d.visibility === 'course');
  const allowed = new Set(datasets.filter((d) => d.ownerId === userId || d.visibility === 'school').map((d) => d.id));
  if (viaCourse.length && (await coursesAvailable(ctx))) {
    const links = await courseLinkedDatasets(
      ctx.db,
      viaCourse.map((d) => d.id),
    );
    const readable = new Map<string, boolean>();
    for (const d of viaCourse) {
      const courses = new Set([...(links.get(d.id) ?? []), ...(await coursesUsing(ctx, d.id))]);
      for (const courseId of courses) {
        if (!readable.has(courseId)) readable.set(courseId, await canReadCourse(ctx, userId, courseId));
        if (readable.get(courseId)) {
          allowed.add(d.id);
          break;
        }
      }
    }
  }
  return datasets.filter((d) => allowed.has(d.id));
}

export async function requireReadableDataset(ctx: ServerContext, userId: string, id: string): Promise<DatasetRecord> {
  const dataset = await findDataset(ctx.db, id);
  if (!dataset || (await readableAmong(ctx, userId, [dataset])).length === 0) throw notFound(DATASET_NOT_FOUND);
  return dataset;
}

export async function requireOwnDataset(ctx: ServerContext, userId: string, id: string): Promise<DatasetRecord> {
  const dataset = await requireReadableDataset(ctx, userId, id);
  if (dataset.ownerId !== userId) throw forbidden('只有知识库的创建者可以修改它');
  return dataset;
}

/**
 * For the chat, assistants and courses: checks that the user may pick these
 * datasets (they may read each) and returns them without duplicates.
 */
export async function checkDatasetIds(ctx: ServerContext, userId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.length > MAX_PICKED_DATASETS) throw badRequest(`最多选择 ${MAX_PICKED_DATASETS} 个知识库`);
  const readable = new Set((await readableAmong(ctx, userId, await findDatasets(ctx.db, unique))).map((d) => d.id));
  if (unique.some((id) => !readable.has(id))) throw badRequest('所选知识库不存在或你无权使用，请重新选择');
  return unique;
}

/** Whether the user may read a file because it is a document of a dataset they may read. */
export async function mayReadDocumentFile(ctx: ServerContext, fileId: string, userId: string): Promise<boolean> {
  const rows = await ctx.db.selectFrom('knowledge_documents').select('dataset_id').where('file_id', '=', fileId).execute();
  if (rows.length === 0) return false;
  const datasets = await findDatasets(ctx.db, [...new Set(rows.map((r) => r.dataset_id))]);
  return (await readableAmong(ctx, userId, datasets)).length > 0;
}
