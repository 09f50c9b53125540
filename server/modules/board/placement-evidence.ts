// Work placement as evidence on the board: a student's logs from the
// workshop floor and their mentor's comments on signed weeks count for the
// knowledge points and competencies of the student's major. A major's
// knowledge points are the tags of its courses' questions (the ones the board
// ranks by points earned); its competencies are the criteria of its courses'
// practical tasks (what a rubric judges a student able to do). A text is
// evidence for a point when it names it. The student's major is their
// class's (its label in the school's major dictionary, which is what a
// course's category holds). Read when the board is, from the rows as they are.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseIdList, parseJson } from '../../db/json.js';
import type { DayRange } from './range.js';
import type { UsageScope } from './usage.js';

type Db = Kysely<Database>;

/** How many points of each kind the board lists (the most evidenced first). */
const LISTED = 10;

export interface EvidencePoint {
  name: string;
  major: string;
  logs: number;
  comments: number;
  students: number;
}

export interface PlacementEvidence {
  logs: number;
  comments: number;
  students: number;
  knowledgePoints: EvidencePoint[];
  competencies: EvidencePoint[];
}

interface Text {
  studentId: string;
  text: string;
  kind: 'log' | 'comment';
}

async function evidenceTexts(db: Db, range: DayRange, scope: UsageScope): Promise<Text[]> {
  let logs = db
    .selectFrom('placement_logs as l')
    .innerJoin('placements as p', 'p.id', 'l.placement_id')
    .select(['p.student_id', 'l.text'])
    .where('l.created_at', '>=', range.since)
    .where('l.created_at', '<', range.until);
  let comments = db
    .selectFrom('placement_signatures as s')
    .innerJoin('placements as p', 'p.id', 's.placement_id')
    .select(['p.student_id', 's.comment as text'])
    .where('s.comment', '!=', '')
    .where('s.signed_at', '>=', range.since)
    .where('s.signed_at', '<', range.until);
  if (scope.userIds) {
    const ids = scope.userIds.length ? scope.userIds : [''];
    logs = logs.where('p.student_id', 'in', ids);
    comments = comments.where('p.student_id', 'in', ids);
  }
  const [logRows, commentRows] = await Promise.all([logs.limit(50_000).execute(), comments.limit(50_000).execute()]);
  return [
    ...logRows.map((r) => ({ studentId: r.student_id, text: r.text, kind: 'log' as const })),
    ...commentRows.map((r) => ({ studentId: r.student_id, text: r.text, kind: 'comment' as const })),
  ];
}

/** Each student's majors, by the label a course's category carries. */
async function majorsOf(db: Db, studentIds: string[]): Promise<Map<string, string[]>> {
  const majors = new Map<string, string[]>();
  if (studentIds.length === 0) return majors;
  const rows = await db
    .selectFrom('class_members as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .leftJoin('dict_entries as d', (join) => join.onRef('d.value', '=', 'c.major').on('d.dict_id', '=', 'major'))
    .select(['m.user_id', 'c.major', 'd.label'])
    .where('m.user_id', 'in', studentIds)
    .where('c.major', '!=', '')
    .execute();
  for (const r of rows) {
    const label = r.label ?? r.major;
    const list = majors.get(r.user_id) ?? [];
    if (!list.includes(label)) list.push(label);
    majors.set(r.user_id, list);
  }
  return majors;
}

/** The knowledge points (question tags) and competencies (practical tasks' criteria) of each major. */
async function pointsOf(db: Db, majors: string[]): Promise<Map<string, { knowledge: Set<string>; competencies: Set<string> }>> {
  const points = new Map(majors.map((m) => [m, { knowledge: new Set<string>(), competencies: new Set<string>() }]));
  if (majors.length === 0) return points;
  const items = await db
    .selectFrom('evaluation_items as i')
    .innerJoin('evaluations as e', 'e.id', 'i.evaluation_id')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select(['c.category', 'i.type', 'i.tags', 'i.rubric'])
    .where('c.category', 'in', majors)
    .limit(50_000)
    .execute();
  for (const item of items) {
    const of = points.get(item.category)!;
    for (const tag of parseIdList(item.tags)) if (tag.trim()) of.knowledge.add(tag.trim());
    if (item.type === 'practical' && item.rubric)
      for (const c of parseJson<Array<{ criterion?: unknown }>>(item.rubric, []))
        if (typeof c.criterion === 'string' && c.criterion.trim()) of.competencies.add(c.criterion.trim());
  }
  return points;
}

function tally(texts: Text[], majorsByStudent: Map<string, string[]>, pointsFor: (major: string) => Set<string>): EvidencePoint[] {
  const found = new Map<string, EvidencePoint & { who: Set<string> }>();
  for (const t of texts) {
    const lower = t.text.toLowerCase();
    for (const major of majorsByStudent.get(t.studentId) ?? []) {
      for (const name of pointsFor(major)) {
        if (!lower.includes(name.toLowerCase())) continue;
        const key = `${major}\u0000${name}`;
        let point = found.get(key);
        if (!point) found.set(key, (point = { name, major, logs: 0, comments: 0, students: 0, who: new Set() }));
        if (t.kind === 'log') point.logs += 1;
        else point.comments += 1;
        point.who.add(t.studentId);
      }
    }
  }
  return [...found.values()]
    .map(({ who, ...point }) => ({ ...point, students: who.size }))
    .sort((a, b) => b.logs + b.comments - (a.logs + a.comments) || b.logs - a.logs || b.students - a.students || a.name.localeCompare(b.name))
    .slice(0, LISTED);
}

/**
 * Logs and mentor comments in the range (of the class or major filtered on)
 * and the knowledge points and competencies of their students' majors they
 * give evidence for. `major`: the board's major filter, a course category.
 */
export async function placementEvidence(db: Db, range: DayRange, scope: UsageScope, major: string | undefined): Promise<PlacementEvidence> {
  const texts = await evidenceTexts(db, range, scope);
  const students = [...new Set(texts.map((t) => t.studentId))];
  const majorsByStudent = await majorsOf(db, students);
  if (major)
    for (const [student, list] of majorsByStudent) {
      if (list.includes(major)) majorsByStudent.set(student, [major]);
      else majorsByStudent.delete(student);
    }
  const counted = major ? texts.filter((t) => majorsByStudent.has(t.studentId)) : texts;
  const points = await pointsOf(db, [...new Set([...majorsByStudent.values()].flat())]);
  return {
    logs: counted.filter((t) => t.kind === 'log').length,
    comments: counted.filter((t) => t.kind === 'comment').length,
    students: new Set(counted.map((t) => t.studentId)).size,
    knowledgePoints: tally(counted, majorsByStudent, (m) => points.get(m)?.knowledge ?? new Set()),
    competencies: tally(counted, majorsByStudent, (m) => points.get(m)?.competencies ?? new Set()),
  };
}
