// The knowledge datasets a course AI answers from: the knowledge library
// decides which a teacher may pick (datasets they may read); a course keeps
// at most this many.
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { checkDatasetIds } from '../knowledge/index.js';

export const MAX_COURSE_DATASETS = 20;

export async function checkCourseDatasets(ctx: ServerContext, userId: string, ids: readonly string[]): Promise<string[]> {
  if (new Set(ids).size > MAX_COURSE_DATASETS) throw badRequest(`一门课程最多选择 ${MAX_COURSE_DATASETS} 个知识库`);
  return checkDatasetIds(ctx, userId, ids);
}
