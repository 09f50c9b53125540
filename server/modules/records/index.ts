// Operation records: what other areas call.
//
//   recordOperation(ctx, request, {action, objectType, objectId?, objectName?, summary?, result?, actor?})
//
// Inside a request, the details replace the automatic record of that call
// (written when the reply is sent, with its IP, user agent and — unless
// `result` is given — its success or failure from the HTTP status). Call it
// more than once for a call that does several things (one record each).
// Outside a request (request null: a CLI, a background job) it writes now.
// Every write call is recorded without calling this (hook.ts); call it when
// a better name or summary matters. Never pass a password, token, key or a
// student's chat text in `summary`.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { appenderFor, type NewRecord } from './appender.js';
import type { OperationDetails } from './details.js';
import { fromDetails } from './hook.js';
import { recordSettings } from './settings.js';

export { recordsCommand } from './cli.js';
export { recordSettings } from './settings.js';

export type { OperationDetails } from './details.js';
export { installOperationRecords } from './hook.js';

export async function recordOperation(ctx: ServerContext, request: FastifyRequest | null, details: OperationDetails): Promise<void> {
  if (request?.operationRecords) {
    request.operationRecords.push(details);
    return;
  }
  if (!recordSettings(ctx.config.env).enabled) return;
  const user = request?.user ?? null;
  const base: NewRecord = {
    at: ctx.now(),
    user_id: user?.id ?? null,
    username: user?.username ?? '',
    client_type: user?.clientType ?? null,
    action: details.action,
    object_type: details.objectType,
    object_id: null,
    object_name: null,
    summary: '',
    ip: request?.ip ?? '',
    user_agent: String(request?.headers['user-agent'] ?? '').slice(0, 256),
    result: 'success',
    status: 0,
    method: request?.method ?? '',
    route: request?.routeOptions.url ?? '',
  };
  await appenderFor(ctx.db).append(fromDetails(base, details));
}
