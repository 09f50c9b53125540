// Random call among the students present, never someone absent, and not
// the person called just before unless the teacher asks for a repeat (or
// nobody else is there). The teacher marks the answer right, partly right
// or wrong; the marks are in the report.
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { LiveCallMark } from '../../db/tables/live.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../db/ids.js';
import { requireOpen, sessionForTeacher } from './access.js';
import { publish } from './events.js';
import { calls, insertCall, present, setMark } from './store.js';

export async function callStudent(ctx: ServerContext, log: FastifyBaseLogger, user: AuthUser, id: string, options: { allowRepeat?: boolean | undefined }) {
  const s = await sessionForTeacher(ctx, user, id);
  requireOpen(ctx, s);
  const here = await present(ctx.db, s.id);
  if (here.length === 0) throw badRequest('还没有学生签到，无法点名');
  const [last] = await calls(ctx.db, s.id, 1);
  const pool = options.allowRepeat || here.length === 1 ? here : here.filter((p) => p.id !== last?.student.id);
  const chosen = pool[randomInt(pool.length)]!;
  const call = { id: newId(), userId: chosen.id, calledAt: ctx.now() };
  await insertCall(ctx.db, s.id, call);
  const student = { id: chosen.id, name: chosen.name };
  await publish(ctx, log, s.id, 'call', { callId: call.id, student, mark: null });
  return { callId: call.id, student };
}

export async function markCall(ctx: ServerContext, log: FastifyBaseLogger, user: AuthUser, id: string, callId: string, mark: LiveCallMark) {
  const s = await sessionForTeacher(ctx, user, id);
  if (!(await setMark(ctx.db, s.id, callId, mark))) throw notFound('点名记录不存在');
  const call = (await calls(ctx.db, s.id)).find((c) => c.id === callId)!;
  await publish(ctx, log, s.id, 'call', { callId, student: call.student, mark });
  return { callId, student: call.student, mark };
}
