// Starting, ending and joining a live session. Check-in: a student of the
// course types the code on the projector (this window's or the one before)
// and is marked present; late when the first question was already shown or
// more than LATE_AFTER_MS after the start. The first check-in stands: a
// second scan changes nothing.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { newId } from '../../db/ids.js';
import { courseRoleFor, findLesson, LESSON_NOT_FOUND, normalizeJoinCode, requireTeacher } from '../courses/index.js';
import { isOpen, LIVE_ENDED, MAX_SESSION_MS, requireOpen, sessionForTeacher } from './access.js';
import { codeMatches, currentCode } from './code.js';
import { publish } from './events.js';
import { withinLimit } from './limits.js';
import { insertAttendance, isPresent, openSessions, presentCount, insertSession, updateSession, type SessionRecord } from './store.js';

/** Joining this long after the start counts as late, even before any question. */
export const LATE_AFTER_MS = 10 * 60_000;
export const CODE_NOT_VALID = '签到码不对或已过期，请输入投影上现在的签到码';

export async function startSession(ctx: ServerContext, user: AuthUser, input: { courseId: string; lessonId?: string | undefined }) {
  await requireTeacher(ctx, user.id, user.clientType, input.courseId);
  if (input.lessonId) {
    const lesson = await findLesson(ctx.db, input.lessonId);
    if (!lesson || lesson.courseId !== input.courseId) throw notFound(LESSON_NOT_FOUND);
  }
  const now = ctx.now();
  const started = {
    id: newId(),
    courseId: input.courseId,
    lessonId: input.lessonId ?? null,
    teacherId: user.id,
    secret: randomBytes(24).toString('base64url'),
    startedAt: now,
  };
  await insertSession(ctx.db, started);
  return { id: started.id, ...currentCode(started.secret, now) };
}

/** The code the projector shows now, and when to ask again. */
export async function sessionCode(ctx: ServerContext, user: AuthUser, id: string) {
  const s = await sessionForTeacher(ctx, user, id);
  requireOpen(ctx, s);
  return currentCode(s.secret, ctx.now());
}

export async function endSession(ctx: ServerContext, log: FastifyBaseLogger, user: AuthUser, id: string) {
  const s = await sessionForTeacher(ctx, user, id);
  if (!isOpen(s, ctx.now())) return { id, endedAt: s.endedAt ?? s.startedAt + MAX_SESSION_MS };
  const endedAt = ctx.now();
  await updateSession(ctx.db, id, { ended_at: endedAt });
  await publish(ctx, log, id, 'end', { endedAt });
  return { id, endedAt };
}

export function isLate(s: SessionRecord, at: number): boolean {
  return (s.firstQuestionAt !== null && at >= s.firstQuestionAt) || at - s.startedAt > LATE_AFTER_MS;
}

export async function joinSession(ctx: ServerContext, log: FastifyBaseLogger, user: AuthUser, rawCode: string) {
  await withinLimit(ctx, 'join', user.id);
  const now = ctx.now();
  const code = normalizeJoinCode(rawCode);
  const matching = (await openSessions(ctx.db, now - MAX_SESSION_MS)).filter((s) => codeMatches(s.secret, code, now));
  if (matching.length === 0) throw badRequest(CODE_NOT_VALID);
  let session: SessionRecord | undefined;
  for (const s of matching) if ((await courseRoleFor(ctx, user.id, user.clientType, s.courseId)) === 'student') session = s;
  if (!session) throw forbidden('只有这门课程的学生可以签到');
  if (!isOpen(session, now)) throw badRequest(LIVE_ENDED);
  const fresh = await insertAttendance(ctx.db, session.id, user.id, now, isLate(session, now));
  const me = (await isPresent(ctx.db, session.id, user.id))!;
  if (fresh)
    await publish(
      ctx,
      log,
      session.id,
      'join',
      { student: { id: me.id, name: me.name }, late: me.late, present: await presentCount(ctx.db, session.id) },
      'teacher',
    );
  return { id: session.id, courseId: session.courseId, late: me.late, joinedAt: me.joinedAt };
}
