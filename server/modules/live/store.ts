// SQL for live sessions: the session, who is present, the questions and
// their answers, calls and the wall.
import type { Kysely, Selectable } from 'kysely';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { LiveCallMark, LiveSessionsTable } from '../../db/tables/live.js';
import type { QuestionInput } from '../evaluation/index.js';

type Db = Kysely<Database>;

export interface SessionRecord {
  id: string;
  courseId: string;
  lessonId: string | null;
  teacherId: string;
  secret: string;
  seq: number;
  wallPaused: boolean;
  wallAnonymous: boolean;
  firstQuestionAt: number | null;
  startedAt: number;
  endedAt: number | null;
}

const toSession = (r: Selectable<LiveSessionsTable>): SessionRecord => ({
  id: r.id,
  courseId: r.course_id,
  lessonId: r.lesson_id,
  teacherId: r.teacher_id,
  secret: r.secret,
  seq: Number(r.seq),
  wallPaused: Number(r.wall_paused) === 1,
  wallAnonymous: Number(r.wall_anonymous) === 1,
  firstQuestionAt: r.first_question_at === null ? null : Number(r.first_question_at),
  startedAt: Number(r.started_at),
  endedAt: r.ended_at === null ? null : Number(r.ended_at),
});

export async function insertSession(db: Db, s: Pick<SessionRecord, 'id' | 'courseId' | 'lessonId' | 'teacherId' | 'secret' | 'startedAt'>): Promise<void> {
  await db
    .insertInto('live_sessions')
    .values({ id: s.id, course_id: s.courseId, lesson_id: s.lessonId, teacher_id: s.teacherId, secret: s.secret, started_at: s.startedAt })
    .execute();
}

export async function findSession(db: Db, id: string): Promise<SessionRecord | null> {
  const row = await db.selectFrom('live_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSession(row) : null;
}

/** Sessions not ended that started after `since`. */
export async function openSessions(db: Db, since: number): Promise<SessionRecord[]> {
  const rows = await db.selectFrom('live_sessions').selectAll().where('ended_at', 'is', null).where('started_at', '>', since).execute();
  return rows.map(toSession);
}

export async function courseSessions(db: Db, courseId: string): Promise<SessionRecord[]> {
  const rows = await db.selectFrom('live_sessions').selectAll().where('course_id', '=', courseId).orderBy('started_at', 'desc').limit(100).execute();
  return rows.map(toSession);
}

export async function updateSession(
  db: Db,
  id: string,
  change: Partial<{ ended_at: number; wall_paused: number; wall_anonymous: number; first_question_at: number }>,
): Promise<void> {
  await db.updateTable('live_sessions').set(change).where('id', '=', id).execute();
}

/** Numbers the session's next event (shared by every instance through the database). */
export async function nextSeq(db: Db, id: string): Promise<number> {
  const row = await db
    .updateTable('live_sessions')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', id)
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

export interface Person {
  id: string;
  name: string;
}

export interface PresentRecord extends Person {
  joinedAt: number;
  late: boolean;
}

/** Marks the student present; false when they already were (the first check-in stands). */
export async function insertAttendance(db: Db, sessionId: string, userId: string, joinedAt: number, late: boolean): Promise<boolean> {
  const result = await db
    .insertInto('live_attendance')
    .values({ session_id: sessionId, user_id: userId, joined_at: joinedAt, late: late ? 1 : 0 })
    .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Students present, first in first (or only `userId`), with their names. */
export async function present(db: Db, sessionId: string, userId?: string): Promise<PresentRecord[]> {
  let query = db
    .selectFrom('live_attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.name', 'a.joined_at', 'a.late'])
    .where('a.session_id', '=', sessionId);
  if (userId) query = query.where('a.user_id', '=', userId);
  const rows = await query.orderBy('a.joined_at').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, joinedAt: Number(r.joined_at), late: Number(r.late) === 1 }));
}

export async function isPresent(db: Db, sessionId: string, userId: string): Promise<PresentRecord | null> {
  return (await present(db, sessionId, userId))[0] ?? null;
}

export async function presentCount(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom('live_attendance')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface QuestionRecord {
  id: string;
  sessionId: string;
  position: number;
  question: QuestionInput;
  shownAt: number;
  closesAt: number;
  revealedAt: number | null;
}

const toQuestion = (r: Database['live_questions']): QuestionRecord => ({
  id: r.id,
  sessionId: r.session_id,
  position: Number(r.position),
  question: parseJson<QuestionInput>(r.question, { type: 'single', stem: '', points: 0 }),
  shownAt: Number(r.shown_at),
  closesAt: Number(r.closes_at),
  revealedAt: r.revealed_at === null ? null : Number(r.revealed_at),
});

export async function insertQuestion(db: Db, q: Omit<QuestionRecord, 'position' | 'revealedAt'>): Promise<void> {
  const last = await db
    .selectFrom('live_questions')
    .select((eb) => eb.fn.max<number>('position').as('p'))
    .where('session_id', '=', q.sessionId)
    .executeTakeFirst();
  const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  await db
    .insertInto('live_questions')
    .values({ id: q.id, session_id: q.sessionId, position, question: JSON.stringify(q.question), shown_at: q.shownAt, closes_at: q.closesAt })
    .execute();
}

export async function findQuestion(db: Db, sessionId: string, id: string): Promise<QuestionRecord | null> {
  const row = await db.selectFrom('live_questions').selectAll().where('id', '=', id).where('session_id', '=', sessionId).executeTakeFirst();
  return row ? toQuestion(row) : null;
}

export async function sessionQuestions(db: Db, sessionId: string): Promise<QuestionRecord[]> {
  const rows = await db.selectFrom('live_questions').selectAll().where('session_id', '=', sessionId).orderBy('position').execute();
  return rows.map(toQuestion);
}

export async function latestQuestion(db: Db, sessionId: string): Promise<QuestionRecord | null> {
  const row = await db.selectFrom('live_questions').selectAll().where('session_id', '=', sessionId).orderBy('position', 'desc').limit(1).executeTakeFirst();
  return row ? toQuestion(row) : null;
}

export async function markRevealed(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable('live_questions').set({ revealed_at: at }).where('id', '=', id).where('revealed_at', 'is', null).execute();
}

export interface AnswerRecord {
  questionId: string;
  userId: string;
  name: string;
  value: unknown;
  score: number;
  correct: boolean;
  answeredAt: number;
}

/** Stores a student's answer once; false when one was already stored (a retry or a second try). */
export async function insertAnswer(db: Db, sessionId: string, a: Omit<AnswerRecord, 'name'>): Promise<boolean> {
  const result = await db
    .insertInto('live_answers')
    .values({
      question_id: a.questionId,
      session_id: sessionId,
      user_id: a.userId,
      value: JSON.stringify(a.value),
      score: a.score,
      correct: a.correct ? 1 : 0,
      answered_at: a.answeredAt,
    })
    .onConflict((oc) => oc.columns(['question_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The session's answers (or one question's, or one student's), oldest first, with the student's name. */
export async function answers(db: Db, sessionId: string, filter: { questionId?: string; userId?: string } = {}): Promise<AnswerRecord[]> {
  let query = db
    .selectFrom('live_answers as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.question_id', 'a.user_id', 'u.name', 'a.value', 'a.score', 'a.correct', 'a.answered_at'])
    .where('a.session_id', '=', sessionId);
  if (filter.questionId) query = query.where('a.question_id', '=', filter.questionId);
  if (filter.userId) query = query.where('a.user_id', '=', filter.userId);
  const rows = await query.orderBy('a.answered_at').execute();
  return rows.map((r) => ({
    questionId: r.question_id,
    userId: r.user_id,
    name: r.name,
    value: parseJson<unknown>(r.value, null),
    score: Number(r.score),
    correct: Number(r.correct) === 1,
    answeredAt: Number(r.answered_at),
  }));
}

export interface CallRecord {
  id: string;
  student: Person;
  calledAt: number;
  mark: LiveCallMark | null;
}

export async function insertCall(db: Db, sessionId: string, call: { id: string; userId: string; calledAt: number }): Promise<void> {
  await db.insertInto('live_calls').values({ id: call.id, session_id: sessionId, user_id: call.userId, called_at: call.calledAt }).execute();
}

/** The session's calls, newest first. */
export async function calls(db: Db, sessionId: string, limit = 500): Promise<CallRecord[]> {
  const rows = await db
    .selectFrom('live_calls as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'u.name', 'c.called_at', 'c.mark'])
    .where('c.session_id', '=', sessionId)
    .orderBy('c.called_at', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, student: { id: r.user_id, name: r.name }, calledAt: Number(r.called_at), mark: r.mark }));
}

export async function setMark(db: Db, sessionId: string, callId: string, mark: LiveCallMark): Promise<boolean> {
  const result = await db.updateTable('live_calls').set({ mark }).where('id', '=', callId).where('session_id', '=', sessionId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface WallRecord {
  id: string;
  author: Person;
  text: string;
  hidden: boolean;
  anonymous: boolean;
  createdAt: number;
}

export async function insertWall(db: Db, sessionId: string, m: { id: string; userId: string; text: string; createdAt: number }): Promise<void> {
  await db.insertInto('live_wall').values({ id: m.id, session_id: sessionId, user_id: m.userId, text: m.text, created_at: m.createdAt }).execute();
}

/** The wall's latest messages, oldest first (`visibleOnly`: without hidden ones). */
export async function wall(db: Db, sessionId: string, options: { limit: number; visibleOnly: boolean; id?: string }): Promise<WallRecord[]> {
  let query = db
    .selectFrom('live_wall as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.user_id', 'u.name', 'w.text', 'w.hidden', 'w.anonymous', 'w.created_at'])
    .where('w.session_id', '=', sessionId);
  if (options.visibleOnly) query = query.where('w.hidden', '=', 0);
  if (options.id) query = query.where('w.id', '=', options.id);
  const rows = await query.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').limit(options.limit).execute();
  return rows.reverse().map((r) => ({
    id: r.id,
    author: { id: r.user_id, name: r.name },
    text: r.text,
    hidden: Number(r.hidden) === 1,
    anonymous: Number(r.anonymous) === 1,
    createdAt: Number(r.created_at),
  }));
}

export async function updateWall(db: Db, sessionId: string, id: string, change: Partial<{ hidden: number; anonymous: number }>): Promise<void> {
  await db.updateTable('live_wall').set(change).where('id', '=', id).where('session_id', '=', sessionId).execute();
}
