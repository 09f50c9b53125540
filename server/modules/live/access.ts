// Who may do what in a live session: its course's teachers (on the teacher
// side) run it; students present (checked in) follow and answer. Anyone
// else gets 404: we never confirm a session exists. A session nobody ended
// counts as ended after MAX_SESSION_MS, so a lost tab never leaves one open.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { courseRoleFor } from '../courses/index.js';
import { findSession, isPresent, type PresentRecord, type SessionRecord } from './store.js';

export const LIVE_NOT_FOUND = '课堂不存在或你不在这堂课中';
export const LIVE_ENDED = '这堂课已经结束';
/** A session left open ends by itself this long after it started. */
export const MAX_SESSION_MS = 4 * 60 * 60_000;

export const isOpen = (s: SessionRecord, now: number) => s.endedAt === null && now - s.startedAt < MAX_SESSION_MS;

/** When the session ended (or ends by itself), for reports. */
export const endOf = (s: SessionRecord) => s.endedAt ?? s.startedAt + MAX_SESSION_MS;

export function requireOpen(ctx: ServerContext, s: SessionRecord): void {
  if (!isOpen(s, ctx.now())) throw badRequest(LIVE_ENDED);
}

export async function isSessionTeacher(ctx: ServerContext, user: AuthUser, s: SessionRecord): Promise<boolean> {
  return (await courseRoleFor(ctx, user.id, user.clientType, s.courseId)) === 'teacher';
}

export async function sessionForTeacher(ctx: ServerContext, user: AuthUser, id: string): Promise<SessionRecord> {
  const s = await findSession(ctx.db, id);
  if (!s || !(await isSessionTeacher(ctx, user, s))) throw notFound(LIVE_NOT_FOUND);
  return s;
}

export async function sessionForStudent(ctx: ServerContext, user: AuthUser, id: string): Promise<{ session: SessionRecord; me: PresentRecord }> {
  const s = await findSession(ctx.db, id);
  const me = s ? await isPresent(ctx.db, s.id, user.id) : null;
  if (!s || !me) throw notFound(LIVE_NOT_FOUND);
  return { session: s, me };
}

export type Viewer = { role: 'teacher'; session: SessionRecord } | { role: 'student'; session: SessionRecord; me: PresentRecord };

/** The session as its teacher or a present student sees it. */
export async function sessionForViewer(ctx: ServerContext, user: AuthUser, id: string): Promise<Viewer> {
  const s = await findSession(ctx.db, id);
  if (!s) throw notFound(LIVE_NOT_FOUND);
  if (user.clientType === '1') {
    if (await isSessionTeacher(ctx, user, s)) return { role: 'teacher', session: s };
    throw notFound(LIVE_NOT_FOUND);
  }
  const me = await isPresent(ctx.db, s.id, user.id);
  if (!me) throw notFound(LIVE_NOT_FOUND);
  return { role: 'student', session: s, me };
}
