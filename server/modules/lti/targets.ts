// Where a launch lands in the host app: the element its link names, on the
// side the LMS role gives, with `?lti=<platform>` so the page may be framed
// by that platform (frame.ts).
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { FRAME_PARAMETER } from './frame.js';
import type { Target } from './launch.js';

export async function courseOfTarget(ctx: ServerContext, target: Target | null): Promise<string | null> {
  if (target?.kind === 'course') return target.id;
  if (target?.kind !== 'evaluation') return null;
  const row = await ctx.db.selectFrom('evaluations').select('course_id').where('id', '=', target.id).executeTakeFirst();
  return row?.course_id ?? null;
}

export async function landingPath(ctx: ServerContext, target: Target | null, side: ClientType, platformId: string): Promise<string> {
  const query = new URLSearchParams();
  let path = '/course/dialogue';
  if (target?.kind === 'course') {
    query.set('courseId', target.id);
  } else if (target?.kind === 'assistant') {
    path = '/course/chat';
    query.set('assistantId', target.id);
  } else if (target?.kind === 'evaluation') {
    const courseId = await courseOfTarget(ctx, target);
    if (side === '3' && courseId) {
      path = '/course/detail';
      query.set('courseId', courseId);
      query.set('tab', 'evaluations');
      query.set('evaluationId', target.id);
    } else path = '/course/evaluation';
  }
  query.set(FRAME_PARAMETER, platformId);
  return `${path}?${query}`;
}
