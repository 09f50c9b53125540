// The company mentor signs a week without an account: the supervisor makes
// an expiring, single-use link for one week; the link shows that week's logs
// and nothing else, and signs once. Only the token's hash is stored. The
// signature is written with its time and address, and recorded in the
// tamper-evident operation records.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { ApiError, forbidden, notFound } from '../../http/errors.js';
import { sha256Hex } from '../../sha256-hex.js';
import { displayName } from '../account/index.js';
import { recordOperation } from '../records/index.js';
import { weekRange } from './days.js';
import { logView, requireVisiblePlacement, type LogView, type Viewer } from './service.js';
import { findPlacement, findSignLink, insertSignLink, logsOf, peopleByIds, signWithLink } from './store.js';

/** A mentor has a week to open and sign. */
export const SIGN_LINK_TTL_MS = 7 * 86_400_000;
const LINK_REFUSED = '这个签字链接已失效：它已经用过或已过期，请联系学校的指导教师重新发送';

export async function makeSignLink(
  ctx: ServerContext,
  viewer: Viewer,
  placementId: string,
  week: number,
  origin: string,
): Promise<{ url: string; expiresAt: number }> {
  const p = await requireVisiblePlacement(ctx, viewer, placementId);
  if (viewer.clientType !== '1' || p.supervisor_id !== viewer.id) throw forbidden('只有该实习的校内指导教师可以发送签字链接');
  const { from } = weekRange(p.start_date, week);
  if (from > p.end_date) throw new ApiError(400, '这一周不在实习期内');
  const token = crypto.randomBytes(24).toString('base64url');
  const now = ctx.now();
  const expiresAt = now + SIGN_LINK_TTL_MS;
  await insertSignLink(ctx.db, {
    id: newId(),
    placement_id: p.id,
    week,
    token_hash: sha256Hex(token),
    expires_at: expiresAt,
    created_by: viewer.id,
    created_at: now,
  });
  return { url: `${origin}/placement/sign?token=${token}`, expiresAt };
}

export interface SignWeekView {
  student: string;
  company: string;
  post: string;
  week: number;
  from: string;
  to: string;
  logs: LogView[];
  expiresAt: number;
}

async function usableLink(ctx: ServerContext, token: string) {
  const link = await findSignLink(ctx.db, sha256Hex(token));
  if (!link) throw notFound(LINK_REFUSED);
  if (link.used_at !== null || Number(link.expires_at) <= ctx.now()) throw new ApiError(410, LINK_REFUSED);
  return link;
}

/** What the mentor's page shows: the student, the post and that week's logs, nothing else. */
export async function readSignWeek(ctx: ServerContext, token: string): Promise<SignWeekView> {
  const link = await usableLink(ctx, token);
  const p = await findPlacement(ctx.db, link.placement_id);
  if (!p) throw notFound(LINK_REFUSED);
  const range = weekRange(p.start_date, Number(link.week));
  const [student] = await peopleByIds(ctx.db, [p.student_id]);
  return {
    student: student ? displayName(student) : '',
    company: p.company_name,
    post: p.post,
    week: Number(link.week),
    ...range,
    logs: (await logsOf(ctx.db, p.id, range)).map((l) => logView(p.start_date, l)),
    expiresAt: Number(link.expires_at),
  };
}

export async function signWeek(ctx: ServerContext, request: FastifyRequest, token: string, comment: string): Promise<void> {
  const link = await usableLink(ctx, token);
  const signed = await signWithLink(
    ctx.db,
    { id: link.id, placement_id: link.placement_id, week: Number(link.week) },
    { comment: comment.trim(), ip: request.ip },
    ctx.now(),
  );
  if (!signed) throw new ApiError(410, LINK_REFUSED);
  await recordOperation(ctx, request, {
    action: 'placement-sign',
    objectType: 'placement',
    objectId: link.placement_id,
    summary: `W${link.week}`,
    result: 'success',
  });
}
