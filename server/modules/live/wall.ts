// The class wall: short messages of students present, each through the
// safety module before anyone sees it (a listed word is refused and the
// writer told so). The teacher pauses the wall, hides a message, or makes
// one (or the whole wall) anonymous; the projector then shows no name.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../db/ids.js';
import { requireSafe } from '../safety/index.js';
import { requireOpen, sessionForStudent, sessionForTeacher } from './access.js';
import { publish } from './events.js';
import { withinLimit } from './limits.js';
import { findSession, insertWall, updateSession, updateWall, wall } from './store.js';
import { wallView } from './views.js';

/** The switches a teacher sent, as the 0/1 columns they set; one left out changes nothing. */
function flagColumns<F extends string, C extends string>(change: Partial<Record<F, boolean | undefined>>, columns: Record<F, C>): Partial<Record<C, number>> {
  const set: Partial<Record<C, number>> = {};
  for (const flag of Object.keys(columns) as F[]) {
    const value = change[flag];
    if (value !== undefined) set[columns[flag]] = value ? 1 : 0;
  }
  return set;
}

export async function postToWall(ctx: ServerContext, log: FastifyBaseLogger, user: AuthUser, id: string, text: string) {
  const { session } = await sessionForStudent(ctx, user, id);
  requireOpen(ctx, session);
  if (session.wallPaused) throw badRequest('老师暂停了弹幕');
  const trimmed = text.trim();
  if (!trimmed) throw badRequest('弹幕不能为空');
  await withinLimit(ctx, 'wall', user.id);
  await requireSafe(ctx, { text: trimmed, userId: user.id, source: 'courses' });
  const message = { id: newId(), userId: user.id, text: trimmed, createdAt: ctx.now() };
  await insertWall(ctx.db, session.id, message);
  const [stored] = await wall(ctx.db, session.id, { limit: 1, visibleOnly: false, id: message.id });
  await publish(ctx, log, session.id, 'wall', { message: wallView(stored!, session.wallAnonymous, false) });
  return wallView(stored!, session.wallAnonymous, false);
}

export async function setWallState(
  ctx: ServerContext,
  log: FastifyBaseLogger,
  user: AuthUser,
  id: string,
  change: { paused?: boolean | undefined; anonymous?: boolean | undefined },
) {
  const s = await sessionForTeacher(ctx, user, id);
  await updateSession(ctx.db, s.id, flagColumns(change, { paused: 'wall_paused', anonymous: 'wall_anonymous' }));
  const after = (await findSession(ctx.db, s.id))!;
  const state = { paused: after.wallPaused, anonymous: after.wallAnonymous };
  await publish(ctx, log, s.id, 'wall-state', state);
  return state;
}

/** Hides or shows a message, names or unnames its author; every screen updates it in place. */
export async function changeWallMessage(
  ctx: ServerContext,
  log: FastifyBaseLogger,
  user: AuthUser,
  id: string,
  messageId: string,
  change: { hidden?: boolean | undefined; anonymous?: boolean | undefined },
) {
  const s = await sessionForTeacher(ctx, user, id);
  const [before] = await wall(ctx.db, s.id, { limit: 1, visibleOnly: false, id: messageId });
  if (!before) throw notFound('弹幕不存在');
  await updateWall(ctx.db, s.id, messageId, flagColumns(change, { hidden: 'hidden', anonymous: 'anonymous' }));
  const [after] = await wall(ctx.db, s.id, { limit: 1, visibleOnly: false, id: messageId });
  const view = wallView(after!, s.wallAnonymous, true);
  // A hidden message is sent without its text: screens drop it.
  await publish(ctx, log, s.id, 'wall-update', view.hidden ? { message: { id: view.id, hidden: true } } : { message: { ...view, hidden: false } });
  return view;
}
