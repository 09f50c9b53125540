// What a screen needs to show the session as it is now: sent first on every
// connection, so a phone that dropped and came back (on any instance)
// resumes with the course and lesson it is of, the question on screen, its countdown, its own answer, the
// last call and the wall. The teacher's screen also gets the names present,
// the live counts and hidden wall messages.
import type { ServerContext } from '../../context.js';
import { findCourse, findLesson } from '../courses/index.js';
import { isOpen, type Viewer } from './access.js';
import { answers, calls, findSession, latestQuestion, present, wall } from './store.js';
import { questionView, revealView, tallyOf, wallView } from './views.js';

const WALL_SHOWN = 50;

export async function snapshotFor(ctx: ServerContext, viewer: Viewer) {
  // The number is read first: anything that happens while the rest is read arrives again as an event, never lost.
  const s = (await findSession(ctx.db, viewer.session.id))!;
  const teacher = viewer.role === 'teacher';
  const now = ctx.now();
  const [q, [lastCall], messages, here, course, lesson] = await Promise.all([
    latestQuestion(ctx.db, s.id),
    calls(ctx.db, s.id, 1),
    wall(ctx.db, s.id, { limit: WALL_SHOWN, visibleOnly: !teacher }),
    present(ctx.db, s.id),
    findCourse(ctx.db, s.courseId),
    s.lessonId ? findLesson(ctx.db, s.lessonId) : null,
  ]);
  let question = null;
  if (q) {
    const given = await answers(ctx.db, s.id, { questionId: q.id });
    question = {
      ...questionView(q),
      revealed: q.revealedAt === null ? null : revealView(q, given),
      ...(viewer.role === 'teacher' ? { tally: tallyOf(q, given) } : { mine: given.find((a) => a.userId === viewer.me.id)?.value ?? null }),
    };
  }
  return {
    type: 'snapshot',
    seq: s.seq,
    now,
    session: {
      id: s.id,
      courseId: s.courseId,
      lessonId: s.lessonId,
      /** What the class is of, under the screens' heading. */
      courseTitle: course?.title ?? '',
      lessonTitle: lesson?.title ?? null,
      startedAt: s.startedAt,
      ended: !isOpen(s, now),
      wallPaused: s.wallPaused,
      wallAnonymous: s.wallAnonymous,
    },
    present: here.length,
    ...(viewer.role === 'teacher' ? { students: here } : { me: { id: viewer.me.id, name: viewer.me.name, late: viewer.me.late } }),
    question,
    call: lastCall ? { callId: lastCall.id, student: lastCall.student, mark: lastCall.mark } : null,
    wall: messages.map((m) => wallView(m, s.wallAnonymous, teacher)),
  };
}
