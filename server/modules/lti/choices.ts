// What a teacher may place in an LMS course by deep linking: the courses they
// teach, the assistants they made, and the evaluations of their courses
// (with the points a line item is made with).
import type { ServerContext } from '../../context.js';
import type { Target } from './launch.js';

export interface Choice extends Target {
  title: string;
  /** An evaluation's full marks (its line item's maximum); 0 for the others. */
  maxScore: number;
}

export async function choicesOf(ctx: ServerContext, userId: string): Promise<Choice[]> {
  const courses = await ctx.db
    .selectFrom('courses')
    .innerJoin('course_teachers', 'course_teachers.course_id', 'courses.id')
    .select(['courses.id', 'courses.title'])
    .where('course_teachers.user_id', '=', userId)
    .orderBy('courses.created_at', 'desc')
    .execute();
  const assistants = await ctx.db.selectFrom('assistants').select(['id', 'title']).where('owner_id', '=', userId).orderBy('created_at', 'desc').execute();
  const courseIds = courses.map((c) => c.id);
  const evaluations = courseIds.length
    ? await ctx.db
        .selectFrom('evaluations')
        .leftJoin('evaluation_items', 'evaluation_items.evaluation_id', 'evaluations.id')
        .select((eb) => ['evaluations.id', 'evaluations.title', eb.fn.coalesce(eb.fn.sum<number>('evaluation_items.points'), eb.lit(0)).as('points')])
        .where('evaluations.course_id', 'in', courseIds)
        .where('evaluations.status', '!=', 'draft')
        .where('evaluations.kind', '!=', 'survey')
        .groupBy(['evaluations.id', 'evaluations.title', 'evaluations.created_at'])
        .orderBy('evaluations.created_at', 'desc')
        .execute()
    : [];
  return [
    ...courses.map((c) => ({ kind: 'course' as const, id: c.id, title: c.title, maxScore: 0 })),
    ...assistants.map((a) => ({ kind: 'assistant' as const, id: a.id, title: a.title, maxScore: 0 })),
    ...evaluations.map((e) => ({ kind: 'evaluation' as const, id: e.id, title: e.title, maxScore: Number(e.points) })),
  ];
}
