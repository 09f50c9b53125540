// The one mechanism that records every write: an onSend hook (the status is
// final, the reply not yet sent, so a client that saw the answer can find
// its record). It derives who, what and the result from the route
// (catalogue.ts) and the request; a route or service that knows better adds
// details with recordOperation() during the request (index.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { findUserByUsername, normalizeUsername } from '../account/index.js';
import { appenderFor, type NewRecord } from './appender.js';
import { ruleFor, type RouteRecordRule } from './catalogue.js';
import { pruneRecords } from './prune.js';
import { useChainOptions } from './chain-key.js';
import { recordSettings } from './settings.js';
import { labelOf, summarizeBody } from './summary.js';
import { learnFieldTitles } from './readable.js';
import type { OperationDetails } from './details.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Records a route or service asked for during this request (recordOperation); null when recording is off. */
    operationRecords: OperationDetails[] | null;
  }
}

const MAX_REPLY_TO_PARSE = 64 * 1024;
const MAX_USER_AGENT = 256;

function replyData(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string' || payload.length > MAX_REPLY_TO_PARSE || !payload.startsWith('{')) return null;
  try {
    const data = (JSON.parse(payload) as { data?: unknown }).data;
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function idOf(request: FastifyRequest, data: Record<string, unknown> | null): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  for (const value of [params.id, params.courseId, params.slug, params.key, typeof body === 'object' ? body.id : undefined, data?.id]) {
    if (typeof value === 'string' && value) return value.slice(0, 120);
    if (typeof value === 'number') return String(value);
  }
  return null;
}

interface Actor {
  userId: string | null;
  username: string;
  clientType: string | null;
}

async function actorOf(ctx: ServerContext, request: FastifyRequest, rule: RouteRecordRule): Promise<Actor> {
  if (request.user) return { userId: request.user.id, username: request.user.username, clientType: request.user.clientType };
  const typed = (request.body as { username?: unknown } | undefined)?.username;
  if (rule.action === 'login' && typeof typed === 'string') {
    // A sign-in (or a failed one) is recorded as the account it named.
    const username = normalizeUsername(typed).slice(0, 64);
    const user = await findUserByUsername(ctx.db, username).catch(() => undefined);
    return { userId: user?.id ?? null, username, clientType: user?.defaultClientType ?? null };
  }
  return { userId: null, username: '', clientType: null };
}

/** Turns what a call did (and any details asked for) into records. */
async function recordsOf(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, payload: unknown, rule: RouteRecordRule): Promise<NewRecord[]> {
  const data = rule.private ? null : replyData(payload);
  const status = reply.statusCode;
  const base: NewRecord = {
    at: ctx.now(),
    ...(await actorOf(ctx, request, rule).then((a) => ({ user_id: a.userId, username: a.username, client_type: a.clientType }))),
    action: rule.action,
    object_type: rule.objectType,
    object_id: idOf(request, data),
    object_name: rule.private || rule.action === 'login' ? null : (labelOf(data) ?? labelOf(request.body)),
    summary: rule.action === 'login' ? '' : summarizeBody(request.body, !rule.private),
    ip: request.ip ?? '',
    user_agent: String(request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT),
    result: status < 400 ? 'success' : 'failure',
    status,
    method: request.method,
    route: request.routeOptions.url ?? '',
  };
  if (rule.action === 'login') base.object_name = base.username;
  const asked = request.operationRecords ?? [];
  if (asked.length === 0) return [base];
  return asked.map((details) => fromDetails(base, details));
}

/** A record from recordOperation's details, the rest taken from the call. */
export function fromDetails(base: NewRecord, details: OperationDetails): NewRecord {
  const record: NewRecord = {
    ...base,
    ...(details.actor ? { user_id: details.actor.userId, username: details.actor.username, client_type: details.actor.clientType } : {}),
    action: details.action,
    object_type: details.objectType,
    object_id: details.objectId === undefined ? base.object_id : details.objectId,
    object_name: details.objectName === undefined ? base.object_name : details.objectName,
    summary: details.summary === undefined ? base.summary : details.summary.slice(0, 1000),
    result: details.result ?? base.result,
  };
  return details.anonymous ? { ...record, user_id: null, username: '', ip: '', user_agent: '', summary: '' } : record;
}

const DAY_MS = 24 * 3600_000;

/** Retention: prunes once the server is up, then daily. */
function schedulePrune(app: FastifyInstance, ctx: ServerContext, retentionDays: number): void {
  if (retentionDays === 0) return;
  const prune = () => pruneRecords(ctx.db, ctx.now() - retentionDays * DAY_MS, ctx.now());
  const onError = (error: unknown) => app.log.error({ err: error }, 'pruning operation records failed');
  let stop = () => {};
  app.addHook('onReady', async () => {
    // One instance prunes at a time (the first tick at start).
    stop = everyOnOneInstance(ctx.coordination, { name: 'records-prune', everyMs: DAY_MS, firstMs: 0, onError }, prune);
  });
  app.addHook('onClose', async () => stop());
}

export function installOperationRecords(app: FastifyInstance, ctx: ServerContext): void {
  // The titles of every route's body fields name them in a readable summary (readable.ts).
  app.addHook('onRoute', (route) => learnFieldTitles(route.schema));
  const settings = recordSettings(ctx.config.env);
  if (!settings.enabled) return;
  // Keyed with ZX_SECRET_KEY; every new head goes to the log (at info, whatever the log level), outside the database.
  const headLog = app.log.child({}, { level: 'info' });
  for (const db of new Set([ctx.db, ctx.data.db])) useChainOptions(db, ctx.config.env, headLog);
  schedulePrune(app, ctx, settings.retentionDays);
  // Records of the last calls are written before the database closes.
  app.addHook('onClose', async () => appenderFor(ctx.db).idle());
  app.decorateRequest('operationRecords', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.operationRecords = [];
    done();
  });
  // Callback style: most calls are reads that record nothing, and an async
  // hook would cost every one of them a promise on the hot path.
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url;
    const rule = url ? ruleFor(request.method, url, request.routeOptions.config.record) : null;
    if (!url || (!rule && !request.operationRecords?.length)) {
      done(null, payload);
      return;
    }
    recordsOf(ctx, request, reply, payload, rule ?? { action: 'update', objectType: 'unknown' })
      .then((records) => appenderFor(ctx.db).append(...records))
      // The write itself is done; a record that could not be written is logged, not turned into a failed call.
      .catch((error: unknown) => request.log.error({ err: error }, 'operation record not written'))
      .then(() => done(null, payload));
  });
}
