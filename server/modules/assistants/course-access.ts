// Which courses a user belongs to, for assistants published to a course.
// The courses area owns those tables and their rules (modules/courses/access.ts);
// this is the one place assistants ask about them.
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { isCourseTeacher } from '../courses/index.js';

/**
 * Ids of the courses the user teaches, or studies while the course is
 * published (through a class of the course, or joined by its code): the
 * same people who may read the course see what is published to it.
 */
export async function courseIdsOf(ctx: ServerContext, userId: string): Promise<string[]> {
  const rows = await sql<{ course_id: string }>`
    select course_id from course_teachers where user_id = ${userId}
    union
    select m.course_id from course_members m join courses c on c.id = m.course_id
      where m.user_id = ${userId} and c.status = 'published'
    union
    select cc.course_id from course_classes cc
      join class_members cm on cm.class_id = cc.class_id and cm.role = 'student'
      join courses c on c.id = cc.course_id
      where cm.user_id = ${userId} and c.status = 'published'
  `.execute(ctx.db);
  return rows.rows.map((r) => r.course_id);
}

/** Only a course's teachers publish to it. */
export function canPublishToCourse(ctx: ServerContext, userId: string, courseId: string): Promise<boolean> {
  return isCourseTeacher(ctx, userId, courseId);
}
