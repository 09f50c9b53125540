// After class: who was there (and late), who was not, each question with
// who answered what and whether it was right, the calls with their marks,
// and the wall (with names and hidden messages: the teacher's record).
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { enrolledStudents, findLesson, requireTeacher } from '../courses/index.js';
import { endOf, isOpen, sessionForTeacher } from './access.js';
import { questionView } from './views.js';
import { answers, calls, courseSessions, present, sessionQuestions, wall, type SessionRecord } from './store.js';

const WALL_IN_REPORT = 2_000;

/** What names a session in lists and reports: its lesson's title (null for a class of the whole course, or a lesson deleted since). */
async function sessionFacts(ctx: ServerContext, s: SessionRecord, now: number) {
  const lesson = s.lessonId ? await findLesson(ctx.db, s.lessonId) : null;
  return {
    id: s.id,
    courseId: s.courseId,
    lessonId: s.lessonId,
    lessonTitle: lesson?.title ?? null,
    startedAt: s.startedAt,
    endedAt: isOpen(s, now) ? null : endOf(s),
  };
}

export async function sessionReport(ctx: ServerContext, user: AuthUser, id: string) {
  const s = await sessionForTeacher(ctx, user, id);
  const [here, enrolled, questions, given, called, messages] = await Promise.all([
    present(ctx.db, s.id),
    enrolledStudents(ctx.db, s.courseId),
    sessionQuestions(ctx.db, s.id),
    answers(ctx.db, s.id),
    calls(ctx.db, s.id),
    wall(ctx.db, s.id, { limit: WALL_IN_REPORT, visibleOnly: false }),
  ]);
  const presentIds = new Set(here.map((p) => p.id));
  return {
    session: await sessionFacts(ctx, s, ctx.now()),
    present: here.map((p) => ({ id: p.id, name: p.name, late: p.late, joinedAt: p.joinedAt })),
    absent: enrolled.filter((e) => !presentIds.has(e.id)).map((e) => ({ id: e.id, name: e.name })),
    questions: questions.map((q) => {
      const mine = given.filter((a) => a.questionId === q.id);
      return {
        ...questionView(q),
        answer: q.question.answer ?? null,
        tags: q.question.tags ?? [],
        answered: mine.length,
        correct: mine.filter((a) => a.correct).length,
        answers: mine.map((a) => ({ studentId: a.userId, name: a.name, value: a.value, correct: a.correct, answeredAt: a.answeredAt })),
      };
    }),
    calls: called.reverse().map((c) => ({ callId: c.id, student: c.student, mark: c.mark, calledAt: c.calledAt })),
    wall: messages.map((m) => ({ id: m.id, name: m.author.name, text: m.text, hidden: m.hidden, anonymous: m.anonymous, at: m.createdAt })),
  };
}

/** A course's sessions, newest first, for its teachers (the course board). */
export async function courseSessionList(ctx: ServerContext, user: AuthUser, courseId: string) {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  const now = ctx.now();
  return Promise.all(
    (await courseSessions(ctx.db, courseId)).map(async (s) => {
      const [facts, here, questions] = await Promise.all([sessionFacts(ctx, s, now), present(ctx.db, s.id), sessionQuestions(ctx.db, s.id)]);
      return { ...facts, present: here.length, late: here.filter((p) => p.late).length, questions: questions.length };
    }),
  );
}
