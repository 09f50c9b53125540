// The knowledge datasets an assistant answers from. The knowledge library
// owns datasets and their sharing rules; until it exports its own check,
// this one function applies them: a teacher may attach a dataset they own,
// one shared with the school, or one shared with a course of theirs.
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { courseIdsOf } from './course-access.js';

export async function checkDatasetIds(ctx: ServerContext, userId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const courseIds = await courseIdsOf(ctx, userId);
  const readable = await ctx.db
    .selectFrom('knowledge_datasets as d')
    .select('d.id')
    .where('d.id', 'in', unique)
    .where((eb) =>
      eb.or([
        eb('d.owner_id', '=', userId),
        eb('d.visibility', '=', 'school'),
        ...(courseIds.length
          ? [
              eb.and([
                eb('d.visibility', '=', 'course'),
                eb.exists(
                  eb
                    .selectFrom('knowledge_dataset_courses as dc')
                    .select('dc.dataset_id')
                    .whereRef('dc.dataset_id', '=', 'd.id')
                    .where('dc.course_id', 'in', courseIds),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .execute();
  if (readable.length !== unique.length) throw badRequest('所选知识库不存在或你无权使用，请重新选择');
  return unique;
}
