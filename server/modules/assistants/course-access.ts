// Which courses a user belongs to, for assistants published to a course.
// The courses area (issue 4) owns those tables; this is the one place that
// reads them, so the assistants rules never learn how courses are stored.
// Until the courses tables exist, nobody belongs to a course and publishing
// to one is refused with a message saying so.
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { hasTables } from './table-presence.js';

const COURSE_TABLES = ['courses', 'course_members', 'course_classes'] as const;

/** Ids of the courses the user takes or teaches: directly, or through a class of the course. */
export async function courseIdsOf(ctx: ServerContext, userId: string): Promise<string[]> {
  if (!(await hasTables(ctx, COURSE_TABLES))) return [];
  const rows = await sql<{ course_id: string }>`
    select course_id from course_members where user_id = ${userId}
    union
    select cc.course_id from course_classes cc join class_members cm on cm.class_id = cc.class_id where cm.user_id = ${userId}
  `.execute(ctx.db);
  return rows.rows.map((r) => r.course_id);
}

/** Whether the user may publish to this course (they belong to it), or 'unavailable' before courses exist. */
export async function canPublishToCourse(ctx: ServerContext, userId: string, courseId: string): Promise<boolean | 'unavailable'> {
  if (!(await hasTables(ctx, COURSE_TABLES))) return 'unavailable';
  return (await courseIdsOf(ctx, userId)).includes(courseId);
}
