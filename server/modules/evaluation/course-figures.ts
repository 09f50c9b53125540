// Figures about each course that course evaluation starts from (menu
// 9): lessons, shared resources, enrolment, activity in the last 30
// days, lesson completion, AI questions asked in the course, and the
// average result of its evaluations, and how students rate it in surveys.
// One grouped query per figure, for all courses at once.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countLessons, studentCounts } from '../courses/index.js';
import { surveyRatings } from './survey-rating.js';

export interface CourseFigures {
  lessons: number;
  resources: number;
  students: number;
  activeStudents30d: number;
  /** Completed lesson openings over students × lessons, 0–1. */
  completionRate: number;
  aiQuestions: number;
  /** Mean share of points in submitted evaluations, 0–1, or null when none. */
  evaluationAverage: number | null;
  surveyResponses: number;
  /** Students' rating in surveys, 0–1 (survey-rating.ts), or null when no survey rates it. */
  surveyRating: number | null;
}

type Db = Kysely<Database>;

async function grouped(db: Db, query: ReturnType<typeof sql<{ course_id: string; n: number | string | null }>>): Promise<Map<string, number>> {
  const rows = await query.execute(db);
  return new Map(rows.rows.map((r) => [r.course_id, Number(r.n ?? 0)]));
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export async function courseFigures(db: Db, courseIds: string[], now: number): Promise<Map<string, CourseFigures>> {
  const out = new Map<string, CourseFigures>();
  if (courseIds.length === 0) return out;
  const ids = sql.join(courseIds);
  const since = isoDay(now - 30 * 86_400_000);
  const [lessons, students, resources, active, completed, ai, average, surveys, ratings] = await Promise.all([
    countLessons(db, courseIds),
    studentCounts(db, courseIds),
    grouped(db, sql`select course_id, count(*) as n from resource_shares where course_id in (${ids}) group by course_id`),
    grouped(db, sql`select course_id, count(distinct user_id) as n from course_visits where course_id in (${ids}) and day >= ${since} group by course_id`),
    grouped(db, sql`select course_id, count(*) as n from lesson_progress where course_id in (${ids}) and completed_at is not null group by course_id`),
    grouped(
      db,
      sql`select c.course_id, count(*) as n from chat_messages m join chats c on c.id = m.chat_id where c.course_id in (${ids}) and m.role = 'user' group by c.course_id`,
    ),
    grouped(
      db,
      sql`select e.course_id, avg(s.score / t.total) as n from submissions s
            join evaluations e on e.id = s.evaluation_id
            join (select evaluation_id, sum(points) as total from evaluation_items group by evaluation_id) t on t.evaluation_id = e.id
          where e.course_id in (${ids}) and e.kind <> 'survey' and s.score is not null and t.total > 0
          group by e.course_id`,
    ),
    grouped(
      db,
      sql`select e.course_id, count(*) as n from submissions s join evaluations e on e.id = s.evaluation_id where e.course_id in (${ids}) and e.kind = 'survey' and s.status <> 'in_progress' group by e.course_id`,
    ),
    surveyRatings(db, courseIds),
  ]);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  for (const id of courseIds) {
    const l = lessons.get(id) ?? 0;
    const s = students.get(id) ?? 0;
    out.set(id, {
      lessons: l,
      resources: resources.get(id) ?? 0,
      students: s,
      activeStudents30d: active.get(id) ?? 0,
      completionRate: l && s ? round(Math.min(1, (completed.get(id) ?? 0) / (l * s))) : 0,
      aiQuestions: ai.get(id) ?? 0,
      evaluationAverage: average.has(id) ? round(average.get(id)!) : null,
      surveyResponses: surveys.get(id) ?? 0,
      surveyRating: ratings.has(id) ? round(ratings.get(id)!) : null,
    });
  }
  return out;
}
